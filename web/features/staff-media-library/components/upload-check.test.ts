import { describe, expect, it } from 'vitest';
import { MAX_BYTES, MAX_SVG_BYTES } from '../../../../contract/media-rules';
import { acceptOf, checkUpload, formatOf } from './upload-check';

describe('formatOf', () => {
  it('reads the browser’s type first, then the name’s ending, and knows nothing else', () => {
    expect(formatOf({ name: 'photo', type: 'image/jpeg' })).toBe('jpeg');
    expect(formatOf({ name: 'PHOTO.JPEG', type: '' })).toBe('jpeg');
    expect(formatOf({ name: 'drawing.svg', type: '' })).toBe('svg');
    expect(formatOf({ name: 'clip.webm', type: 'video/webm' })).toBe('webm');
    expect(formatOf({ name: 'handbook.pdf', type: 'application/pdf' })).toBe('pdf');
    expect(formatOf({ name: 'setup.exe', type: 'application/x-msdownload' })).toBeUndefined();
    expect(formatOf({ name: 'notes.txt', type: 'text/plain' })).toBeUndefined();
  });
});

describe('checkUpload', () => {
  it('gives the kind of an accepted file within its limit', () => {
    expect(checkUpload({ name: 'a.png', type: 'image/png', size: 1000 })).toEqual({
      ok: true,
      kind: 'image',
      format: 'png',
    });
    expect(checkUpload({ name: 'a.mp4', type: 'video/mp4', size: MAX_BYTES.video })).toEqual({
      ok: true,
      kind: 'video',
      format: 'mp4',
    });
  });

  it('refuses another type, or a kind the caller does not take', () => {
    expect(checkUpload({ name: 'setup.exe', type: '', size: 10 })).toEqual({
      ok: false,
      reason: 'notAccepted',
      kinds: ['image', 'document', 'video'],
    });
    expect(checkUpload({ name: 'a.pdf', type: 'application/pdf', size: 10 }, ['image'])).toEqual({
      ok: false,
      reason: 'notAccepted',
      kinds: ['image'],
    });
  });

  it('refuses an empty file and one over its kind’s limit (an SVG’s own)', () => {
    expect(checkUpload({ name: 'a.png', type: 'image/png', size: 0 })).toEqual({ ok: false, reason: 'empty' });
    expect(checkUpload({ name: 'a.png', type: 'image/png', size: MAX_BYTES.image + 1 })).toEqual({
      ok: false,
      reason: 'tooLarge',
      kind: 'image',
      format: 'png',
      limit: MAX_BYTES.image,
    });
    expect(checkUpload({ name: 'a.svg', type: 'image/svg+xml', size: MAX_SVG_BYTES + 1 })).toMatchObject({
      ok: false,
      reason: 'tooLarge',
      limit: MAX_SVG_BYTES,
    });
    expect(checkUpload({ name: 'a.pdf', type: 'application/pdf', size: MAX_BYTES.image + 1 })).toEqual({
      ok: true,
      kind: 'document',
      format: 'pdf',
    });
  });
});

describe('acceptOf', () => {
  it('lists the types and endings of the kinds asked for', () => {
    expect(acceptOf(['image']).split(',')).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'image/svg+xml',
      '.jpg',
      '.png',
      '.webp',
      '.gif',
      '.svg',
      '.jpeg',
    ]);
    expect(acceptOf(['document'])).toBe('application/pdf,.pdf');
  });
});
