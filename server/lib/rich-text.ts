// The one allowlist for every piece of stored rich text (course, lesson, blog and story bodies). Staff
// write markdown or HTML; what is stored is only what this file lets through, so the web can render
// it as HTML without running anything a writer (or someone who took over a staff account) slipped in.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

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
    'h2', 'h3', 'h4', 'p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'a', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'oembed', 'video',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    oembed: ['url'],
    video: ['src', 'controls', 'poster', 'preload'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images and videos come only from this site's stored files: a relative path, never another host.
  allowedSchemesByTag: { img: [], video: [], oembed: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'poster', 'url'],
  allowProtocolRelative: false,
  // script, style and friends lose their text too; other unknown tags keep it.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
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
