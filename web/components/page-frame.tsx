import type { ReactNode } from 'react';

/**
 * A public page's frame: the coloured band with its title and introduction, then the page's body in
 * the content column.
 */
export function PageFrame({
  title,
  intro,
  heroClassName = 'page-hero',
  children,
}: {
  title: string;
  intro: string;
  heroClassName?: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className={heroClassName}>
        <div className="container">
          <h1>{title}</h1>
          <p>{intro}</p>
        </div>
      </div>
      <div className="container section">{children}</div>
    </>
  );
}
