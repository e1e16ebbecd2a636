// The one allowlist for every piece of stored rich text (course, lesson, blog and story bodies). Staff
// write markdown or HTML; what is stored is only what this file lets through, so the web can render
// it as HTML without running anything a writer (or someone who took over a staff account) slipped in.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_LINK_SCHEMES } from '../../contract/content-kinds';

// A private instance: other code configuring the global `marked` must not change stored content.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const YOUTUBE_URL =
  /^https?:\/\/(?:(?:www\.|m\.)?youtube\.com\/watch\?(?:[^#\s]*&)?v=[A-Za-z0-9_-]{11}(?:[&#][^\s]*)?|youtu\.be\/[A-Za-z0-9_-]{11}(?:[?#][^\s]*)?)$/;

export function isYoutubeUrl(url: string): boolean {
  return YOUTUBE_URL.test(url);
}

const isExternal = (href: string) => /^https?:\/\//i.test(href.trim());

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'em',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'oembed',
    'video',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    oembed: ['url'],
    video: ['src', 'controls', 'poster', 'preload'],
  },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  // Images and videos come only from this site's stored files: a relative path, never another host.
  allowedSchemesByTag: { img: [], video: [], oembed: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster', 'url'],
  allowProtocolRelative: false,
  // script, style and friends lose their text too; other unknown tags keep it.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
  ],
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      const href = rest.href ?? '';
      return {
        tagName,
        attribs: isExternal(href) ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    video: (tagName, attribs) => ({ tagName, attribs: { ...attribs, controls: '', preload: 'none' } }),
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'oembed') return !isYoutubeUrl(frame.attribs.url ?? '');
    if (frame.tag === 'img' || frame.tag === 'video') return !frame.attribs.src;
    return false;
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

export function markdownToSafeHtml(md: string): string {
  return sanitizeRichText(markdown.parse(md) as string);
}

const RENAMED: Record<string, string> = { h1: 'h2', h5: 'h4', h6: 'h4', b: 'strong', i: 'em' };
const allowedTags = new Set(OPTIONS.allowedTags as string[]);
const allowedAttributes = OPTIONS.allowedAttributes as Record<string, string[]>;
const schemesByTag = OPTIONS.allowedSchemesByTag as Record<string, string[]>;

/**
 * What the allowlist would drop from a piece of HTML, named for a person to read: tags and
 * attributes it does not allow, and links or sources with a scheme it does not allow. For reporting
 * only (a translator's imported text is refused with it); sanitizeRichText is what guards.
 */
export function disallowedMarkup(html: string): string[] {
  const found = new Set<string>();
  for (const [, rawTag = '', rest = ''] of html.matchAll(
    /<\/?([A-Za-z][A-Za-z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g,
  )) {
    const written = rawTag.toLowerCase();
    const tag = RENAMED[written] ?? written;
    if (!allowedTags.has(tag)) {
      found.add(`<${written}>`);
      continue;
    }
    for (const [, rawName = '', rawValue] of rest.matchAll(/([^\s=/"'>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const name = rawName.toLowerCase();
      if (!(allowedAttributes[tag] ?? []).includes(name)) {
        found.add(`${name} on <${written}>`);
        continue;
      }
      const value = (rawValue ?? '').replace(/^["']|["']$/g, '').trim();
      const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase();
      if (
        scheme &&
        (OPTIONS.allowedSchemesAppliedToAttributes ?? []).includes(name) &&
        !(schemesByTag[tag] ?? (OPTIONS.allowedSchemes as string[])).includes(scheme)
      ) {
        found.add(`${scheme}: in ${name} on <${written}>`);
      }
    }
  }
  return [...found];
}
