// The web build's list of pages (dist/web/.vite/pages.json), written by the build from the pages
// the web app declares (web/app/pages.ts, via web/app/pages-manifest.ts) and read by the server
// (server/modules/pages/), which knows no page of its own. Nothing here is imported at run time
// but the file's name.
import type { LanguageCode, Script } from './languages';

/** Where the manifest is, inside the web build's folder. */
export const PAGE_MANIFEST_FILE = '.vite/pages.json';

/** The web app manifest of a language in the build (web/app/web-app-manifest.ts), linked from its pages. */
export const webAppManifestFile = (lang: string) => `manifest-${lang}.webmanifest`;

export interface PageManifest {
  /** The share preview of a page that has none of its own. */
  site: SiteSharePreview;
  pages: PageManifestEntry[];
  /**
   * The font files (woff2, weights 400 and 700) of each script, as built: a page in a language of
   * an Indic script preloads them, and so does a learner's view rendered on the server for its
   * course's script, so their text is not drawn first in a fallback font and then moved when the
   * font arrives.
   */
  fonts: Partial<Record<Script, string[]>>;
}

export interface SiteSharePreview {
  /** The site's name, after a page's or a post's title: "Blogs – JGK". */
  name: string;
  title: string;
  description: string;
  /** Path of a raster picture (link previews do not show SVG). */
  image: string;
}

export interface PageManifestEntry {
  /** The page's name in web/app/pages.ts. */
  name: string;
  /** Its address as the router reads it (`/blogs/:blogId`), matched regardless of case, as the router does. */
  path: string;
  /**
   * Rendered to HTML on the server (a public page), only when the visitor has a session
   * (`'signed-in'`: a learner's own view), or left to the browser.
   */
  rendered: boolean | 'signed-in';
  /** The translation namespaces it shows, beside `common`. */
  namespaces: string[];
  /** Its scripts beyond the entry (its own chunk and the chunks that one imports), and their stylesheets. */
  scripts: string[];
  styles: string[];
  /**
   * Its title: in English always when it has one, in another language where the page's heading has a
   * translation there (then "<heading> – <site name>", the title the browser shows once the app runs).
   */
  titles?: Partial<Record<LanguageCode, string>> & { en: string };
  /** Its share-preview description, in English. */
  description?: string;
  /** The picture likely to be the largest on screen, fetched early. */
  lcpImage?: string;
  /** Content in the database that gives the page its share preview. */
  preview?: PagePreview;
  /** A page of the staff console: it asks who is signed in on the staff side, not the learner's session-status. */
  console?: true;
}

/**
 * What the server looks up for a page's share preview, by the names of the page's address
 * parameters: a post, a story or a course (title, excerpt, picture), or the list of posts (the
 * newest one's picture is the featured article's, the largest on screen).
 */
export type PagePreview =
  | { content: 'blog'; idParam: string }
  | { content: 'story'; idParam: string }
  | { content: 'course'; langParam: string; idParam: string }
  | { content: 'blog-list' };
