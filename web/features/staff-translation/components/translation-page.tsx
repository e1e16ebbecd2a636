// The translation view (/staff/content/:id/:lang/translate): the source language beside the
// translation, field by field, in the source's order. A field whose source changed since it was
// translated is marked, with the source's change word by word; one never translated says so. The
// translator writes the text (saved by itself, as in every editor: document-editor.tsx), may
// confirm that a changed source does not change the translation, and submits the saved version
// for review. It starts from the translation's starting point (the source's newest structure with
// this language's text), so a translation behind its source catches up as it is saved. Translators
// see only their languages; editors and admins every one.
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AnyDocument } from '../../../../contract/authoring';
import type { ContentKind } from '../../../../contract/content-kinds';
import { LANGUAGES, type LanguageCode } from '../../../../contract/languages';
import { plainText } from '../../../../contract/plain-text';
import { useTranslation } from '../../../i18n/react';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { RichText } from '../../../components/rich-text';
import { ApiError } from '../../../lib/api-client';
import {
  useLanguageHead,
  useStale,
  useSubmit,
  useTranslationStart,
  type ContentItem,
  type StaleField,
} from '../../../staff-shared/api/content';
import type { StaffMe } from '../../../../contract/staff';
import { errorText } from '../../../staff-shared/components/error-text';
import { TextDiff } from '../../../staff-shared/components/text-diff';
import { SourceBeside } from '../../../staff-shared/components/source-beside';
import { fieldReader, setField } from '../../../staff-shared/components/document-editor/document-draft';
import {
  DocumentEditor,
  type DraftState,
  type Edit,
} from '../../../staff-shared/components/document-editor/document-editor';
import { RichField, TextField, fieldLabel } from '../../../staff-shared/components/document-editor/fields';
import type { ImagePicker } from '../../../staff-shared/components/image-picker';
import { EditGate, type Editable } from '../../../staff-shared/components/document-editor/edit-gate';
import { translationGroups, type TranslationField, type TranslationGroup } from './translation-rows';

export interface TranslationPageProps {
  me: StaffMe;
  itemId: string;
  lang: string;
  /** The item's page in a language. */
  itemPath: (lang: string) => string;
  /** The media library's picker, for the document's pictures. */
  imagePicker: ImagePicker;
  /** The editor of the item in a language (the source is edited there). */
  editPath: (lang: string) => string;
}

export function TranslationPage({ me, itemId, lang, itemPath, imagePicker, editPath }: TranslationPageProps) {
  const { t } = useTranslation('staff');
  return (
    <EditGate me={me} itemId={itemId} lang={lang} itemPath={itemPath} imagePicker={imagePicker}>
      {({ item, lang: code, textOnly, translator, back, onPickImage }) =>
        code === item.sourceLang ? (
          <p className="staff-card" role="alert">
            {t('translate.isSource', { language: LANGUAGES[code].name })}{' '}
            <Link to={editPath(code)}>{t('item.edit', { language: LANGUAGES[code].name })}</Link>
          </p>
        ) : (
          <TranslationLoader
            item={item}
            lang={code}
            textOnly={textOnly}
            mayTranslate={translator}
            back={back}
            onPickImage={onPickImage}
          />
        )
      }
    </EditGate>
  );
}

function TranslationLoader(props: {
  item: ContentItem;
  lang: LanguageCode;
  textOnly: boolean;
  mayTranslate: boolean;
  back: string;
  onPickImage: Editable['onPickImage'];
}) {
  const { t } = useTranslation('staff');
  const start = useTranslationStart(props.item.id, props.lang);
  const source = useLanguageHead(props.item.id, props.item.sourceLang);
  const stale = useStale(props.item.id, props.lang, true);
  if (start.error instanceof ApiError && start.error.code === 'translationNeedsSource') {
    return (
      <p className="staff-card" role="alert">
        {errorText(start.error)} <Link to={props.back}>{t('editor.back')}</Link>
      </p>
    );
  }
  const pending = start.isPending || source.isPending || stale.isPending;
  const failed = start.isError || source.isError || stale.isError;
  if (pending || failed)
    return (
      <QueryState
        isPending={pending}
        isError={failed}
        refetch={() => void Promise.all([start.refetch(), source.refetch(), stale.refetch()])}
      />
    );
  return (
    <TranslationEditor
      {...props}
      start={start.data.body}
      baseVersion={start.data.baseVersion}
      source={source.data.body as AnyDocument}
      stale={stale.data.fields}
    />
  );
}

type Filter = 'all' | 'needsWork';

