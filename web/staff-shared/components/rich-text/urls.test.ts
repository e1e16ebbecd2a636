import { describe, expect, it } from 'vitest';
import { safeLink, storedFileSource, youtubeWatchUrl } from './urls';

describe('what the rich-text editor accepts', () => {
  it('links to the web, mail, telephone and this site', () => {
    expect(safeLink('https://rbi.org.in/x?y=1')).toBe('https://rbi.org.in/x?y=1');
    expect(safeLink('  mailto:help@example.org ')).toBe('mailto:help@example.org');
    expect(safeLink('tel:+911234567890')).toBe('tel:+911234567890');
    expect(safeLink('/courses')).toBe('/courses');
    expect(safeLink('rbi.org.in')).toBe('https://rbi.org.in');
  });

  it('refuses javascript:, data: and other tricks', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>',
      'vbscript:x',
      '//evil.example',
      'https:',
      '',
      'not a link',
    ]) {
      expect(safeLink(bad), bad).toBeNull();
    }
  });

  it('takes pictures and videos only from stored files, and YouTube videos as their watch address', () => {
    expect(storedFileSource('uploads/images/a.jpg')).toBe('/uploads/images/a.jpg');
    expect(storedFileSource('/uploads/images/a.jpg')).toBe('/uploads/images/a.jpg');
    expect(storedFileSource('https://evil.example/a.jpg')).toBeNull();
    expect(storedFileSource('uploads/../secret')).toBeNull();
    expect(youtubeWatchUrl('https://youtu.be/Qm7vKx3pT2c')).toBe('https://www.youtube.com/watch?v=Qm7vKx3pT2c');
    expect(youtubeWatchUrl('https://vimeo.com/1')).toBeNull();
  });
});
