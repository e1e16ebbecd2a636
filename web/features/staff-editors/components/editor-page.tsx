// The editor of one item in one language (/staff/content/:id/:lang/edit), whatever its kind: it
// reads the item, lets in editors and admins (everything) and the language's translators (its text
// only), reads where the edit starts (the newest version, or a new translation's starting point)
// and hands it to the kind's editor. Pictures are chosen from the media library in the item's language.
import type { ComponentType } from 'react';
import type { AnyDocument } from '../../../../contract/authoring';
import type { ContentKind } from '../../../../contract/content-kinds';
import type { LanguageCode } from '../../../../contract/languages';
import { QueryState } from '../../../components/query-state';
import { useEditStart } from '../../../staff-shared/api/content';
import type { StaffMe } from '../../../../contract/staff';
import type { ImagePicker, PickMedia } from '../../../staff-shared/components/image-picker';
import { EditGate } from '../../../staff-shared/components/document-editor/edit-gate';
import type { KindEditorProps } from '../../../staff-shared/components/document-editor/document-editor';
import { CourseEditor } from './course-editor/course-editor';
import { BlogEditor } from './kind-editors/blog-editor';
import { StoryEditor } from './kind-editors/story-editor';
import { BannerEditor, GalleryEditor } from './kind-editors/gallery-editor';

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
  /** The media library's picker, for the document's pictures. */
  imagePicker: ImagePicker;
}

export function EditorPage({ me, itemId, lang, itemPath, imagePicker }: EditorPageProps) {
  return (
    <EditGate me={me} itemId={itemId} lang={lang} itemPath={itemPath} imagePicker={imagePicker}>
      {({ item, lang: code, textOnly, back, onPickImage }) => (
        <EditorLoader
          Editor={EDITORS[item.kind]}
          itemId={itemId}
          lang={code}
          title={item.title || item.slug}
          sourceLang={item.sourceLang}
          textOnly={textOnly}
          back={back}
          onPickImage={onPickImage}
        />
      )}
    </EditGate>
  );
}

function EditorLoader({
  Editor,
  ...props
}: Omit<KindEditorProps, 'start' | 'baseVersion' | 'baseRevision'> & {
  Editor: ComponentType<KindEditorProps>;
  lang: LanguageCode;
  onPickImage?: PickMedia;
}) {
  const start = useEditStart(props.itemId, props.lang);
  if (start.isPending || start.isError)
    return <QueryState isPending={start.isPending} isError={start.isError} refetch={() => void start.refetch()} />;
  return (
    <Editor
      {...props}
      start={start.data.body as AnyDocument}
      baseVersion={start.data.baseVersion}
      baseRevision={start.data.baseRevision}
    />
  );
}
