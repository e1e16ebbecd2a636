// The router and the URL builders against the page declaration: every declared page is routed at
// its address, every builder leads to its page, and the learning views share one frame.
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pages, redirects, type PageDeclaration } from './pages';
import { paths } from './paths';
import { appRoutes } from './router';

/** An address of a pattern, each parameter given a sample value. */
const sample = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => `sample-${name}`);
/** The routes an address goes through, each by its id (a page's name), else by its path. */
const routeIds = (url: string) =>
  matchRoutes(appRoutes, url)?.map((match) => match.route.id ?? match.route.path ?? 'layout');

describe('router', () => {
  it('routes every declared page at its address', () => {
    for (const [name, page] of Object.entries(pages)) {
      expect(routeIds(sample(page.path))?.at(-1), page.path).toBe(name);
    }
  });

  it('frames the learning views in one layout route, each view its own route', () => {
    const learning = Object.entries(pages).filter(([, page]) => 'layout' in page && page.module === 'learning');
    expect(learning.map(([name]) => name).sort()).toEqual([
      'chapter',
      'courseJournal',
      'courseSummary',
      'lesson',
      'quiz',
      'quizDemo',
      'video',
    ]);
    for (const [name, page] of learning)
      expect(routeIds(sample(page.path)), name).toEqual(['layout', 'learning.Layout', name]);
    // The course page itself is not inside the frame.
    expect(routeIds(sample(pages.course.path))).toEqual(['layout', 'course']);
  });

  it('frames the staff console’s pages in its own root and layout, outside the site’s frame', () => {
    const console = Object.entries(pages).filter(([, page]) => 'console' in page);
    expect(console.length).toBeGreaterThan(0);
    // The preview's frame shows a draft as the site would: the console's root, not its layout.
    for (const [name, page] of console)
      expect(routeIds(sample(page.path)), name).toEqual(
        name === 'staffPreviewFrame' ? ['layout', name] : ['layout', 'staff.Layout', name],
      );
    // The site's root and the console's are two routes: the first match of a console address is not the site's.
    const roots = appRoutes.map((route) => route.element);
    expect(roots).toHaveLength(2);
    expect(matchRoutes([appRoutes[1]!], sample(pages.staffTranslations.path))?.at(-1)?.route.id).not.toBe(
      'staffTranslations',
    );
  });

  it("finds each page's view (and frame) among its module's exports", async () => {
    for (const [name, page] of Object.entries(pages) as Array<[string, PageDeclaration]>) {
      const module = (await import(`./routes/${page.module}.tsx`)) as Record<string, unknown>;
      expect(typeof module[page.view ?? 'Component'], name).toBe('function');
      if (page.layout) expect(typeof module[page.layout], name).toBe('function');
    }
  });

  it('leads old and unknown addresses on', () => {
    expect(routeIds(redirects.stories.path)).toEqual(['layout', redirects.stories.path]);
    expect(routeIds('/no/such/page')).toEqual(['layout', '*']);
  });
});

describe('paths', () => {
  it('builds addresses the router takes to the page they name', () => {
    const built: Array<[string, string]> = [
      ['home', paths.home()],
      ['about', paths.about()],
      ['login', paths.login('/courses')],
      ['blog', paths.blog('a b/c')],
      ['story', paths.story('s1')],
      ['storiesAll', paths.storiesAll()],
      ['course', paths.course('hi', 'c1')],
      ['courseJournal', paths.courseJournal('hi', 'c1')],
      ['courseSummary', paths.courseSummary('hi', 'c1')],
      ['chapter', paths.chapter('hi', 'c1', 'ch1')],
      ['lesson', paths.lesson('hi', 'c1', 'ch1', 'l1')],
      ['quiz', paths.quiz('hi', 'c1', 'q1')],
      ['quizDemo', paths.quizDemo('hi', 'c1', 'q1')],
      ['video', paths.video('hi', 'c1', 'v1')],
      ['certificateVerify', paths.certificateVerify('JGK/2026/1')],
      ['cyberShield', paths.cyberShield()],
      ['privacy', paths.privacy()],
    ];
    for (const [name, url] of built) expect(routeIds(url.split('?')[0] ?? url)?.at(-1), url).toBe(name);
  });

  it('has a builder for every page without parameters', () => {
    for (const [name, page] of Object.entries(pages).filter(([, page]) => !page.path.includes(':'))) {
      expect((paths as unknown as Record<string, () => string>)[name]?.(), name).toBe(page.path);
    }
  });

  it('encodes each parameter as one segment', () => {
    expect(paths.blog('a b/c')).toBe('/blogs/a%20b%2Fc');
    expect(paths.lesson('hi', 'c1', 'ch1', 'l1')).toBe('/courses/hi/c1/chapter/ch1/lesson/l1');
    expect(paths.login('/courses')).toBe('/login?redirect=%2Fcourses');
  });
});
