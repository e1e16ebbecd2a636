// Tabs of gallery titles over a three-column masonry of the chosen title's images. The first title
// is chosen when the titles arrive; choosing a tab loads its images. Images open in the lightbox.
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { fileUrl } from '../../../lib/api-client';
import { Tabs } from '../../../components/tabs';
import { Masonry } from '../../../components/masonry';
import { Lightbox } from '../../../components/lightbox';
import { QueryState } from '../../../components/query-state';
import { useGalleryImages, useGalleryTitles } from '../api/gallery';

export function GalleryTabs({ idPrefix = 'gallery' }: { idPrefix?: string }) {
  const { t } = useTranslation('media');
  const titles = useGalleryTitles();
  const [chosen, setChosen] = useState<string>();
  // A tab chosen in another language is not among this language's titles: the first is shown then.
  const selected = titles.data?.some((item) => item.id === chosen) ? chosen : titles.data?.[0]?.id;
  const images = useGalleryImages(selected);
  const [open, setOpen] = useState<number | null>(null);
  const title = titles.data?.find((item) => item.id === selected)?.title ?? '';
  const list = (images.data ?? []).map((image) => ({ src: fileUrl(image.image), alt: image.alt || title }));

  return (
    <div className="gallery-tabs">
      <QueryState isPending={titles.isPending} isError={titles.isError} refetch={titles.refetch} minHeight={80} />
      {titles.data && (
        <Tabs
          items={titles.data.map((item) => ({ id: item.id, label: item.title }))}
          selected={selected}
          onSelect={setChosen}
          label={t('galleryTabs')}
          idPrefix={idPrefix}
        >
          <div className="gallery-tabs__panel">
            <QueryState
              isPending={images.isPending}
              isError={images.isError}
              refetch={images.refetch}
              minHeight={300}
            />
            {images.data && <Masonry images={list} onOpen={setOpen} />}
          </div>
        </Tabs>
      )}
      <Lightbox images={list} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
    </div>
  );
}
