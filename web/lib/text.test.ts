import { describe, expect, it } from 'vitest';
import { excerpt, formatDate, nameInitials, truncateChars } from './text';

describe('excerpt', () => {
  it('cuts plain text at the given number of characters', () => {
    expect(excerpt('<p>abc <em>def</em> ghi</p>', 5)).toBe('abc d...');
    expect(truncateChars('short', 10)).toBe('short');
  });
});

describe('formatDate', () => {
  it("dates on India's clock, the same on a server in UTC", () => {
    expect(formatDate('2026-03-01T20:00:00.000Z', 'en')).toBe('March 2, 2026');
    expect(formatDate('2026-03-01T10:00:00.000Z', 'hi')).toBe('1 मार्च 2026');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('nameInitials', () => {
  it('takes whole letters, vowel signs and all, of the first two words', () => {
    expect(nameInitials('मीना रानी')).toBe('मीरा');
    expect(nameInitials('கமலா தேவி')).toBe('கதே');
    expect(nameInitials('ক্ষমা দাস')).toBe('ক্ষদা');
    expect(nameInitials('asha devi rao')).toBe('AD');
    expect(nameInitials('  ')).toBe('?');
  });
});
