// How many rows a list shows (specification section 9), and the bounds of any page query (plain
// values: the schemas' defaults, the server's first-screen calls and the web's lists import them).

export const BLOG_PAGE_SIZE = 4;
export const STORY_PAGE_SIZE = 6;
/** Blogs and stories in the "recent" lists (home teasers, what to read next). */
export const RECENT_COUNT = 3;
export const COURSE_PAGE_SIZE = 20;
export const PROGRESS_PAGE_SIZE = 20;

/** The most rows one page may ask for. */
export const PAGE_LIMIT_MAX = 50;
/** The most content items one page of the console's list may ask for. */
export const CONTENT_PAGE_MAX = 100;
/** Far past any real list: only stops absurd offsets before they reach the database. */
export const PAGE_OFFSET_MAX = 1_000_000;
