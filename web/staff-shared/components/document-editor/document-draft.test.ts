import { describe, expect, it } from 'vitest';
import type { BannerDocument, BlogDocument, GalleryDocument } from '../../../../contract/authoring';
import { adoptKeys, conflictRows, documentOf, draftOf, moveItem, newUid, type Uid } from './document-draft';

type Image = GalleryDocument['images'][number];
type GalleryDraft = Omit<GalleryDocument, 'images'> & { images: (Image & Uid)[] };

const gallery = (): GalleryDocument => ({
  title: 'मेला',
  position: 2,
  images: [
    { key: 'stall', image: 'uploads/by-hash/aa/stall.webp', alt: 'दुकान' },
    { key: 'crowd', image: 'uploads/by-hash/bb/crowd.webp', alt: 'भीड़' },
  ],
});

const blog = (): BlogDocument => ({
  title: 'Safe UPI',
  author: 'Asha',
  date: '2026-11-01',
  readTime: 4,
  image: null,
  imageAlt: '',
  description: '<p>Never share a PIN.</p>',
});

describe('a document as an editor holds it, whatever its kind', () => {
  it('gives every element of a list an editor’s id, and sends the document back as it came', () => {
    const draft = draftOf<GalleryDraft>('gallery', gallery());
    expect(draft.images.every((image) => image.uid.length > 0)).toBe(true);
    expect(new Set(draft.images.map((image) => image.uid)).size).toBe(2);
    expect(documentOf('gallery', draft)).toEqual(gallery());
    // A kind without lists is its document as it is.
    expect(documentOf('blog', draftOf('blog', blog()))).toEqual(blog());
  });

  it('sends a new picture without a key, and takes the key the server gave wherever the picture moved meanwhile', () => {
    const sent = draftOf<GalleryDraft>('gallery', gallery());
    const added = { uid: newUid(), image: 'uploads/by-hash/cc/new.webp', alt: '' };
    sent.images.push(added);
    const doc = documentOf<GalleryDocument>('gallery', sent);
    expect('key' in doc.images[2]!).toBe(false);
    expect(JSON.stringify(doc)).not.toContain('uid');
    const saved = {
      ...doc,
      images: doc.images.map((image, index) => (index === 2 ? { ...image, key: 'given1' } : image)),
    };
    const now = { ...sent, images: moveItem(sent.images, 2, 0) };
    const adopted = adoptKeys('gallery', now, sent, saved);
    expect(adopted.images.map((image) => image.key)).toEqual(['given1', 'stall', 'crowd']);
    expect(adopted.images[0]!.uid).toBe(added.uid);
  });

  it('lists a banner’s differing fields with the picture each belongs to, and says which fields are HTML', () => {
    const banner: BannerDocument = {
      title: 'Camp',
      subTitle: '',
      location: 'Pune',
      position: 1,
      images: [{ key: 'a', image: 'uploads/a.webp', alt: 'Tent' }],
    };
    const mine = draftOf<Omit<BannerDocument, 'images'> & { images: (Image & Uid)[] }>('banner', banner);
    mine.images[0]!.alt = 'A tent';
    mine.images.push({ uid: newUid(), image: 'uploads/b.webp', alt: 'Queue' });
    const rows = conflictRows('banner', { ...banner, location: 'Nashik' }, mine);
    expect(rows.find((row) => row.field === 'images[a].alt')).toMatchObject({
      element: { list: 'images', title: 'A tent' },
      change: 'changed',
      theirs: 'Tent',
      mine: 'A tent',
      rich: false,
    });
    expect(rows.find((row) => row.field === 'location')).toMatchObject({
      element: null,
      theirs: 'Nashik',
      mine: 'Pune',
    });
    expect(rows.find((row) => row.field === 'images[new-1].image')).toMatchObject({
      change: 'added',
      mine: 'uploads/b.webp',
    });
    const post = conflictRows('blog', blog(), { ...blog(), description: '<p>Never share an OTP.</p>' });
    expect(post).toEqual([expect.objectContaining({ field: 'description', rich: true })]);
  });
});
