// When someone else saved the document while this person was writing. When only some fields were
// changed by both (ADR 36: everything else is merged already), each of those is offered on its own:
// theirs or mine, field by field. When the structure changed (an element added, removed or moved),
// the two editions side by side, field by field, and the choice of the whole: keeping theirs drops
// this person's changes and carries on from their version; saving mine makes this person's the
// newest version, and theirs stays in the history, restorable. The explanation comes before the
// buttons, which stay in sight at the dialog's foot.
import { useState } from 'react';
import type { FieldConflict, LanguageHead } from '../../api/content';
import { describeField } from '../../../../contract/document-fields';
import type { AnyDocument } from '../../../../contract/authoring';
import type { ContentKind } from '../../../../contract/content-kinds';
import { plainText } from '../../../../contract/plain-text';
import { useTranslation } from '../../../i18n/react';
import { StaffTable } from '../staff-table';
import { TextDiff } from '../text-diff';
import { staffTime } from '../staff-time';
import { conflictRows, type ConflictRow } from './document-draft';
import { fieldLabel } from './fields';

function shown(row: ConflictRow, value: ConflictRow['mine']): string {
  if (value === null) return '';
  if (typeof value === 'string' && row.rich) return plainText(value);
  return String(value);
}

export interface ConflictViewProps {
  kind: ContentKind;
  /** The version saved meanwhile. */
  theirs: LanguageHead;
  /** The fields both changed, when the rest merged; null: the whole of both editions is compared. */
  fields: FieldConflict[] | null;
  /** Carries on from theirs with the rest merged and these fields (by address) as this person wrote them. */
  onUseChoices: (mine: ReadonlySet<string>) => void;
  /** This person's draft (document-draft.ts). */
  mine: unknown;
  lang: string;
  busy: boolean;
  onKeepTheirs: () => void;
  onSaveMine: () => void;
}

export function ConflictView(props: ConflictViewProps) {
  return props.fields ? <FieldChoices {...props} fields={props.fields} /> : <WholeConflict {...props} />;
}

const valueText = (kind: ContentKind, field: string, value: FieldConflict['mine']) => {
  const role = describeField(kind, field).role;
  if (value === null) return '';
  return typeof value === 'string' && (role === 'rich' || role === 'optionalRich') ? plainText(value) : String(value);
};

/** The fields both changed, each with a choice of theirs or mine (mine chosen first: it is what the person wrote last). */
function FieldChoices({
  kind,
  theirs,
  fields,
  lang,
  busy,
  onKeepTheirs,
  onUseChoices,
}: ConflictViewProps & { fields: FieldConflict[] }) {
  const { t } = useTranslation('staff');
  const [mineFields, setMineFields] = useState<ReadonlySet<string>>(() => new Set(fields.map((f) => f.field)));
  const who = theirs.version.createdBy?.name ?? t('item.importedBy');
  const choose = (field: string, mine: boolean) =>
    setMineFields((current) => {
      const next = new Set(current);
      if (mine) next.add(field);
      else next.delete(field);
      return next;
    });
  return (
    <div className="staff-dialog-body">
      <h2>{t('editor.conflict.title')}</h2>
      <p>
        {t('editor.conflict.fieldsText', {
          who,
          version: theirs.version.number,
          at: staffTime(theirs.version.createdAt),
          count: fields.length,
        })}
      </p>
      {fields.map((conflict) => {
        const info = describeField(kind, conflict.field);
        const name = fieldLabel(t, kind, info.name);
        const label = info.element
          ? `${t(`editor.lists.${info.element.list}`, { defaultValue: info.element.list })} “${info.element.key}” · ${name}`
          : name;
        return (
          <fieldset key={conflict.field} className="ce-choice">
            <legend>{label}</legend>
            <label className="staff-check">
              <input
                type="radio"
                name={conflict.field}
                checked={!mineFields.has(conflict.field)}
                onChange={() => choose(conflict.field, false)}
              />
              <span>
                {t('editor.conflict.theirs', { who })}:{' '}
                <span lang={lang}>{valueText(kind, conflict.field, conflict.theirs)}</span>
              </span>
            </label>
            <label className="staff-check">
              <input
                type="radio"
                name={conflict.field}
                checked={mineFields.has(conflict.field)}
                onChange={() => choose(conflict.field, true)}
              />
              <span>
                {t('editor.conflict.mine')}: <span lang={lang}>{valueText(kind, conflict.field, conflict.mine)}</span>
              </span>
            </label>
          </fieldset>
        );
      })}
      <p className="staff-muted">{t('editor.conflict.choicesExplain', { who })}</p>
      <div className="staff-actions">
        <button type="button" className="btn" onClick={() => onUseChoices(mineFields)} disabled={busy}>
          {t('editor.conflict.useChoices')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onKeepTheirs} disabled={busy}>
          {t('editor.conflict.keepTheirs', { who })}
        </button>
      </div>
    </div>
  );
}

function WholeConflict({ kind, theirs, mine, lang, busy, onKeepTheirs, onSaveMine }: ConflictViewProps) {
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
      <p className="staff-muted">{t('editor.conflict.explain')}</p>
      <div className="staff-actions">
        <button type="button" className="btn" onClick={onSaveMine} disabled={busy} aria-busy={busy || undefined}>
          {t('editor.conflict.saveMine')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onKeepTheirs} disabled={busy}>
          {t('editor.conflict.keepTheirs', { who })}
        </button>
      </div>
    </div>
  );
}
