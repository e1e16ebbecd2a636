import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Section } from './section';

describe('Section', () => {
  it.each([
    { alt: false, band: 'section' },
    { alt: true, band: 'section section--alt' },
  ])('is a band ($band) named by its heading, with the body in the content column', ({ alt, band }) => {
    expect(
      renderToStaticMarkup(
        <Section id="tips" title="Tips" alt={alt}>
          <p>body</p>
        </Section>,
      ),
    ).toBe(
      `<section class="${band}" aria-labelledby="tips"><div class="container"><h2 id="tips" class="section-title">Tips</h2><p>body</p></div></section>`,
    );
  });
});
