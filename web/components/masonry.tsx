import './masonry.css';

export interface MasonryImage {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

/** Images in three columns, each keeping its own height. Lazily loaded: it sits below the fold. */
export function Masonry({ images, onOpen }: { images: MasonryImage[]; onOpen?: (index: number) => void }) {
  return (
    <ul className="masonry">
      {images.map((image, index) => (
        <li key={`${image.src}-${index}`} className="masonry__item">
          {onOpen ? (
            <button type="button" className="masonry__button" onClick={() => onOpen(index)}>
              <img
                src={image.src}
                alt={image.alt}
                width={image.width ?? 1200}
                height={image.height ?? 800}
                loading="lazy"
                decoding="async"
              />
            </button>
          ) : (
            <img
              src={image.src}
              alt={image.alt}
              width={image.width ?? 1200}
              height={image.height ?? 800}
              loading="lazy"
              decoding="async"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
