// A success story in one language: whose story it is, its day, its picture with its text
// alternative, whether the home page highlights it, and the story itself. The day, the picture and
// the highlight are the editors' (a translator writes the text only).
import { useTranslation } from '../../../../i18n/react';
import type { StoryDocument } from '../../../../../contract/authoring';
import { TEXT_MAX } from '../../../../../contract/document-fields';
import {
  DocumentEditor,
  fieldSetter,
  type KindEditorProps,
} from '../../../../staff-shared/components/document-editor/document-editor';
import {
  CheckField,
  DateField,
  ImageField,
  RichField,
  TextField,
} from '../../../../staff-shared/components/document-editor/fields';

export function StoryEditor(props: KindEditorProps) {
  const { t } = useTranslation('staff');
  return (
    <DocumentEditor<StoryDocument> kind="story" {...props}>
      {(draft, edit) => {
        const set = fieldSetter(edit);
        return (
          <section className="staff-card" aria-labelledby="ce-story">
            <h2 id="ce-story">{t('kinds.story')}</h2>
            <div className="staff-row">
              <TextField
                label={t('editor.story.authorName')}
                value={draft.authorName}
                maxLength={TEXT_MAX.story.authorName}
                onChange={set('authorName')}
              />
              <DateField label={t('editor.story.date')} value={draft.date} onChange={set('date')} />
            </div>
            <CheckField
              label={t('editor.story.highlight')}
              hint={t('editor.story.highlightHint')}
              value={draft.isHighlighted}
              onChange={set('isHighlighted')}
            />
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
              maxLength={TEXT_MAX.story.imageAlt}
              onChange={set('imageAlt')}
              wide
            />
            <RichField
              label={t('editor.story.description')}
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