function TranslationEditor({
  item,
  lang,
  textOnly,
  mayTranslate,
  back,
  start,
  baseVersion,
  source,
  stale,
  onPickImage,
}: {
  item: ContentItem;
  lang: LanguageCode;
  textOnly: boolean;
  mayTranslate: boolean;
  back: string;
  start: AnyDocument;
  baseVersion: number;
  source: AnyDocument;
  stale: StaleField[];
  onPickImage: Editable['onPickImage'];
}) {
  const { t } = useTranslation('staff');
  const kind = item.kind;
  const groups = useMemo(() => translationGroups(kind, source), [kind, source]);
  const readSource = useMemo(() => fieldReader(kind, source), [kind, source]);
  const staleByField = useMemo(() => new Map(stale.map((field) => [field.field, field])), [stale]);
  const [confirmed, setConfirmed] = useState<readonly string[]>([]);
  const [filter, setFilter] = useState<Filter>('all');
  const onSaved = useCallback(() => setConfirmed([]), []);
  const toggleConfirmed = (path: string) =>
    setConfirmed((current) => (current.includes(path) ? current.filter((p) => p !== path) : [...current, path]));
  return (
    <DocumentEditor<AnyDocument>
      kind={kind}
      itemId={item.id}
      lang={lang}
      title={item.title || item.slug}
      sourceLang={item.sourceLang}
      textOnly={textOnly}
      back={back}
      start={start}
      baseVersion={baseVersion}
      onPickImage={onPickImage}
      confirmFields={confirmed}
      onSaved={onSaved}
      heading={t('translate.heading')}
    >
      {(draft, edit, state) => {
        const fields = groups.flatMap((group) => group.fields);
        const readDraft = fieldReader(kind, draft);
        const empty = (field: TranslationField) => {
          const value = readDraft(field.path);
          return typeof value !== 'string' || (field.rich ? plainText(value) : value).trim() === '';
        };
        // Marked by the server (as last saved) or empty: a field confirmed still right stays in view until the save clears its mark.
        const needsWork = (field: TranslationField) => staleByField.has(field.path) || empty(field);
        const written = fields.filter((field) => !empty(field)).length;
        const changed = fields.filter(
          (field) => staleByField.get(field.path)?.state === 'stale' && !confirmed.includes(field.path),
        ).length;
        const shown =
          filter === 'all'
            ? groups
            : groups
                .map((group) => ({ ...group, fields: group.fields.filter(needsWork) }))
                .filter((group) => group.fields.length > 0);
        return (
          <>
            <section className="staff-card tr-summary" aria-labelledby="tr-summary">
              <h2 id="tr-summary">
                {t('translate.title', { source: LANGUAGES[item.sourceLang].name, language: LANGUAGES[lang].name })}
              </h2>
              <p>
                {t('translate.written', { written, count: fields.length })}{' '}
                {changed > 0 && <strong>{t('translate.changed', { count: changed })}</strong>}
              </p>
              <fieldset className="staff-choices">
                <legend>{t('translate.show')}</legend>
                {(['all', 'needsWork'] as const).map((name) => (
                  <label key={name} className="staff-check">
                    <input
                      type="radio"
                      name="tr-filter"
                      value={name}
                      checked={filter === name}
                      onChange={() => setFilter(name)}
                    />
                    {t(`translate.filters.${name}`)}
                  </label>
                ))}
              </fieldset>
              <Submit item={item} lang={lang} state={state} mayTranslate={mayTranslate} />
            </section>
            {shown.length === 0 && <p className="staff-card">{t('translate.nothingToDo')}</p>}
            {shown.map((group) => (
              <GroupRows
                key={group.address || 'document'}
                kind={kind}
                group={group}
                readDraft={readDraft}
                edit={edit}
                readSource={readSource}
                sourceLang={item.sourceLang}
                lang={lang}
                staleByField={staleByField}
                confirmed={confirmed}
                onConfirm={toggleConfirmed}
                onPickImage={onPickImage}
              />
            ))}
          </>
        );
      }}
    </DocumentEditor>
  );
}

