// The console's home: every course, blog, story, gallery title and banner item in rows, and every
// event quiz (its name, terms and pool are translated and reviewed as content is, ADR 45), the ten
// languages in columns, each cell's state in words and colour (missing, draft, in review, published,
// stale), filtered by kind, language and state ("stale in Tamil", "missing in Odia"). A translator
// sees their own languages first. Each cell opens the item, or the event's translation view, in that
// language. Editors and admins start a new item here (new-item.tsx) and find the deleted items below
// the matrix, each opening its page, where it is restored.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { CONTENT_KINDS, type ContentKind } from '../../../../contract/content-kinds';
import { LANGUAGES, LANGUAGE_CODES, type LanguageCode } from '../../../../contract/languages';
import { useTranslation } from '../../../i18n/react';
import { Dialog } from '../../../components/dialog';
import { QueryState } from '../../../components/query-state';
import { useDeletedItems } from '../../../staff-shared/api/content';
import { eventName, languageBadge, useEvents, type StaffEvent } from '../../../staff-shared/api/events';
import type { StaffMe } from '../../../../contract/staff';
import { useTranslationMatrix, type MatrixCell, type MatrixItem } from '../api/matrix';
import { NewItemForm } from './new-item';
import { StaffTable } from '../../../staff-shared/components/staff-table';
import { staffTime } from '../../../staff-shared/components/staff-time';

/** What a cell shows: its status, or stale when the source changed under a translation. */
export type CellState = 'missing' | 'draft' | 'review' | 'published' | 'stale';
export const CELL_STATES: readonly CellState[] = ['missing', 'draft', 'review', 'published', 'stale'];

export function cellState(cell: MatrixCell, item: MatrixItem): CellState {
  if (cell.lang !== item.sourceLang && cell.status !== 'missing' && cell.stale > 0) return 'stale';
  if (cell.status === 'missing') return 'missing';
  if (cell.status === 'in_review') return 'review';
  if (cell.status === 'published') return 'published';
  return 'draft';
}

/** An item's row heading: its title in its source language (a link where given), its kind and address name. */
function ItemName({ item, to }: { item: Pick<MatrixItem, 'kind' | 'slug' | 'title' | 'sourceLang'>; to?: string }) {
  const { t } = useTranslation('staff');
  const name = item.title || item.slug;
  const lang = LANGUAGES[item.sourceLang].bcp47;
  return (
    <>
      {to ? (
        <Link className="staff-item-title" to={to} lang={lang}>
          {name}
        </Link>
      ) : (
        <span className="staff-item-title" lang={lang}>
          {name}
        </span>
      )}
      <span className="staff-muted">
        {t(`kinds.${item.kind}`)} · {item.slug}
      </span>
    </>
  );
}

/** The deleted items, read when the person opens the list: each opens its page in its source language. */
function DeletedItems({ itemPath }: { itemPath: (itemId: string, lang: string) => string }) {
  const { t } = useTranslation('staff');
  const [open, setOpen] = useState(false);
  const deleted = useDeletedItems(open);
  return (
    <details className="staff-card staff-deleted" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('matrix.deleted.title')}</summary>
      <p className="staff-muted">{t('matrix.deleted.explain')}</p>
      {open && (
        <QueryState
          isPending={deleted.isPending}
          isError={deleted.isError}
          refetch={() => void deleted.refetch()}
          minHeight={40}
        />
      )}
      {deleted.data &&
        (deleted.data.items.length === 0 ? (
          <p>{t('matrix.deleted.none')}</p>
        ) : (
          <StaffTable label={t('matrix.deleted.title')} columns={[t('matrix.item'), t('matrix.deleted.when')]}>
            {deleted.data.items.map((item) => (
              <tr key={item.id}>
                <th scope="row">
                  <ItemName item={item} to={itemPath(item.id, item.sourceLang)} />
                </th>
                <td>{item.deletedAt ? staffTime(item.deletedAt) : ''}</td>
              </tr>
            ))}
          </StaffTable>
        ))}
      {deleted.data && deleted.data.total > deleted.data.items.length && (
        <p className="staff-muted">
          {t('matrix.deleted.more', { count: deleted.data.total - deleted.data.items.length })}
        </p>
      )}
    </details>
  );
}

