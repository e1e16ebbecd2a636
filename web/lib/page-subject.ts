// The read of the item a page is about (a post, a story, a course). When the server renders the page
// and that read answers 404, the page names nothing: the server answers 404 (web/entry-server.tsx).
// Other reads of the page answering 404 (a learner not enrolled yet) say nothing about the page.
export const PAGE_SUBJECT = { pageSubject: true } as const;

export function isPageSubject(meta: Record<string, unknown> | undefined): boolean {
  return meta?.pageSubject === true;
}
