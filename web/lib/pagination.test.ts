import { describe, expect, it } from 'vitest';
import { hasNext, hasPrevious, lastPage, pageOffset, pageSearch, pageWithin, parsePage } from './pagination';
import { plainText } from '../../contract/plain-text';
import { truncateChars, truncateWords } from './text';

describe('pagination', () => {
  it('follows the specification', () => {
    expect(pageOffset(1, 4)).toBe(0);
    expect(pageOffset(3, 6)).toBe(12);
    expect(hasPrevious(1)).toBe(false);
    expect(hasPrevious(2)).toBe(true);
    expect(hasNext(1, 4, 4)).toBe(false);
    expect(hasNext(1, 4, 5)).toBe(true);
    expect(hasNext(2, 4, 8)).toBe(false);
    expect(hasNext(2, 6, 13)).toBe(true);
  });

  it('shows the last page for a page past the end', () => {
    expect(lastPage(4, 6)).toBe(2);
    expect(lastPage(4, 8)).toBe(2);
    expect(lastPage(4, 9)).toBe(3);
    expect(lastPage(6, 0)).toBe(1);
    expect(pageWithin(999, 4, 6)).toBe(2);
    expect(pageWithin(2, 4, 6)).toBe(2);
    expect(pageWithin(1, 4, 6)).toBe(1);
    expect(pageWithin(5, 6, 0)).toBe(1);
    expect(pageWithin(999, 4, undefined)).toBe(999);
  });

  it('reads a page number defensively', () => {
    expect(parsePage('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', '1.5', 'x']) expect(parsePage(bad)).toBe(1);
  });

  it('writes a later page into ?page= and gives page 1 no parameter', () => {
    expect(pageSearch(4)).toEqual({ page: '4' });
    expect(pageSearch(1)).toEqual({});
  });
});

describe('text', () => {
  it('cuts by characters and by words', () => {
    expect(truncateChars('abcdef', 3)).toBe('abc...');
    expect(truncateChars('abc', 3)).toBe('abc');
    expect(truncateChars('नमस्ते', 2)).toBe('नम...');
    expect(truncateWords('one two three', 2)).toBe('one two…');
  });

  it('makes plain text in which every block ends a sentence', () => {
    expect(plainText('<p>a <b>b</b></p>\n<p>c</p>')).toBe('a b. c');
    expect(
      plainText(
        '<h2>Your PIN is yours alone</h2><ul><li><strong>Never tell your PIN</strong> to anyone.</li><li>Change it</li></ul>',
      ),
    ).toBe('Your PIN is yours alone. Never tell your PIN to anyone. Change it');
    expect(plainText('<p>Done!</p><p>“Quoted.”</p><p>नमस्ते।</p><p>line<br>next</p>')).toBe(
      'Done! “Quoted.” नमस्ते। line. next',
    );
    expect(plainText('<ul><li><p>nested</p></li></ul><p>after</p>')).toBe('nested. after');
    expect(plainText('plain')).toBe('plain');
  });
});
