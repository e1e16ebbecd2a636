// The page's HTML: the built index.html with the page's language, head tags (title, share
// preview, preload hints, inline data) and rendered markup put in. Every insertion goes through a
// replacement function, never a replacement string: in a string, `$&`, `$'` or `` $` `` (a path or
// a post title may hold them) would be read as patterns and copy parts of the page around.

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** JSON that can sit inside a <script type="application/json"> element: nothing in it can close the element. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of a raster image (link previews do not show SVG). */
  image: string;
  url: string;
  type: 'website' | 'article';
  /** The picture likely to be the largest on screen, fetched early. */
  lcpImage?: string;
}

export function renderHeadTags(meta: PageMeta, siteName: string): string {
  const e = escapeHtml;
  return [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(meta.url)}" />`,
    `<meta property="og:site_name" content="${e(siteName)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(meta.url)}" />`,
    `<meta property="og:image" content="${e(meta.image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
    `<meta name="twitter:image" content="${e(meta.image)}" />`,
    ...(meta.lcpImage ? [`<link rel="preload" as="image" href="${e(meta.lcpImage)}" fetchpriority="high" />`] : []),
  ].join('\n    ');
}

/**
 * A page rendered on the server starts its scripts once it has been painted (web/public/boot.js):
 * the entry script and the chunk preloads of the built page are replaced by the boot script,
 * which carries them (with the page's own chunks) as attributes. The stylesheet stays in the head.
 */
export function startScriptsAfterPaint(html: string, pageChunks: string[]): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry?.[1]) return html;
  const chunks = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1] as string,
  );
  const all = [...new Set([...chunks, ...pageChunks])];
  const boot = `<script src="/boot.js" defer data-entry="${escapeHtml(entry[1])}" data-chunks="${escapeHtml(all.join(' '))}"></script>`;
  return (
    html
      .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, () => '')
      .replace(entry[0], () => boot)
      // The page reads without scripts; only its controls need them.
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, () => '')
  );
}

export interface PageParts {
  /** Attributes of <html> (language and script). */
  htmlAttributes: string;
  /** Everything between the template's <!--head-tags--> markers. */
  head: string;
  /** The markup inside #root (empty for a page the browser renders). */
  root: string;
}

export function assemblePage(template: string, parts: PageParts): string {
  return template
    .replace(/<html lang="[^"]*"/, () => `<html ${parts.htmlAttributes}`)
    .replace(/<!--head-tags-->[\s\S]*?<!--\/head-tags-->/, () => parts.head)
    .replace('<div id="root"></div>', () => `<div id="root">${parts.root}</div>`);
}
