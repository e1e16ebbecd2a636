import { describe, expect, it } from 'vitest';
import { altChanges, altCount, altLanguagesOf, dimensionsOf, mayUpload, thumbnailOf } from './media-facts';

describe('who may do what in the media library', () => {
  it('lets editors and admins upload and write every language, a translator only theirs', () => {
    expect(mayUpload({ roles: ['editor'] })).toBe(true);
    expect(mayUpload({ roles: ['translator'] })).toBe(false);
    expect(altLanguagesOf({ roles: ['admin'], languages: [] })).toHaveLength(10);
    expect(altLanguagesOf({ roles: ['translator'], languages: ['tm', 'hi'] })).toEqual(['hi', 'tm']);
  });
});

describe('altChanges', () => {
  it('sends only what differs, spaces as the server keeps them, and an emptied language as ""', () => {
    const stored = { en: 'A farmer at the bank', hi: 'बैंक में किसान' };
    expect(altChanges(stored, { en: ' A farmer  at the bank ', hi: 'बैंक में एक किसान', tm: 'வங்கியில் விவசாயி' })).toEqual({
      hi: 'बैंक में एक किसान',
      tm: 'வங்கியில் விவசாயி',
    });
    expect(altChanges(stored, { en: '  ' })).toEqual({ en: '' });
    expect(altChanges(stored, { bn: '' })).toEqual({});
  });
});

describe('what a file shows', () => {
  it('counts the languages with a text alternative and takes the smallest copy as the thumbnail', () => {
    expect(altCount({ alt: { en: 'x', ml: 'y' } })).toBe(2);
    const copy = (width: number) => ({
      path: `uploads/by-hash/${width}.webp`,
      contentType: 'image/webp',
      bytes: width,
      width,
    });
    expect(thumbnailOf({ path: 'uploads/by-hash/1280.webp', variants: [copy(1280), copy(640), copy(320)] })).toBe(
      'uploads/by-hash/320.webp',
    );
    expect(thumbnailOf({ path: 'uploads/by-hash/a.svg', variants: [] })).toBe('uploads/by-hash/a.svg');
  });

  it('says dimensions and a video’s length', () => {
    expect(dimensionsOf({ width: 1280, height: 720, durationSeconds: 65.4 })).toBe('1280 × 720 · 1:05');
    expect(dimensionsOf({ width: null, height: null, durationSeconds: null })).toBe('');
  });
});
