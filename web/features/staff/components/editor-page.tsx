// The editor of one item in one language (/staff/content/:id/:lang/edit), whatever its kind: it
// reads the item, lets in editors and admins (everything) and the language's translators (its text
// only), reads where the edit starts (the newest version, or a new translation's starting point)
// and hands it to the kind's editor. Pictures are chosen from the media library in the item's language.
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { AnyDocument } from '../../../../contract/authoring';
import type { ContentKind } from '../../../../contract/content-kinds';
import { LANGUAGES, isLanguageCode, type LanguageCode } from '../../../../contract/languages';
import { useTranslation } from '../../../i18n/react';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { useEditStart, useItem } from '../api/content';
import type { StaffMe } from '../api/staff';
import { useMediaPicker } from './media-picker';
import type { KindEditorProps } from './document-editor/document-editor';
import { CourseEditor } from './course-editor/course-editor';
import { BlogEditor } from './kind-editors/blog-editor';
import { StoryEditor } from './kind-editors/story-editor';
import { BannerEditor, GalleryEditor } from './kind-editors/gallery-editor';
import type { PickedImage } from './rich-text/rich-text-editor';

const EDITORS: Record<ContentKind, ComponentType<KindEditorProps>> = {
  course: CourseEditor,
  blog: BlogEditor,
  story: StoryEditor,
  gallery: GalleryEditor,
  banner: BannerEditor,
};

export interface EditorPageProps {
  me: StaffMe;
  itemId: string;
  lang: string;
  /** The item's page in a language (where the editor's Back goes). */
  itemPath: (lang: string) => string;
}

export function EditorPage({ me, itemId, lang: rawLang, itemPath }: EditorPageProps) {
  const { t } = useTranslation('staff');
  const lang = isLanguageCode(rawLang) ? rawLang : null;
  const item = useItem(itemId);
  const picker = useMediaPicker(me, lang ?? 'en');
  if (!lang) return <p className="staff-card" role="alert">{t('item.unknownLanguage')}</p>;
  if (item.isPending || item.isError) {
    if (item.error instanceof ApiError && (item.error.status === 404 || item.error.status === 400)) return <p className="staff-card" role="alert">{t('item.notFound')}</p>;
    return <QueryState isPending={item.isPending} isError={item.isError} refetch={() => void item.refetch()} />;
  }
  const editor = me.roles.includes('admin') || me.roles.includes('editor');
  const translator = me.roles.includes('translator') && me.languages.includes(lang);
  const back = itemPath(lang);
  if (item.data.deletedAt) return <p className="staff-card" role="alert">{t('editor.deleted')} <Link to={back}>{t('editor.back')}</Link></p>;
  if (!editor && !translator) return <p className="staff-card" role="alert">{t('editor.notYourLanguage', { language: LANGUAGES[lang].name })} <Link to={back}>{t('editor.back')}</Link></p>;
  return (
    <>
      <EditorLoader
        Editor={EDITORS[item.data.kind]}
        itemId={itemId}
        lang={lang}
        title={item.data.title || item.data.slug}
        sourceLang={item.data.sourceLang}
        textOnly={!editor}
        back={back}
        onPickImage={picker.pick}
      />
      {picker.dialog}
    </>
  );
}

function EditorLoader({ Editor, ...props }: Omit<KindEditorProps, 'start' | 'baseVersion'> & { Editor: ComponentType<KindEditorProps>; lang: LanguageCode; onPickImage?: () => Promise<PickedImage | null> }) {
  const start = useEditStart(props.itemId, props.lang);
  if (start.isPending || start.isError) return <QueryState isPending={start.isPending} isError={start.isError} refetch={() => void start.refetch()} />;
  return <Editor {...props} start={start.data.body as AnyDocument} baseVersion={start.data.baseVersion} />;
}
