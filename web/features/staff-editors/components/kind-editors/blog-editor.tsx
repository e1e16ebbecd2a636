// A blog post in one language: its title, author, day, reading time, picture with its text
// alternative, and its text. The day, the reading time and the picture are the editors' (a
// translator writes the text only).
import { useTranslation } from '../../../../i18n/react';
import type { BlogDocument } from '../../../../../contract/authoring';
import { TEXT_MAX } from '../../../../../contract/document-fields';
import {
  DocumentEditor,
  fieldSetter,
  type KindEditorProps,
} from '../../../../staff-shared/components/document-editor/document-editor';
import {
  DateField,
  ImageField,
  NumberField,
  RichField,
  TextField,
} from '../../../../staff-shared/components/document-editor/fields';

export function BlogEditor(props: KindEditorProps) {
  const { t } = useTranslation('staff');
  return (
    <DocumentEditor<BlogDocument> kind="blog" {...props}>
      {(draft, edit) => {
        const set = fieldSetter(edit);
        return (
          <section className="staff-card" aria-labelledby="ce-blog">
            <h2 id="ce-blog">{t('kinds.blog')}</h2>
            <TextField
              label={t('editor.blog.title')}
              value={draft.title}
              maxLength={TEXT_MAX.blog.title}
              onChange={set('title')}
              wide
            />
            <div className="staff-row">
              <TextField
                label={t('editor.blog.author')}
                value={draft.author}
                maxLength={TEXT_MAX.blog.author}
                onChange={set('author')}
              />
              <DateField label={t('editor.blog.date')} value={draft.date} onChange={set('date')} />
              <NumberField
                label={t('editor.blog.readTime')}
                value={draft.readTime}
                min={1}
                max={600}
                onChange={set('readTime')}
              />
            </div>
            <ImageField
              label={t('editor.picture')}
              value={draft.image}
              onChange={set('image')}
              onAlt={(alt) => edit((d) => (d.imageAlt ? d : { ...d, imageAlt: alt }))}
              required
            />
            <TextField
              label={t('editor.pictureAlt')}
              hint={t('editor.pictureAltHint')}
              value={draft.imageAlt}
              maxLength={TEXT_MAX.blog.imageAlt}
              onChange={set('imageAlt')}
              wide
            />
            <RichField
              label={t('editor.blog.description')}
              value={draft.description}
              onChange={set('description')}
              onPickImage={props.onPickImage}
            />
          </section>
        );
      }}
    </DocumentEditor>
  );
}
