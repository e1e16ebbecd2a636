// Plain text of the sanitised HTML the API serves (blog, story and course descriptions): the web's
// cards and excerpts, and the server's share previews, read it the same way. Imports nothing, so
// the web bundles only this function and the server runs the very same one.

// Elements that end a block of text: a heading, a paragraph or a list item runs into the next one
// unless something separates them ("...yours alone Never tell...").
const BLOCKS =
  'address,article,aside,blockquote,br,dd,div,dl,dt,figcaption,figure,footer,h1,h2,h3,h4,h5,h6,header,hr,li,ol,p,pre,section,table,td,th,tr,ul';
const BLOCK_END = new RegExp(`</(?:${BLOCKS.replace(/,/g, '|')})\\s*>|<(?:br|hr)\\b[^>]*>`, 'gi');
const BREAK = '\u2029';
// A block already ending a sentence (Latin or Indic full stop, possibly inside quotes) needs only a space.
const SENTENCE_END = /[.!?:;…।॥]["'”’)\]]*$/u;

function joinBlocks(text: string): string {
  const blocks = text
    .split(BREAK)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return blocks
    .map((block, index) => (index < blocks.length - 1 && !SENTENCE_END.test(block) ? `${block}.` : block))
    .join(' ');
}

// The stored HTML is sanitised (server/lib/rich-text.ts): text in it carries no entity but these.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * Text content of an HTML string, whitespace collapsed, each block ending a sentence. The same
 * string on the server and in the browser (a page rendered on the server must hydrate unchanged),
 * so no DOMParser: tags are dropped (inline ones join their text, as textContent does).
 */
export function plainText(html: string): string {
  return joinBlocks(decodeEntities(html.replace(BLOCK_END, BREAK).replace(/<[^>]*>/g, '')));
}
