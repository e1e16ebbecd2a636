// The pictures of a gallery title or a banner item: each from the media library, with its text
// alternative in this language, put in order by drag or keyboard (sortable-list.tsx). Adding opens
// the library's picker (which may also upload); a translator writes the text alternatives only.
import { useContext } from 'react';
import type { GalleryDocument } from '../../../../../contract/authoring';
import { TEXT_MAX } from '../../../../../contract/document-fields';
import { useTranslation } from '../../../../i18n/react';
import {
  moveItem,
  newUid,
  updateWhere,
  type Uid,
} from '../../../../staff-shared/components/document-editor/document-draft';
import type { Edit } from '../../../../staff-shared/components/document-editor/document-editor';
import {
  Confirm,
  ImageField,
  PickFromLibrary,
  TextField,
  TextOnly,
} from '../../../../staff-shared/components/document-editor/fields';
import { SortableList } from '../../../../staff-shared/components/document-editor/sortable-list';

export type DraftImage = GalleryDocument['images'][number] & Uid;

/** A document with a list of pictures (a gallery title, a banner item), as its editor holds it. */
export interface WithImages {
  images: DraftImage[];
}

export function ImagesEditor<D extends WithImages>({
  images,
  max,
  edit,
}: {
  images: DraftImage[];
  max: number;
  edit: Edit<D>;
}) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const confirm = useContext(Confirm);
  const pick = useContext(PickFromLibrary);
  const name = (image: DraftImage, index: number) =>
    t('editor.images.name', { number: index + 1, alt: image.alt || t('editor.images.noAlt') });
  const setImage = (uid: string, change: (image: DraftImage) => DraftImage) =>
    edit((d) => ({ ...d, images: updateWhere(d.images, uid, change) }));
  return (
    <section className="staff-card" aria-labelledby="ce-images">
      <h2 id="ce-images">{t('editor.images.title', { count: images.length, max })}</h2>
      {images.length === 0 && <p className="staff-muted">{t('editor.images.none')}</p>}
      <SortableList
        items={images}
        label={t('editor.images.list')}
        itemName={name}
        fixed={textOnly}
        onMove={(from, to) => edit((d) => ({ ...d, images: moveItem(d.images, from, to) }))}
        onRemove={(index) =>
          confirm({
            title: t('editor.removeTitle', { name: name(images[index]!, index) }),
            text: t('editor.images.removeText'),
            action: t('editor.removeAction'),
            run: () => edit((d) => ({ ...d, images: d.images.filter((image) => image.uid !== images[index]!.uid) })),
          })
        }
      >
        {(image, index) => (
          <div className="ce-picture" role="group" aria-label={name(image, index)}>
            <ImageField
              label={t('editor.images.file', { number: index + 1 })}
              value={image.image}
              onChange={(path) => path && setImage(image.uid, (i) => ({ ...i, image: path }))}
              required
            />
            <TextField
              label={t('editor.images.alt', { number: index + 1 })}
              hint={t('editor.pictureAltHint')}
              value={image.alt}
              maxLength={TEXT_MAX.image.alt}
              onChange={(alt) => setImage(image.uid, (i) => ({ ...i, alt }))}
              wide
            />
          </div>
        )}
      </SortableList>
      {!textOnly && pick && (
        <button
          type="button"
          className="btn btn--ghost ce-add"
          disabled={images.length >= max}
          onClick={() =>
            void pick().then((picked) => {
              if (picked)
                edit((d) =>
                  d.images.length >= max
                    ? d
                    : { ...d, images: [...d.images, { uid: newUid(), image: picked.path, alt: picked.alt }] },
                );
            })
          }
        >
          {t('editor.images.add')}
        </button>
      )}
      {images.length >= max && <p className="staff-muted">{t('editor.images.full', { max })}</p>}
    </section>
  );
}
