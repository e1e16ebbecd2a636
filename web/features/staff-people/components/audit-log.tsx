// The audit log, for admins: every staff change, newest first, filtered by who, what kind of thing,
// which action (picked from the list, named in words) and when (in IST: staff-time.ts). Each entry
// names what it changed (an item by its title, a file by its name, a person) and opens to the change
// itself, line by line in words: fields named as the item page names them, texts compared word by
// word, times in IST.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTIONS, isAuditAction, type AuditAction } from '../../../../contract/audit-actions';
import { CONTENT_KINDS, isContentKind } from '../../../../contract/content-kinds';
import { elementAddress, type ElementName } from '../../../../contract/document-fields';
import { LANGUAGES, isLanguageCode } from '../../../../contract/languages';
import { plainText } from '../../../../contract/plain-text';
import type { StaffMemberSummary } from '../../../../contract/staff';
import { useTranslation } from '../../../i18n/react';
import { QueryState } from '../../../components/query-state';
import { useAudit, useMembers, type AuditFilters } from '../api/people';
import { FieldName } from '../../../staff-shared/components/field-name';
import { StaffTable } from '../../../staff-shared/components/staff-table';
import { TextDiff } from '../../../staff-shared/components/text-diff';
import { instantOfStaffTime, staffTime } from '../../../staff-shared/components/staff-time';

/** The kinds of thing staff change: each kind of content, stored files, staff accounts. */
const ENTITY_KINDS = [...CONTENT_KINDS, 'media', 'staff-member'] as const;

type Fields = Partial<{ [key: string]: unknown }>;
const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One line of a change: what it is and its value before and after. */
interface ChangeLine {
  key: string;
  label: ReactNode;
  before: unknown;
  after: unknown;
}

/**
 * The lines of a change: a content save by field, each named as the item page names it (the
 * element's place and title, from the record); anything else by its keys, nested ones joined
 * (scheduled at), only those that differ.
 */
function changeLines(kind: string, before: unknown, after: unknown, label: (key: string) => string): ChangeLine[] {
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  if (isContentKind(kind) && (isRecord(was.fields) || isRecord(now.fields))) {
    const fieldsBefore = isRecord(was.fields) ? was.fields : {};
    const fieldsAfter = isRecord(now.fields) ? now.fields : {};
    const elements = (isRecord(now.elements) ? now.elements : {}) as Partial<{ [address: string]: ElementName }>;
    const paths = [...new Set([...Object.keys(fieldsAfter), ...Object.keys(fieldsBefore)])];
    return [
      { key: 'version', label: label('version'), before: was.version, after: now.version },
      ...paths.map((path) => {
        const address = elementAddress(path);
        return {
          key: path,
          label: <FieldName kind={kind} path={path} element={(address && elements[address]) || null} />,
          before: fieldsBefore[path],
          after: fieldsAfter[path],
        };
      }),
    ];
  }
  const flat = (record: Fields, prefix = ''): [string, unknown][] =>
    Object.entries(record).flatMap(([key, value]) =>
      isRecord(value) && Object.keys(value).length > 0 && !prefix
        ? flat(value, `${key}.`)
        : [[`${prefix}${key}`, value]],
    );
  const left = new Map(flat(was));
  const right = new Map(flat(now));
  return [...new Set([...left.keys(), ...right.keys()])]
    .filter((key) => JSON.stringify(left.get(key)) !== JSON.stringify(right.get(key)))
    .map((key) => ({
      key,
      label: key
        .split('.')
        .map((part) => label(part))
        .join(' · '),
      before: left.get(key),
      after: right.get(key),
    }));
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MARKUP = /<\/?[a-z][^>]*>/i;

/** A recorded value as words: a time in IST, rich text as its words, a list joined, yes or no. */
function useShowValue(): (value: unknown) => string {
  const { t } = useTranslation('staff');
  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
    if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : '—';
    if (typeof value === 'string') {
      if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return staffTime(value, 'seconds');
      return MARKUP.test(value) ? plainText(value) : value;
    }
    if (isRecord(value))
      return Object.entries(value)
        .map(([key, inner]) => `${t(`audit.fields.${key}`, { defaultValue: key })}: ${show(inner)}`)
        .join('; ');
    return String(value);
  };
  return show;
}

