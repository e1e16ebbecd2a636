// Excerpts for cards: plain text from sanitised HTML, cut as the specification says.

// Elements that end a block of text: a heading, a paragraph or a list item runs into the next one
// unless something separates them ("...yours alone Never tell...").
const BLOCKS = 'address,article,aside,blockquote,br,dd,div,dl,dt,figcaption,figure,footer,h1,h2,h3,h4,h5,h6,header,hr,li,ol,p,pre,section,table,td,th,tr,ul';
const BLOCK_END = new RegExp(`</(?:${BLOCKS.replace(/,/g, '|')})\\s*>|<(?:br|hr)\\b[^>]*>`, 'gi');
const BREAK = '\u2029';
// A block already ending a sentence (Latin or Indic full stop, possibly inside quotes) needs only a space.
const SENTENCE_END = /[.!?:;…।॥]["'”’)\]]*$/u;

function joinBlocks(text: string): string {
  const blocks = text
    .split(BREAK)
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return blocks.map((block, index) => (index < blocks.length - 1 && !SENTENCE_END.test(block) ? `${block}.` : block)).join(' ');
}

/** Text content of an HTML string, whitespace collapsed, each block ending a sentence. */
export function plainText(html: string): string {
  if (typeof DOMParser !== 'undefined') {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    for (const element of doc.body.querySelectorAll(BLOCKS)) element.append(BREAK);
    return joinBlocks(doc.body.textContent ?? '');
  }
  return joinBlocks(html.replace(BLOCK_END, BREAK).replace(/<[^>]*>/g, ' '));
}

/** The first `max` characters, plus "..." when something was cut. */
export function truncateChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}...`;
}

/** The first `max` words, plus an ellipsis when something was cut. */
export function truncateWords(text: string, max: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= max ? words.join(' ') : `${words.slice(0, max).join(' ')}…`;
}

export function excerpt(html: string, maxChars: number): string {
  return truncateChars(plainText(html), maxChars);
}

/** Dates as the visitor's language writes them. */
export function formatDate(value: string | Date, bcp47: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(bcp47, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
