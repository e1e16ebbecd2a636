// When someone else saved the document while this person was writing: the two editions side by side,
// field by field (theirs as saved, and this person's), and the choice. Keeping theirs drops this
// person's changes and carries on from their version; saving mine makes this person's the newest
// version, and theirs stays in the history, restorable.
import type { LanguageHead } from '../../api/content';
import type { AnyDocument } from '../../../../contract/authoring';
import type { ContentKind } from '../../../../contract/content-kinds';
import { plainText } from '../../../../contract/plain-text';
import { useTranslation } from '../../../i18n/react';
import { StaffTable } from '../staff-table';
import { TextDiff } from '../text-diff';
import { staffTime } from '../staff-time';
import { conflictRows, type ConflictRow } from './document-draft';

function shown(row: ConflictRow, value: ConflictRow['mine']): string {
  if (value === null) return '';
  if (typeof value === 'string' && row.rich) return plainText(value);
  return String(value);
}

export interface ConflictViewProps {
  kind: ContentKind;
  /** The version saved meanwhile. */
  theirs: LanguageHead;
  /** This person's draft (document-draft.ts). */
  mine: unknown;
  lang: string;
  busy: boolean;
  onKeepTheirs: () => void;
  onSaveMine: () => void;
}

export function ConflictView({ kind, theirs, mine, lang, busy, onKeepTheirs, onSaveMine }: ConflictViewProps) {
  const { t } = useTranslation('staff');
  const rows = conflictRows(kind, theirs.body as AnyDocument, mine);
  const who = theirs.version.createdBy?.name ?? t('item.importedBy');
  const where = (row: ConflictRow) =>
    row.element
      ? `${t(`editor.lists.${row.element.list}`, { defaultValue: row.element.list })} “${row.element.title || t('editor.untitled')}”`
      : t(`kinds.${kind}`);
  return (
    <div className="staff-dialog-body">
      <h2>{t('editor.conflict.title')}</h2>
      <p>
        {t('editor.conflict.text', { who, version: theirs.version.number, at: staffTime(theirs.version.createdAt) })}
      </p>
      {rows.length === 0 ? (
        <p>{t('editor.conflict.same')}</p>
      ) : (
        <StaffTable
          label={t('editor.conflict.table')}
          columns={[t('item.field'), t('editor.conflict.theirs', { who }), t('editor.conflict.mine')]}
          className="ce-conflict"
        >
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row">
                {where(row)}{' '}
                <span className="staff-muted">· {t(`editor.fields.${row.name}`, { defaultValue: row.name })}</span>{' '}
                <span className="staff-muted">
                  (
                  {t(
                    `item.changeKinds.${row.change === 'added' ? 'added' : row.change === 'removed' ? 'removed' : 'changed'}`,
                  )}
                  )
                </span>
              </th>
              <td lang={lang}>
                {row.change === 'added' ? (
                  <span className="staff-muted">{t('editor.conflict.none')}</span>
                ) : (
                  shown(row, row.theirs)
                )}
              </td>
              <td lang={lang}>
                {row.change === 'removed' ? (
                  <span className="staff-muted">{t('editor.conflict.none')}</span>
                ) : typeof row.theirs === 'string' && typeof row.mine === 'string' ? (
                  <TextDiff before={shown(row, row.theirs)} after={shown(row, row.mine)} lang={lang} />
                ) : (
                  shown(row, row.mine)
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <div className="staff-actions">
        <button type="button" className="btn" onClick={onSaveMine} disabled={busy} aria-busy={busy || undefined}>
          {t('editor.conflict.saveMine')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onKeepTheirs} disabled={busy}>
          {t('editor.conflict.keepTheirs', { who })}
        </button>
      </div>
      <p className="staff-muted">{t('editor.conflict.explain')}</p>
    </div>
  );
}