/** A text long enough to be compared word by word rather than shown twice. */
const isProse = (before: unknown, after: unknown) =>
  typeof before === 'string' &&
  typeof after === 'string' &&
  !ISO_INSTANT.test(after) &&
  Math.max(before.length, after.length) > 40;

/**
 * What an entry changed, line by line in words: "Published version: 1 → 2", texts compared word by
 * word. A list, not a table, so the log's own columns keep their width on a tablet.
 */
function Change({ kind, before, after }: { kind: string; before: unknown; after: unknown }) {
  const { t } = useTranslation('staff');
  const show = useShowValue();
  const lines = changeLines(kind, before, after, (key) => t(`audit.fields.${key}`, { defaultValue: key }));
  if (lines.length === 0) return null;
  return (
    <details className="staff-audit-change">
      <summary>{t('audit.change')}</summary>
      <ul>
        {lines.map((line) => (
          <li key={line.key}>
            <strong>{line.label}:</strong>{' '}
            {isProse(line.before, line.after) ? (
              <TextDiff before={show(line.before)} after={show(line.after)} lang="en" />
            ) : (
              `${show(line.before)} → ${show(line.after)}`
            )}
          </li>
        ))}
      </ul>
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
  title,
  lang,
  members,
  paths,
}: {
  kind: string;
  id: string;
  title: string | null;
  lang: string | null;
  members: StaffMemberSummary[] | undefined;
  paths: AuditLogPaths;
}) {
  const { t } = useTranslation('staff');
  const label = (ENTITY_KINDS as readonly string[]).includes(kind) ? t(`kinds.${kind}`) : kind;
  const member = kind === 'staff-member' ? members?.find((m) => m.userId === id) : undefined;
  const name = title ?? member?.name ?? (kind === 'analytics' ? id : null);
  const to = isContentKind(kind) ? paths.item(id, lang ?? 'en') : kind === 'media' ? paths.mediaFile(id) : undefined;
  const shown = name ?? t('audit.gone');
  return (
    <span title={id}>
      {to ? <Link to={to}>{shown}</Link> : shown} <span className="staff-muted">{label}</span>
    </span>
  );
}

export function AuditLogPage({ paths }: { paths: AuditLogPaths }) {
  const { t } = useTranslation('staff');
  const id = useId();
  const members = useMembers();
  const [draft, setDraft] = useState<{
    actor: string;
    entityKind: string;
    action: AuditAction | '';
    from: string;
    to: string;
  }>({ actor: '', entityKind: '', action: '', from: '', to: '' });
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useAudit(filters);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const from = instantOfStaffTime(draft.from);
    const to = instantOfStaffTime(draft.to);
    setFilters({
      ...(draft.actor ? { actor: draft.actor } : {}),
      ...(draft.entityKind ? { entityKind: draft.entityKind } : {}),
      ...(draft.action ? { action: draft.action } : {}),
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
          <select
            value={draft.action}
            onChange={(event) =>
              setDraft({ ...draft, action: isAuditAction(event.target.value) ? event.target.value : '' })
            }
          >
            <option value="">{t('audit.anyAction')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </select>
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
                <span title={row.action}>{t(`audit.actions.${row.action}`, { defaultValue: row.action })}</span>
                <Change kind={row.entityKind} before={row.before} after={row.after} />
              </td>
              <td>
                <EntityCell
                  kind={row.entityKind}
                  id={row.entityId}
                  title={row.title}
                  lang={row.lang}
                  members={members.data}
                  paths={paths}
                />
              </td>
              <td>{row.lang && isLanguageCode(row.lang) ? LANGUAGES[row.lang].name : (row.lang ?? '—')}</td>
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
