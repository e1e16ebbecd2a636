// A full-size view of one image of a set, with Previous and Next that wrap around (and the arrow
// keys), closed by its button, Escape or the backdrop.
import { useTranslation } from '../i18n/react';
import { CloseButton, Dialog } from './dialog';
import './lightbox.css';

export interface LightboxImage {
  src: string;
  alt: string;
}

export function Lightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: LightboxImage[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const count = images.length;
  const current = index === null ? undefined : images[index];
  const go = (step: number) => index !== null && onIndex((index + step + count) % count);
  return (
    <Dialog open={current !== undefined} onClose={onClose} label={t('lightbox.label')} className="lightbox">
      {current && index !== null && (
        <div
          className="lightbox__body"
          onKeyDown={(event) => {
            if (event.key === 'ArrowLeft') go(-1);
            if (event.key === 'ArrowRight') go(1);
          }}
        >
          <CloseButton onClick={onClose} label={t('actions.close')} />
          <img className="lightbox__image" src={current.src} alt={current.alt} width="1200" height="800" />
          <div className="lightbox__bar">
            <button type="button" className="btn btn--light" onClick={() => go(-1)}>
              {t('actions.previous')}
            </button>
            <span className="lightbox__count" aria-live="polite">
              {t('lightbox.count', { current: index + 1, total: count })}
            </span>
            <button type="button" className="btn btn--light" onClick={() => go(1)} autoFocus>
              {t('actions.next')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