/** The language filter's "Any language", in the address: a translator's own language is the default. */
const ANY = 'any';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/** The matrix's rows are content of a kind, or events. */
type MatrixKind = ContentKind | 'event';
const MATRIX_KINDS: readonly MatrixKind[] = [...CONTENT_KINDS, 'event'];

/**
 * The matrix's filters, kept in the address (?kind=&state=&lang=): back from an item, a reload or a
 * shared link finds them as they were. A translator of one language starts at it.
 */
function useMatrixFilters(me: StaffMe) {
  const [params, setParams] = useSearchParams();
  const own = me.languages.length === 1 ? me.languages[0]! : '';
  const asked = params.get('lang');
  return {
    kind: oneOf<MatrixKind>(MATRIX_KINDS, params.get('kind')),
    state: oneOf<CellState>(CELL_STATES, params.get('state')),
    lang: asked === ANY ? '' : oneOf<LanguageCode>(LANGUAGE_CODES, asked) || own,
    setFilter(name: 'kind' | 'state' | 'lang', value: string) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
    },
  };
}

/** An event's row: each language's cell opens the event's translation view in it. */
function EventRow({
  event,
  languages,
  dimmed,
  eventPath,
}: {
  event: StaffEvent;
  languages: readonly LanguageCode[];
  dimmed: (code: LanguageCode) => string | undefined;
  eventPath: (eventId: string, lang: string) => string;
}) {
  const { t } = useTranslation('staff');
  const name = eventName(event);
  return (
    <tr>
      <th scope="row">
        <span className="staff-item-title" lang={LANGUAGES.en.bcp47}>
          {name}
        </span>
        <span className="staff-muted">
          {t('kinds.event')} · {event.key}
        </span>
      </th>
      {languages.map((code) => {
        const cell = event.translation[code];
        const s = languageBadge(cell, code);
        return (
          <td key={code} className={dimmed(code) ? 'staff-cell staff-dim' : 'staff-cell'}>
            <Link
              className="staff-cell-link"
              to={eventPath(event.id, code)}
              aria-label={`${name}, ${LANGUAGES[code].name}: ${t(`states.${s}`)}`}
            >
              <span className={`staff-badge staff-badge--${s}`}>{t(`states.${s}`)}</span>
            </Link>
            {code === 'en' && <span className="staff-cell-note">{t('matrix.source')}</span>}
            {s === 'stale' && (
              <span className="staff-cell-note">{t('matrix.staleFields', { count: cell!.stale })}</span>
            )}
            {cell && cell.missing > 0 && cell.status !== 'missing' && (
              <span className="staff-cell-note">{t('matrix.emptyFields', { count: cell.missing })}</span>
            )}
            {cell?.live && (cell.status === 'draft' || cell.status === 'in_review') && (
              <span className="staff-cell-note">{t('matrix.live')}</span>
            )}
          </td>
        );
      })}
    </tr>
  );
}