/** Submitting the saved version for review: once everything is saved, for a translator of the language whose draft is not in review already. */
function Submit({
  item,
  lang,
  state,
  mayTranslate,
}: {
  item: ContentItem;
  lang: LanguageCode;
  state: DraftState;
  mayTranslate: boolean;
}) {
  const { t } = useTranslation('staff');
  const submit = useSubmit(item.id, lang);
  const language = LANGUAGES[lang];
  const status = item.languages.find((l) => l.lang === lang)?.status;
  if (!mayTranslate || state.baseVersion === 0) return null;
  if (status === 'in_review')
    return <p className="staff-muted">{t('translate.inReview', { language: language.name })}</p>;
  return (
    <div className="staff-actions">
      <button
        type="button"
        className="btn"
        disabled={state.unsaved || submit.isPending}
        aria-busy={submit.isPending || undefined}
        onClick={() =>
          submit.mutate(state.baseVersion, {
            onSuccess: () => notify({ status: 200, message: t('item.done.submit', { language: language.name }) }),
          })
        }
      >
        {t('translate.submit', { language: language.name })}
      </button>
      {state.unsaved && <span className="staff-muted">{t('translate.submitAfterSave')}</span>}
      {submit.isError && (
        <p className="staff-error" role="alert">
          {errorText(submit.error)}
        </p>
      )}
    </div>
  );
}

function GroupRows({
  kind,
  group,
  readDraft,
  edit,
  readSource,
  sourceLang,
  lang,
  staleByField,
  confirmed,
  onConfirm,
  onPickImage,
}: {
  kind: ContentKind;
  group: TranslationGroup;
  readDraft: (path: string) => unknown;
  edit: Edit<AnyDocument>;
  readSource: (path: string) => unknown;
  sourceLang: LanguageCode;
  lang: LanguageCode;
  staleByField: ReadonlyMap<string, StaleField>;
  confirmed: readonly string[];
  onConfirm: (path: string) => void;
  onPickImage: Editable['onPickImage'];
}) {
  const { t } = useTranslation('staff');
  const from = LANGUAGES[sourceLang];
  const to = LANGUAGES[lang];
  const name = group.list
    ? t('translate.element', {
        list: t(`editor.lists.${group.list}`, { defaultValue: group.list }),
        number: group.number,
        title: group.title || t('editor.untitled'),
      })
    : t(`kinds.${kind}`);
  const id = `tr-${group.address || 'document'}`.replace(/[^\w-]/g, '-');
  return (
    <section className="staff-card tr-group" role="group" aria-labelledby={id}>
      <h3 id={id} lang={group.list ? from.bcp47 : undefined}>
        {name}
      </h3>
      {group.fields.map((field) => {
        const sourceValue = readSource(field.path);
        const sourceText = typeof sourceValue === 'string' ? sourceValue : '';
        const value = readDraft(field.path);
        const text = typeof value === 'string' ? value : '';
        const mark = staleByField.get(field.path);
        // Named as the kind's editor names it, so a field is called the same in both views.
        const fieldName = fieldLabel(t, kind, field.name);
        const label = t('translate.in', { field: fieldName, language: to.name });
        const set = (next: string) =>
          edit((d) => setField(kind, d, field.path, next === '' && !field.required && !field.rich ? null : next));
        const stale = mark?.state === 'stale';
        return (
          <SourceBeside
            key={field.path}
            marked={stale && !confirmed.includes(field.path)}
            sourceLabel={t('translate.in', { field: fieldName, language: from.name })}
            sourceLang={from.bcp47}
            badge={
              mark && (
                <span className={`staff-badge staff-badge--${mark.state}`}>
                  {t(`translate.states.${mark.state}`, { source: from.name, language: to.name })}
                </span>
              )
            }
            source={
              sourceText !== '' && field.rich ? (
                <RichText html={sourceText} videoLabel={fieldName} playLabel={t('translate.play')} />
              ) : (
                sourceText
              )
            }
            below={
              stale &&
              mark.translatedFrom && (
                <p className="tr-change">
                  {t('item.sourceChange', { source: from.name, version: mark.translatedFrom.version })}{' '}
                  <TextDiff
                    before={field.rich ? plainText(mark.translatedFrom.text ?? '') : (mark.translatedFrom.text ?? '')}
                    after={field.rich ? plainText(sourceText) : sourceText}
                    lang={from.bcp47}
                  />
                </p>
              )
            }
          >
            {field.rich ? (
              <RichField label={label} value={text} onChange={set} onPickImage={onPickImage} />
            ) : (
              <TextField
                label={label}
                value={text}
                maxLength={field.maxLength}
                multiline={sourceText.length > 80}
                onChange={set}
              />
            )}
            {stale && text !== '' && (
              <label className="staff-check tr-confirm">
                <input
                  type="checkbox"
                  checked={confirmed.includes(field.path)}
                  onChange={() => onConfirm(field.path)}
                />
                {t('translate.stillRight')}
              </label>
            )}
          </SourceBeside>
        );
      })}
    </section>
  );
}
