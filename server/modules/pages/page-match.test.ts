import { describe, expect, it } from 'vitest';
import type { PageManifestEntry } from '../../../contract/page-manifest';
import { pageMatcher } from './page-match';

const entry = (name: string, path: string): PageManifestEntry => ({
  name,
  path,
  rendered: false,
  namespaces: [],
  scripts: [],
  styles: [],
});

describe('pageMatcher', () => {
  const match = pageMatcher([
    entry('home', '/'),
    entry('story', '/success-stories/:storyId'),
    entry('storiesAll', '/success-stories/all'),
    entry('lesson', '/courses/:lang/:courseId/chapter/:chapterId/lesson/:lessonId'),
    entry('cyberShield', '/vicyberShield'),
    entry('files', '/files/*'),
  ]);
  const name = (pathname: string) => match(pathname)?.page.name;

  it('reads an address as the router does: any case, a trailing slash, a fixed segment before a parameter', () => {
    expect(name('/')).toBe('home');
    expect(name('/vicybershield/')).toBe('cyberShield');
    expect(name('/success-stories/all')).toBe('storiesAll');
    expect(name('/success-stories/abc')).toBe('story');
    expect(name('/success-stories')).toBeUndefined();
    expect(name('/success-stories/a/b')).toBeUndefined();
    expect(name('/nowhere')).toBeUndefined();
  });

  it("gives the address's parameters, decoded", () => {
    expect(match('/courses/hi/c1/chapter/ch%201/lesson/l1')?.params).toEqual({
      lang: 'hi',
      courseId: 'c1',
      chapterId: 'ch 1',
      lessonId: 'l1',
    });
    expect(match('/success-stories/%E0%A4')?.params).toEqual({ storyId: '%E0%A4' });
    expect(match('/files/a/b')?.params).toEqual({ '*': 'a/b' });
  });
});