export function TranslationMatrixPage({
  me,
  itemPath,
  eventPath,
}: {
  me: StaffMe;
  itemPath: (itemId: string, lang: string) => string;
  eventPath: (eventId: string, lang: string) => string;
}) {
  const { t } = useTranslation('staff');
  const editor = me.roles.includes('admin') || me.roles.includes('editor');
  const [creating, setCreating] = useState(false);
  const { kind, state, lang, setFilter } = useMatrixFilters(me);
  const matrix = useTranslationMatrix(kind && kind !== 'event' ? kind : undefined);
  const events = useEvents();

  // A translator's own languages come first, then the others in the platform's order.
  const languages = useMemo(() => {
    const all = matrix.data?.languages ?? [];
    const own = all.filter((code) => me.languages.includes(code));
    return [...own, ...all.filter((code) => !own.includes(code))];
  }, [matrix.data, me.languages]);

  /** A column the language filter does not name is shown dimmed. */
  const dimmed = (code: LanguageCode) => (lang && lang !== code ? 'staff-dim' : undefined);

  const rows = useMemo(() => {
    const items = kind === 'event' ? [] : (matrix.data?.items ?? []);
    if (!state) return items;
    return items.filter((item) =>
      item.cells.some((cell) => (!lang || cell.lang === lang) && cellState(cell, item) === state),
    );
  }, [matrix.data, kind, lang, state]);

  const eventRows = useMemo(() => {
    const all = kind && kind !== 'event' ? [] : (events.data ?? []);
    if (!state) return all;
    return all.filter((event) =>
      LANGUAGE_CODES.some((code) => (!lang || code === lang) && languageBadge(event.translation[code], code) === state),
    );
  }, [events.data, kind, lang, state]);

  return (
    <section aria-labelledby="matrix-title">
      <div className="staff-heading-row">
        <h1 id="matrix-title">{t('matrix.title')}</h1>
        {editor && (
          <button type="button" className="btn" onClick={() => setCreating(true)}>
            {t('newItem.open')}
          </button>
        )}
      </div>
      <p className="staff-muted">{t('matrix.explain')}</p>
      {editor && (
        <Dialog
          className="staff-dialog"
          open={creating}
          onClose={() => setCreating(false)}
          label={t('newItem.heading')}
        >
          <NewItemForm
            initialKind={kind && kind !== 'event' ? kind : undefined}
            itemPath={itemPath}
            onClose={() => setCreating(false)}
          />
        </Dialog>
      )}
      <form className="staff-filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('matrix.kind')}
          <select value={kind} onChange={(event) => setFilter('kind', event.target.value)}>
            <option value="">{t('matrix.allKinds')}</option>
            {MATRIX_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('matrix.state')}
          <select value={state} onChange={(event) => setFilter('state', event.target.value)}>
            <option value="">{t('matrix.anyState')}</option>
            {CELL_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('matrix.language')}
          <select value={lang || ANY} onChange={(event) => setFilter('lang', event.target.value)}>
            <option value={ANY}>{t('matrix.anyLanguage')}</option>
            {LANGUAGE_CODES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGES[code].name}
              </option>
            ))}
          </select>
        </label>
      </form>
      <QueryState isPending={matrix.isPending} isError={matrix.isError} refetch={() => void matrix.refetch()} />
      {matrix.data && (
        <>
          <p className="staff-muted" role="status">
            {t('matrix.count', { count: rows.length + eventRows.length })}
          </p>
          {rows.length + eventRows.length > 0 && (
            <StaffTable
              label={t('matrix.title')}
              className="staff-matrix"
              columns={[
                t('matrix.item'),
                ...languages.map((code) => ({
                  className: dimmed(code),
                  label: (
                    <>
                      <abbr title={LANGUAGES[code].name}>{code}</abbr>
                      <span className="staff-native" lang={LANGUAGES[code].bcp47}>
                        {LANGUAGES[code].nativeName}
                      </span>
                    </>
                  ),
                })),
              ]}
            >
              {rows.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <ItemName item={item} />
                  </th>
                  {languages.map((code) => {
                    const cell = item.cells.find((c) => c.lang === code)!;
                    const s = cellState(cell, item);
                    return (
                      <td key={code} className={dimmed(code) ? 'staff-cell staff-dim' : 'staff-cell'}>
                        <Link
                          className="staff-cell-link"
                          to={itemPath(item.id, code)}
                          aria-label={`${item.title || item.slug}, ${LANGUAGES[code].name}: ${t(`states.${s}`)}`}
                        >
                          <span className={`staff-badge staff-badge--${s}`}>{t(`states.${s}`)}</span>
                        </Link>
                        {code === item.sourceLang && <span className="staff-cell-note">{t('matrix.source')}</span>}
                        {s === 'stale' && (
                          <span className="staff-cell-note">{t('matrix.staleFields', { count: cell.stale })}</span>
                        )}
                        {cell.missing > 0 && cell.status !== 'missing' && (
                          <span className="staff-cell-note">{t('matrix.emptyFields', { count: cell.missing })}</span>
                        )}
                        {cell.live && s !== 'published' && <span className="staff-cell-note">{t('matrix.live')}</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
              {eventRows.map((event) => (
                <EventRow key={event.id} event={event} languages={languages} dimmed={dimmed} eventPath={eventPath} />
              ))}
            </StaffTable>
          )}
        </>
      )}
      {editor && <DeletedItems itemPath={itemPath} />}
    </section>
  );
}
