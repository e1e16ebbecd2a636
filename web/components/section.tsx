import type { ReactNode } from 'react';

/** A titled band of a page in the content column; `alt` gives it the alternate background. */
export function Section({
  id,
  title,
  alt = false,
  children,
}: {
  id: string;
  title: string;
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={alt ? 'section section--alt' : 'section'} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
