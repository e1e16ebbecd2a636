// Public content changes rarely: a minute of caching in browsers and proxies spares the database on
// busy days, and an edit still shows within a minute.
export const PUBLIC_CACHE = 'public, max-age=60';
