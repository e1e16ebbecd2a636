// A gallery title and a banner item in one language: their words, their place among the others, and
// their pictures (images-editor.tsx). The place and the pictures are the editors'; a translator
// writes the words and the pictures' text alternatives.
import type { BannerDocument, GalleryDocument } from '../../../../../contract/authoring';
import { BANNER_IMAGES_MAX, GALLERY_IMAGES_MAX } from '../../../../../contract/content-kinds';
import { TEXT_MAX } from '../../../../../contract/document-fields';
import { useTranslation } from '../../../../i18n/react';
import {
  DocumentEditor,
  fieldSetter,
  type KindEditorProps,
} from '../../../../staff-shared/components/document-editor/document-editor';
import { NumberField, TextField } from '../../../../staff-shared/components/document-editor/fields';
import { ImagesEditor, type WithImages } from './images-editor';

type GalleryDraft = Omit<GalleryDocument, 'images'> & WithImages;
type BannerDraft = Omit<BannerDocument, 'images'> & WithImages;

export function GalleryEditor(props: KindEditorProps) {
  const { t } = useTranslation('staff');
  return (
    <DocumentEditor<GalleryDraft> kind="gallery" {...props}>
      {(draft, edit) => {
        const set = fieldSetter(edit);
        return (
          <>
            <section className="staff-card" aria-labelledby="ce-gallery">
              <h2 id="ce-gallery">{t('kinds.gallery')}</h2>
              <div className="staff-row">
                <TextField
                  label={t('editor.gallery.title')}
                  value={draft.title}
                  maxLength={TEXT_MAX.gallery.title}
                  onChange={set('title')}
                />
                <NumberField
                  label={t('editor.position')}
                  hint={t('editor.positionHint')}
                  value={draft.position}
                  min={1}
                  max={10_000}
                  onChange={set('position')}
                />
              </div>
            </section>
            <ImagesEditor images={draft.images} max={GALLERY_IMAGES_MAX} edit={edit} />
          </>
        );
      }}
    </DocumentEditor>
  );
}

export function BannerEditor(props: KindEditorProps) {
  const { t } = useTranslation('staff');
  return (
    <DocumentEditor<BannerDraft> kind="banner" {...props}>
      {(draft, edit) => {
        const set = fieldSetter(edit);
        return (
          <>
            <section className="staff-card" aria-labelledby="ce-banner">
              <h2 id="ce-banner">{t('kinds.banner')}</h2>
              <div className="staff-row">
                <TextField
                  label={t('editor.banner.title')}
                  value={draft.title}
                  maxLength={TEXT_MAX.banner.title}
                  onChange={set('title')}
                />
                <TextField
                  label={t('editor.banner.subTitle')}
                  value={draft.subTitle}
                  maxLength={TEXT_MAX.banner.subTitle}
                  onChange={set('subTitle')}
                />
              </div>
              <div className="staff-row">
                <TextField
                  label={t('editor.banner.location')}
                  value={draft.location}
                  maxLength={TEXT_MAX.banner.location}
                  onChange={set('location')}
                />
                <NumberField
                  label={t('editor.position')}
                  hint={t('editor.positionHint')}
                  value={draft.position}
                  min={1}
                  max={10_000}
                  onChange={set('position')}
                />
              </div>
            </section>
            <ImagesEditor images={draft.images} max={BANNER_IMAGES_MAX} edit={edit} />
          </>
        );
      }}
    </DocumentEditor>
  );
}
