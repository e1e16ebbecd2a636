import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageFrame } from './page-frame';

describe('PageFrame', () => {
  it('puts the title and introduction in the band, then the body in the content column', () => {
    const html = renderToStaticMarkup(
      <PageFrame title="Blogs" intro="Read on">
        <p>body</p>
      </PageFrame>,
    );
    expect(html).toBe(
      '<div class="page-hero"><div class="container"><h1>Blogs</h1><p>Read on</p></div></div><div class="container section"><p>body</p></div>',
    );
  });

  it("takes the band's class from the page", () => {
    const html = renderToStaticMarkup(
      <PageFrame title="Stories" intro="Lives changed" heroClassName="stories-hero">
        <p>body</p>
      </PageFrame>,
    );
    expect(html.startsWith('<div class="stories-hero">')).toBe(true);
  });
});
