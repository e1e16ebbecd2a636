// A page's title, description and share-preview tags (Open Graph, Twitter), so a link shared on
// WhatsApp shows what it points to: the page's own from the page manifest, or a post's, a story's
// or a course's, asked of the module that owns it.
import type { Db } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import type { PageManifest } from '../../../contract/page-manifest';
import { plainText } from '../../../contract/plain-text';
import { newestBlogImage, publishedBlog } from '../blogs/service';
import { publishedStory } from '../success-stories/service';
import { courseSharePreview } from '../courses/service';
import type { PageMeta } from './html';
import type { PageMatch } from './page-match';

/** Plain text of sanitised HTML, cut at a word boundary: a preview's description. */
export function plainExcerpt(html: string, max = 160): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

export interface SharePreviewContext {
  db: Db;
  site: PageManifest['site'];
  /** The absolute URL of a path on this site. */
  absolute: (path: string) => string;
}

/** The preview of a page that has none of its own. */
export function sitePreview({ site, absolute }: SharePreviewContext, pathname: string): PageMeta {
  return {
    title: site.title,
    description: site.description,
    image: absolute(site.image),
    url: absolute(pathname),
    type: 'website',
  };
}

export async function sharePreview(
  context: SharePreviewContext,
  pathname: string,
  match: PageMatch | undefined,
  lang: LanguageCode,
): Promise<PageMeta> {
  const { db, site, absolute } = context;
  const base = sitePreview(context, pathname);
  if (!match) return base;
  const { page, params } = match;
  const own: PageMeta = {
    ...base,
    title: page.titles ? (page.titles[lang] ?? page.titles.en) : base.title,
    description: page.description ?? base.description,
    ...(page.lcpImage ? { lcpImage: page.lcpImage } : {}),
  };
  // Link previews show raster pictures only.
  const shareImage = (stored: string) =>
    /\.(png|jpe?g|webp)$/i.test(stored) ? absolute(stored) : absolute(site.image);
  const preview = page.preview;
  switch (preview?.content) {
    case 'blog-list': {
      const image = await newestBlogImage(db);
      return { ...own, lcpImage: image ? `/${image.replace(/^\/+/, '')}` : undefined };
    }
    case 'blog': {
      const blog = await publishedBlog(db, params[preview.idParam] ?? '');
      return blog
        ? {
            ...own,
            type: 'article',
            title: `${blog.title} – ${site.name}`,
            description: plainExcerpt(blog.description),
            image: shareImage(blog.image),
          }
        : own;
    }
    case 'story': {
      const story = await publishedStory(db, params[preview.idParam] ?? '');
      return story
        ? {
            ...own,
            type: 'article',
            title: `${story.authorName}: a success story – ${site.name}`,
            description: plainExcerpt(story.description),
            image: shareImage(story.image),
          }
        : own;
    }
    case 'course': {
      const course = await courseSharePreview(db, params[preview.langParam] ?? '', params[preview.idParam] ?? '');
      return course
        ? {
            ...own,
            title: `${course.title} – ${site.name}`,
            description: plainExcerpt(course.description),
            image: shareImage(course.image),
          }
        : own;
    }
    default:
      return own;
  }
}
