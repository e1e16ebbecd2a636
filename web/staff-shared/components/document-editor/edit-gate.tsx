// What every page that writes one language of an item checks first: a language of the platform, an
// item that exists and is not deleted, and a person who may write it (editors and admins every
// language, translators theirs, text only). Past the gate, the page gets the item, the language,
// whether the person writes text only, where Back goes, and the media library's picker in the
// item's language (the page's `imagePicker`, given by web/app: see image-picker.tsx).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LANGUAGES, isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import { useTranslation } from '../../../i18n/react';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { useItem, type ContentItem } from '../../api/content';
import type { StaffMe } from '../../../../contract/staff';
import { useImagePicker, type ImagePicker, type PickMedia } from '../image-picker';

export interface Editable {
  item: ContentItem;
  lang: LanguageCode;
  /** A translator of the language: its text only. */
  textOnly: boolean;
  /** Whether the person translates this language (submits it for review). */
  translator: boolean;
  back: string;
  onPickImage: PickMedia;
}

export interface EditGateProps {
  me: StaffMe;
  itemId: string;
  lang: string;
  /** The item's page in a language (where Back goes). */
  itemPath: (lang: string) => string;
  /** The media library's picker (web/app gives it: features do not import each other). */
  imagePicker: ImagePicker;
  children: (editable: Editable) => ReactNode;
}

export function EditGate({ me, itemId, lang: rawLang, itemPath, imagePicker, children }: EditGateProps) {
  const { t } = useTranslation('staff');
  const lang = isLanguageCode(rawLang) ? rawLang : null;
  const item = useItem(itemId);
  const picker = useImagePicker(imagePicker, me, lang ?? 'en');
  if (!lang)
    return (
      <p className="staff-card" role="alert">
        {t('item.unknownLanguage')}
      </p>
    );
  if (item.isPending || item.isError) {
    if (item.error instanceof ApiError && (item.error.status === 404 || item.error.status === 400))
      return (
        <p className="staff-card" role="alert">
          {t('item.notFound')}
        </p>
      );
    return <QueryState isPending={item.isPending} isError={item.isError} refetch={() => void item.refetch()} />;
  }
  const editor = me.roles.includes('admin') || me.roles.includes('editor');
  const translator = me.roles.includes('translator') && me.languages.includes(lang);
  const back = itemPath(lang);
  if (item.data.deletedAt)
    return (
      <p className="staff-card" role="alert">
        {t('editor.deleted')} <Link to={back}>{t('editor.back')}</Link>
      </p>
    );
  if (!editor && !translator)
    return (
      <p className="staff-card" role="alert">
        {t('editor.notYourLanguage', { language: LANGUAGES[lang].name })} <Link to={back}>{t('editor.back')}</Link>
      </p>
    );
  return (
    <>
      {children({ item: item.data, lang, textOnly: !editor, translator, back, onPickImage: picker.pick })}
      {picker.dialog}
    </>
  );
}
