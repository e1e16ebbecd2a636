// The audit log, for admins: every staff change, newest first, filtered by who, what kind of thing,
// which action and when (in IST: staff-time.ts); each entry opens to the change itself (before and
// after).
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CONTENT_KINDS, isContentKind } from '../../../../contract/content-kinds';
import type { StaffMemberSummary } from '../../../../contract/staff';
import { useTranslation } from '../../../i18n/react';
import { QueryState } from '../../../components/query-state';
import { useAudit, useMembers, type AuditFilters } from '../api/people';
import { StaffTable } from '../../../staff-shared/components/staff-table';
import { instantOfStaffTime, staffTime } from '../../../staff-shared/components/staff-time';

/** The kinds of thing staff change: each kind of content, stored files, staff accounts. */
const ENTITY_KINDS = [...CONTENT_KINDS, 'media', 'staff-member'] as const;

function Change({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('staff');
  const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));
  return (
    <details>
      <summary>{t('audit.change')}</summary>
      <div className="staff-change">
        <div>
          <h3>{t('audit.before')}</h3>
          <pre>{show(before)}</pre>
        </div>
        <div>
          <h3>{t('audit.after')}</h3>
          <pre>{show(after)}</pre>
        </div>
      </div>
    </details>
  );
}

export interface AuditLogPaths {
  /** An item's page in a language. */
  item: (itemId: string, lang: string) => string;
  /** A stored file's page. */
  mediaFile: (fileId: string) => string;
}

/**
 * What an entry changed, for a person: its kind, and the thing itself to open (an item in the entry's
 * language, a stored file) or, for a staff account, the person's name. The id stays beside it, as
 * the record has it (a deleted item's page still opens; a file deleted since does not).
 */
function EntityCell({
  kind,
  id,
  lang,
  members,
  paths,
}: {
  kind: string;
  id: string;
  lang: string | null;
  members: StaffMemberSummary[] | undefined;
  paths: AuditLogPaths;
}) {
  const { t } = useTranslation('staff');
  const label = (ENTITY_KINDS as readonly string[]).includes(kind) ? t(`kinds.${kind}`) : kind;
  const member = kind === 'staff-member' ? members?.find((m) => m.userId === id) : undefined;
  const to = isContentKind(kind) ? paths.item(id, lang ?? 'en') : kind === 'media' ? paths.mediaFile(id) : undefined;
  return (
    <>
      {to ? <Link to={to}>{label}</Link> : label}
      {member && <> {member.name}</>} <span className="staff-muted">{id}</span>
    </>
  );
}

export function AuditLogPage({ paths }: { paths: AuditLogPaths }) {
  const { t } = useTranslation('staff');
  const id = useId();
  const members = useMembers();
  const [draft, setDraft] = useState({ actor: '', entityKind: '', action: '', from: '', to: '' });
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useAudit(filters);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const from = instantOfStaffTime(draft.from);
    const to = instantOfStaffTime(draft.to);
    setFilters({
      ...(draft.actor ? { actor: draft.actor } : {}),
      ...(draft.entityKind ? { entityKind: draft.entityKind } : {}),
      ...(draft.action.trim() ? { action: draft.action.trim() } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
  };
  const rows = audit.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <form className="staff-filters" onSubmit={apply}>
        <label>
          {t('audit.who')}
          <select value={draft.actor} onChange={(event) => setDraft({ ...draft, actor: event.target.value })}>
            <option value="">{t('audit.anyone')}</option>
            {(members.data ?? []).map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.what')}
          <select value={draft.entityKind} onChange={(event) => setDraft({ ...draft, entityKind: event.target.value })}>
            <option value="">{t('audit.anything')}</option>
            {ENTITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.action')}
          <input
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            placeholder="content.publish"
          />
        </label>
        <label htmlFor={`${id}-from`}>
          {t('audit.from')}
          <input
            id={`${id}-from`}
            type="datetime-local"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </label>
        <label htmlFor={`${id}-to`}>
          {t('audit.to')}
          <input
            id={`${id}-to`}
            type="datetime-local"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </label>
        <button type="submit" className="btn">
          {t('audit.apply')}
        </button>
      </form>
      <QueryState isPending={audit.isPending} isError={audit.isError} refetch={() => void audit.refetch()} />
      {audit.data && rows.length === 0 && <p role="status">{t('audit.none')}</p>}
      {rows.length > 0 && (
        <StaffTable
          label={t('audit.title')}
          columns={[
            t('audit.when'),
            t('audit.who'),
            t('audit.action'),
            t('audit.what'),
            t('audit.language'),
            t('audit.address'),
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <time dateTime={row.at}>{staffTime(row.at, 'seconds')}</time>
              </td>
              <td>{row.actor.name}</td>
              <td>
                <code>{row.action}</code>
                <Change before={row.before} after={row.after} />
              </td>
              <td>
                <EntityCell
                  kind={row.entityKind}
                  id={row.entityId}
                  lang={row.lang}
                  members={members.data}
                  paths={paths}
                />
              </td>
              <td>{row.lang ?? '—'}</td>
              <td>{row.address ?? '—'}</td>
            </tr>
          ))}
        </StaffTable>
      )}
      {audit.hasNextPage && (
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => void audit.fetchNextPage()}
          disabled={audit.isFetchingNextPage}
          aria-busy={audit.isFetchingNextPage || undefined}
        >
          {audit.isFetchingNextPage ? t('status.loading') : t('audit.older')}
        </button>
      )}
    </section>
  );
}
