// One item in one language, as the matrix's cell opens it: where it stands (status, the version
// learners see, a scheduled publication in IST), what a translator must look at (the fields whose
// source changed, with the source's change word by word), its history (every version, any two
// compared field by field, any restored), and the actions the person's roles allow, each asking
// first and saying what will change: publish now or at a time, unpublish, submit for review; and
// a link to the preview of the newest version as learners will see it. Editors and admins delete the
// item (off the site in every language, restorable) and restore a deleted one, each confirmed with
// what learners and visitors lose or get back.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ContentKind } from '../../../../contract/content-kinds';
import { describeField } from '../../../../contract/document-fields';
import { LANGUAGES, isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import { plainText } from '../../../../contract/plain-text';
import { useTranslation } from '../../../i18n/react';
import { Dialog } from '../../../components/dialog';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import type { StaffMe } from '../../../../contract/staff';
import {
  useCancelSchedule,
  useDeleteItem,
  useDiff,
  useItem,
  usePublish,
  useRestoreItem,
  useRestoreVersion,
  useStale,
  useSubmit,
  useUnpublish,
  useVersions,
  type ContentItem,
  type FieldChange,
  type LanguageState,
} from '../../../staff-shared/api/content';
import { DialogActions } from '../../../staff-shared/components/dialog-actions';
import { errorText, fieldErrors } from '../../../staff-shared/components/error-text';
import { FieldName } from '../../../staff-shared/components/field-name';
import { TextDiff } from '../../../staff-shared/components/text-diff';
import { StaffTable, hiddenColumn } from '../../../staff-shared/components/staff-table';
import { instantOfStaffTime, staffTime } from '../../../staff-shared/components/staff-time';

const show = (value: FieldChange['before']) => (value === null ? '' : String(value));

const isRich = (kind: ContentKind, path: string) => {
  const { role } = describeField(kind, path);
  return role === 'rich' || role === 'optionalRich';
};
/** A field's text as a person reads it: rich text as its words, not its markup. */
const readable = (kind: ContentKind, path: string, text: string | null) =>
  text !== null && isRich(kind, path) ? plainText(text) : (text ?? '');

/**
 * A comparison of two versions, field by field, each named for a person (the element's list, place
 * and title, the field's name): texts word by word (rich text as its words, not its markup), other
 * values before and after.
 */
export function Changes({ kind, changes, lang }: { kind: ContentKind; changes: FieldChange[]; lang: string }) {
  const { t } = useTranslation('staff');
  if (changes.length === 0) return <p>{t('item.noChanges')}</p>;
  return (
    <StaffTable label={t('item.change')} columns={[t('item.field'), t('item.change')]}>
      {changes.map((change) => {
        const rich = isRich(kind, change.field);
        const text = (value: FieldChange['before']) =>
          rich && typeof value === 'string' ? plainText(value) : show(value);
        return (
          <tr key={change.field}>
            <th scope="row">
              <FieldName kind={kind} path={change.field} element={change.element} />{' '}
              <span className="staff-muted">{t(`item.changeKinds.${change.change}`)}</span>
            </th>
            <td>
              {typeof change.before === 'string' || typeof change.after === 'string' ? (
                <TextDiff before={text(change.before)} after={text(change.after)} lang={lang} />
              ) : (
                `${show(change.before)} → ${show(change.after)}`
              )}
            </td>
          </tr>
        );
      })}
    </StaffTable>
  );
}

type Action = 'publish' | 'schedule' | 'unpublish' | 'submit' | 'cancelSchedule';

function ConfirmAction({
  item,
  state,
  action,
  onClose,
}: {
  item: ContentItem;
  state: LanguageState;
  action: Action;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  const lang = state.lang;
  const publish = usePublish(item.id, lang);
  const unpublish = useUnpublish(item.id, lang);
  const submit = useSubmit(item.id, lang);
  const cancel = useCancelSchedule(item.id, lang);
  const [at, setAt] = useState('');
  const call = { publish, schedule: publish, unpublish, submit, cancelSchedule: cancel }[action];
  // What publishing changes for learners: the published version against the newest.
  const changes = useDiff(
    item.id,
    lang,
    action === 'publish' || action === 'schedule' ? state.publishedVersion : null,
    state.headVersion,
  );
  const language = LANGUAGES[lang].name;
  const go = () => {
    const done = {
      onSuccess: () => (notify({ status: 200, message: t(`item.done.${action}`, { language }) }), onClose()),
    };
    if (action === 'publish') publish.mutate({ version: state.headVersion }, done);
    else if (action === 'schedule') {
      const instant = instantOfStaffTime(at);
      if (instant) publish.mutate({ version: state.headVersion, at: instant }, done);
    } else if (action === 'unpublish') unpublish.mutate(undefined, done);
    else if (action === 'submit') submit.mutate(state.headVersion, done);
    else cancel.mutate(undefined, done);
  };
  const fields = Object.entries(fieldErrors(call.error));
  return (
    <div className="staff-dialog-body">
      <h2>{t(`item.confirm.${action}.title`, { language, title: item.title })}</h2>
      <p>{t(`item.confirm.${action}.text`, { language, version: state.headVersion })}</p>
      {(action === 'publish' || action === 'schedule') &&
        (state.publishedVersion === null ? (
          <p>{t('item.firstPublication')}</p>
        ) : state.publishedVersion === state.headVersion ? (
          <p>{t('item.noChanges')}</p>
        ) : (
          <>
            <h3>{t('item.whatChanges', { from: state.publishedVersion, to: state.headVersion })}</h3>
            <QueryState isPending={changes.isPending} isError={changes.isError} minHeight={40} />
            {changes.data && <Changes kind={item.kind} changes={changes.data} lang={LANGUAGES[lang].bcp47} />}
          </>
        ))}
      {action === 'schedule' && (
        <label className="staff-field">
          {t('item.scheduleAt')}
          <input type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} required />
        </label>
      )}
      {call.isError && (
        <div className="staff-error" role="alert">
          <p>{errorText(call.error)}</p>
          {fields.length > 0 && (
            <ul>
              {fields.map(([field, message]) => (
                <li key={field}>
                  <code>{field}</code>: {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <DialogActions
        action={t(`item.confirm.${action}.action`)}
        busy={call.isPending}
        disabled={action === 'schedule' && !instantOfStaffTime(at)}
        onAction={go}
        onCancel={onClose}
      />
    </div>
  );
}

/** The languages learners and visitors see now (or, for a deleted item, saw when it was deleted). */
const publishedLanguages = (item: ContentItem) =>
  item.languages
    .filter((state) => state.publishedVersion !== null)
    .map((state) => LANGUAGES[state.lang].name)
    .join(', ');

/** Deleting the item or restoring it, for editors and admins: what the site loses or gets back, said first. */
function ConfirmItemAction({
  item,
  action,
  onClose,
}: {
  item: ContentItem;
  action: 'delete' | 'restore';
  onClose: () => void;
}) {
  const { t } = useTranslation('staff');
  const remove = useDeleteItem(item.id);
  const restore = useRestoreItem(item.id);
  const call = action === 'delete' ? remove : restore;
  const title = item.title || item.slug;
  const published = publishedLanguages(item);
  const scheduled = item.languages.some((state) => state.scheduled);
  const go = () =>
    call.mutate(undefined, {
      onSuccess: () => (notify({ status: 200, message: t(`item.${action}Done`, { title }) }), onClose()),
    });
  return (
    <div className="staff-dialog-body">
      <h2>{t(`item.${action}Confirm.title`, { title })}</h2>
      {action === 'delete' ? (
        <>
          <p>{t('item.deleteConfirm.text')}</p>
          <ul>
            <li>
              {published
                ? t(`item.deleteConfirm.loses.${item.kind}`, { languages: published })
                : t('item.deleteConfirm.nothingPublished')}
            </li>
            {scheduled && <li>{t('item.deleteConfirm.scheduled')}</li>}
            <li>{t('item.deleteConfirm.kept')}</li>
          </ul>
          <p>
            {published
              ? t('item.deleteConfirm.restorable', { languages: published })
              : t('item.deleteConfirm.restorableDrafts')}
          </p>
        </>
      ) : (
        <p>{published ? t('item.restoreConfirm.text', { languages: published }) : t('item.restoreConfirm.drafts')}</p>
      )}
      {call.isError && (
        <p className="staff-error" role="alert">
          {errorText(call.error)}
        </p>
      )}
      <DialogActions
        action={t(`item.${action}Confirm.action`)}
        busy={call.isPending}
        danger={action === 'delete'}
        onAction={go}
        onCancel={onClose}
      />
    </div>
  );
}

function History({ item, state, canRestore }: { item: ContentItem; state: LanguageState; canRestore: boolean }) {
  const { t } = useTranslation('staff');
  const lang = state.lang;
  const versions = useVersions(item.id, lang, true);
  const [pair, setPair] = useState<{ from: number | null; to: number | null }>({ from: null, to: null });
  const diff = useDiff(item.id, lang, pair.from, pair.to);
  const restore = useRestoreVersion(item.id, lang);
  const choose = (number: number) =>
    setPair((current) =>
      current.from === null || current.to !== null
        ? { from: number, to: null }
        : { from: Math.min(current.from, number), to: Math.max(current.from, number) },
    );
  return (
    <section className="staff-card" aria-labelledby="history-title">
      <h2 id="history-title">{t('item.history')}</h2>
      <p className="staff-muted">{t('item.historyExplain')}</p>
      <QueryState
        isPending={versions.isPending}
        isError={versions.isError}
        refetch={() => void versions.refetch()}
        minHeight={60}
      />
      {versions.data && (
        <StaffTable
          label={t('item.history')}
          columns={[
            t('item.version'),
            t('item.madeBy'),
            t('item.madeAt'),
            t('item.how'),
            hiddenColumn(t('members.actions')),
          ]}
        >
          {versions.data.map((version) => (
            <tr key={version.number}>
              <th scope="row">
                {version.number}
                {version.published && ' '}
                {version.published && (
                  <span className="staff-badge staff-badge--published">{t('states.published')}</span>
                )}
              </th>
              <td>{version.createdBy?.name ?? t('item.importedBy')}</td>
              <td>{staffTime(version.createdAt)}</td>
              <td>
                {version.restoredFrom
                  ? t('item.restoredFrom', { number: version.restoredFrom })
                  : t(`item.origins.${version.origin}`)}
              </td>
              <td className="staff-row-actions">
                <label className="staff-check">
                  <input
                    type="checkbox"
                    checked={pair.from === version.number || pair.to === version.number}
                    onChange={() => choose(version.number)}
                    aria-label={t('item.compareThis', { number: version.number })}
                  />
                  {t('item.compare')}
                </label>
                {canRestore && version.number !== state.headVersion && (
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={restore.isPending}
                    onClick={() =>
                      restore.mutate(
                        { number: version.number, baseVersion: state.headVersion },
                        {
                          onSuccess: () =>
                            notify({ status: 200, message: t('item.restored', { number: version.number }) }),
                        },
                      )
                    }
                  >
                    {t('item.restore')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      {restore.isError && (
        <p className="staff-error" role="alert">
          {restore.error instanceof ApiError && restore.error.status === 409
            ? t('item.savedMeanwhile')
            : errorText(restore.error)}
        </p>
      )}
      {pair.from !== null && pair.to !== null && (
        <div aria-live="polite">
          <h3>{t('item.comparing', { from: pair.from, to: pair.to })}</h3>
          <QueryState
            isPending={diff.isPending}
            isError={diff.isError}
            refetch={() => void diff.refetch()}
            minHeight={40}
          />
          {diff.data && <Changes kind={item.kind} changes={diff.data} lang={LANGUAGES[lang].bcp47} />}
        </div>
      )}
    </section>
  );
}

function StalePanel({ item, lang }: { item: ContentItem; lang: LanguageCode }) {
  const { t } = useTranslation('staff');
  const stale = useStale(item.id, lang, true);
  const source = LANGUAGES[item.sourceLang];
  if (stale.isPending || stale.isError)
    return (
      <QueryState
        isPending={stale.isPending}
        isError={stale.isError}
        refetch={() => void stale.refetch()}
        minHeight={40}
      />
    );
  if (stale.data.fields.length === 0)
    return <p className="staff-card">{t('item.upToDate', { source: source.name })}</p>;
  return (
    <section className="staff-card" aria-labelledby="stale-title">
      <h2 id="stale-title">{t('item.staleTitle', { count: stale.data.fields.length })}</h2>
      <ul className="staff-stale">
        {stale.data.fields.map((field) => (
          <li key={field.field}>
            <p>
              <FieldName kind={item.kind} path={field.field} element={field.element} />{' '}
              <span className={`staff-badge staff-badge--${field.state}`}>{t(`item.staleStates.${field.state}`)}</span>
            </p>
            {field.state === 'stale' && field.translatedFrom && (
              <p>
                {t('item.sourceChange', { source: source.name, version: field.translatedFrom.version })}{' '}
                <TextDiff
                  before={readable(item.kind, field.field, field.translatedFrom.text)}
                  after={readable(item.kind, field.field, field.source)}
                  lang={source.bcp47}
                />
              </p>
            )}
            {field.state === 'missing' && (
              <p>
                {t('item.sourceNow', { source: source.name })}{' '}
                <span lang={source.bcp47}>{readable(item.kind, field.field, field.source)}</span>
              </p>
            )}
            {field.translation && (
              <p>
                {t('item.translationNow')}{' '}
                <span lang={LANGUAGES[lang].bcp47}>{readable(item.kind, field.field, field.translation)}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ItemLanguagePage({
  me,
  itemId,
  lang: rawLang,
  matrixPath,
  itemPath,
  previewPath,
  editPath,
  translatePath,
  sitePath,
}: {
  me: StaffMe;
  itemId: string;
  lang: string;
  matrixPath: string;
  itemPath: (lang: string) => string;
  /** The preview of this language's newest version. */
  previewPath: string;
  /** The editor of the item in a language. */
  editPath?: (lang: string) => string;
  /** The translation view of the item in a language (not its source). */
  translatePath?: (lang: string) => string;
  /** Where a published item of a kind with its own page is on the site, by its address name (/blogs/atm-safety). */
  sitePath?: (kind: ContentKind, slug: string) => string | null;
}) {
  const { t } = useTranslation('staff');
  const item = useItem(itemId);
  const [action, setAction] = useState<Action | null>(null);
  const [itemAction, setItemAction] = useState<'delete' | 'restore' | null>(null);
  const lang = isLanguageCode(rawLang) ? rawLang : null;
  const state = useMemo(() => item.data?.languages.find((l) => l.lang === lang), [item.data, lang]);

  if (!lang)
    return (
      <p className="staff-card" role="alert">
        {t('item.unknownLanguage')}
      </p>
    );
  if (item.isPending || item.isError) {
    if (item.error instanceof ApiError && (item.error.status === 404 || item.error.status === 400)) {
      return (
        <p className="staff-card" role="alert">
          {t('item.notFound')} <Link to={matrixPath}>{t('item.backToMatrix')}</Link>
        </p>
      );
    }
    return <QueryState isPending={item.isPending} isError={item.isError} refetch={() => void item.refetch()} />;
  }
  const editor = me.roles.includes('admin') || me.roles.includes('editor');
  const translatesHere = me.roles.includes('translator') && me.languages.includes(lang);
  const language = LANGUAGES[lang];
  const isSource = lang === item.data.sourceLang;
  const deleted = item.data.deletedAt !== null;
  const onSite = deleted ? null : (sitePath?.(item.data.kind, item.data.slug) ?? null);
  // A deleted item is read, previewed and restored; nothing else is written to it (the server refuses).
  const writes = !deleted;
  // A translation is written beside its source (a translator's first choice), or in the kind's editor.
  const translate =
    translatePath &&
    !isSource &&
    writes &&
    (editor || translatesHere) &&
    item.data.languages.some((l) => l.lang === item.data.sourceLang) ? (
      <Link className={translatesHere ? 'btn' : 'btn btn--ghost'} to={translatePath(lang)}>
        {t('item.translate', { language: language.name, source: LANGUAGES[item.data.sourceLang].name })}
      </Link>
    ) : null;
  // Editors write in every language, translators in theirs.
  const edit =
    editPath && writes && (editor || translatesHere) ? (
      <Link className="btn" to={editPath(lang)}>
        {state ? t('item.edit', { language: language.name }) : t('item.startWriting', { language: language.name })}
      </Link>
    ) : null;
  return (
    <article aria-labelledby="item-title">
      <p>
        <Link to={matrixPath}>← {t('item.backToMatrix')}</Link>
      </p>
      <h1 id="item-title">
        <span lang={LANGUAGES[item.data.sourceLang].bcp47}>{item.data.title || item.data.slug}</span>{' '}
        <span className="staff-muted">
          {t(`kinds.${item.data.kind}`)} · {language.name}
        </span>
      </h1>
      {onSite && state?.publishedVersion != null && (
        <p>
          {t('item.onSite')} <a href={onSite}>{onSite}</a>
        </p>
      )}
      <nav aria-label={t('item.languages')}>
        <ul className="staff-nav staff-nav--languages">
          {item.data.languages.map((other) => (
            <li key={other.lang}>
              <Link to={itemPath(other.lang)} aria-current={other.lang === lang ? 'page' : undefined}>
                {LANGUAGES[other.lang].name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {item.data.deletedAt && (
        <div className="staff-warning staff-deleted-note" role="status">
          <p>{t('item.deleted', { at: staffTime(item.data.deletedAt) })}</p>
          {editor && (
            <button type="button" className="btn" onClick={() => setItemAction('restore')}>
              {t('item.restoreItem')}
            </button>
          )}
        </div>
      )}
      {!state ? (
        <div className="staff-card">
          <p>{t('item.notStarted', { language: language.name })}</p>
          <div className="staff-actions">
            {translate}
            {edit}
          </div>
        </div>
      ) : (
        <>
          <dl className="staff-facts staff-card">
            <dt>{t('item.status')}</dt>
            <dd>{t(`item.statuses.${state.status}`)}</dd>
            <dt>{t('item.newest')}</dt>
            <dd>{t('item.versionNumber', { number: state.headVersion })}</dd>
            <dt>{t('item.learnersSee')}</dt>
            <dd>
              {state.publishedVersion === null
                ? t('item.nothingPublished')
                : t('item.publishedVersion', {
                    number: state.publishedVersion,
                    at: state.publishedAt ? staffTime(state.publishedAt) : '',
                  })}
            </dd>
            {state.scheduled && (
              <>
                <dt>{t('item.scheduled')}</dt>
                <dd>
                  {t('item.scheduledFor', { number: state.scheduled.version, at: staffTime(state.scheduled.at) })}
                </dd>
              </>
            )}
          </dl>
          <div className="staff-actions">
            {translate}
            {edit}
            {(editor || translatesHere) && (
              <Link className="btn btn--ghost" to={previewPath}>
                {t('item.preview', { number: state.headVersion })}
              </Link>
            )}
            {writes && editor && state.publishedVersion !== state.headVersion && (
              <button type="button" className="btn" onClick={() => setAction('publish')}>
                {t('item.publish', { language: language.name })}
              </button>
            )}
            {writes && editor && (
              <button type="button" className="btn btn--ghost" onClick={() => setAction('schedule')}>
                {t('item.schedule')}
              </button>
            )}
            {writes && editor && state.scheduled && (
              <button type="button" className="btn btn--ghost" onClick={() => setAction('cancelSchedule')}>
                {t('item.cancelSchedule')}
              </button>
            )}
            {writes && editor && state.publishedVersion !== null && (
              <button type="button" className="btn btn--ghost" onClick={() => setAction('unpublish')}>
                {t('item.unpublish', { language: language.name })}
              </button>
            )}
            {writes && translatesHere && !isSource && state.status === 'draft' && (
              <button type="button" className="btn" onClick={() => setAction('submit')}>
                {t('item.submit')}
              </button>
            )}
          </div>
          {!isSource && <StalePanel item={item.data} lang={lang} />}
          <History item={item.data} state={state} canRestore={writes && (editor || translatesHere)} />
          <Dialog
            className="staff-dialog"
            open={action !== null}
            onClose={() => setAction(null)}
            label={action ? t(`item.confirm.${action}.title`, { language: language.name, title: item.data.title }) : ''}
          >
            {action && <ConfirmAction item={item.data} state={state} action={action} onClose={() => setAction(null)} />}
          </Dialog>
        </>
      )}
      {editor && writes && (
        <section className="staff-card staff-card--danger" aria-labelledby="delete-title">
          <h2 id="delete-title">{t('item.deleteTitle')}</h2>
          <p>{t('item.deleteExplain')}</p>
          <button type="button" className="btn staff-danger" onClick={() => setItemAction('delete')}>
            {t('item.deleteItem')}
          </button>
        </section>
      )}
      {editor && (
        <Dialog
          className="staff-dialog"
          open={itemAction !== null}
          onClose={() => setItemAction(null)}
          label={itemAction ? t(`item.${itemAction}Confirm.title`, { title: item.data.title || item.data.slug }) : ''}
        >
          {itemAction && <ConfirmItemAction item={item.data} action={itemAction} onClose={() => setItemAction(null)} />}
        </Dialog>
      )}
    </article>
  );
}
