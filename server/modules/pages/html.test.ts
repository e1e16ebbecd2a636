import { describe, expect, it } from 'vitest';
import { assemblePage, renderHeadTags, startScriptsAfterPaint } from './html';

const TEMPLATE = `<!doctype html><html lang="en"><head><!--head-tags--><title>x</title><!--/head-tags--><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div><noscript>No</noscript></body></html>`;

describe('assemblePage', () => {
  it("puts each part in its place, replacement patterns ($', $`, $&, $1) included, as plain text", () => {
    const parts = {
      htmlAttributes: 'lang="hi" data-script="Devanagari"',
      head: "<title>$' and $` and $& and $1</title>",
      root: "<p>$'$`</p>",
    };
    expect(assemblePage(TEMPLATE, parts)).toBe(
      `<!doctype html><html lang="hi" data-script="Devanagari"><head><title>$' and $\` and $& and $1</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"><p>$'$\`</p></div><noscript>No</noscript></body></html>`,
    );
  });

  it('writes head tags with every value escaped', () => {
    const tags = renderHeadTags(
      { title: `"$'<b>`, description: 'd', image: 'https://x/i.png', url: 'https://x/$`', type: 'article' },
      'JGK',
    );
    expect(tags).toContain('<title>&quot;$&#39;&lt;b&gt;</title>');
    expect(tags).toContain('<meta property="og:url" content="https://x/$`" />');
  });
});

describe('startScriptsAfterPaint', () => {
  it('swaps the entry script for the boot script with the page chunks, and drops the no-script note', () => {
    const html = startScriptsAfterPaint(TEMPLATE, ['/assets/$&.js']);
    expect(html).toContain(
      '<script src="/boot.js" defer data-entry="/assets/index.js" data-chunks="/assets/$&amp;.js"></script>',
    );
    expect(html).not.toContain('<noscript>');
    expect(html).not.toContain('type="module"');
  });
});
