// Blogs, success stories, gallery titles and banner items are authored like courses, in the
// languages they exist in. The public calls answer English unless asked for another language, so
// what they answered before is unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BannerDocument, BlogDocument, GalleryDocument, StoryDocument } from '../../../contract/authoring';
import { CONTENT_KINDS } from '../../../contract/content-kinds';
import { emptyDocument } from '../../../contract/empty-documents';
import { testAppPerFile } from '../../test/test-app';
import { signInAsStaff, type SignedIn } from '../../test/sign-in';
import { blogBody, staffApi } from './authoring-test-helpers';

const t = testAppPerFile();
let editor: SignedIn;
let hindi: SignedIn;
let api: ReturnType<typeof staffApi>;

beforeAll(async () => {
  editor = await signInAsStaff(t.app, ['editor']);
  hindi = await signInAsStaff(t.app, ['translator'], { languages: ['hi'] });
  api = staffApi(t.app);
});

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
};

const blog = blogBody('<p>Banks never ask for your PIN.</p><script>x()</script>');

describe('blogs', () => {
  it('are written, published in English and Hindi, shown per language, and unpublished', async () => {
    const { item, head } = await api.create(editor.headers, 'blog', 'fake-kyc', blog);
    expect((head.body as BlogDocument).description).toBe('<p>Banks never ask for your PIN.</p>');
    const en = await api.publishOk(editor.headers, item.id, 'en');

    const start = await api.template<BlogDocument>(hindi.headers, item.id, 'hi');
    expect(start.body).toMatchObject({
      title: '',
      author: '',
      imageAlt: '',
      description: '',
      date: '2026-03-01',
      readTime: 4,
      image: 'uploads/blogs/kyc.svg',
    });
    const translated = {
      ...start.body,
      title: 'नकली KYC कॉल पहचानें',
      author: 'प्रिया',
      imageAlt: 'बजता फ़ोन',
      description: '<p>बैंक कभी PIN नहीं माँगता।</p>',
    };
    await api.saveOk(hindi.headers, item.id, 'hi', 0, translated);
    const hi = await api.publishOk(editor.headers, item.id, 'hi');
    expect(hi.publicId).not.toBe(en.publicId);

    const english = await get<{ response: { rows: { id: string; title: string; createdAt: string }[] } }>(
      '/api/blog/public',
    );
    expect(english.body.response.rows.map((r) => r.id)).toEqual([en.publicId]);
    expect(english.body.response.rows[0]!.createdAt).toBe('2026-03-01T00:00:00.000Z');
    const inHindi = await get<{ response: { rows: { id: string; title: string }[] } }>('/api/blog/public?lang=hi');
    expect(inHindi.body.response.rows.map((r) => r.title)).toEqual(['नकली KYC कॉल पहचानें']);
    expect((await get<{ response: unknown[] }>('/api/blog/public/recent?lang=hi')).body.response).toHaveLength(1);
    expect((await get(`/api/blog/public/${hi.publicId}`)).status).toBe(200);
    expect((await get('/api/blog/public?lang=xx')).status).toBe(400);

    await api.call('POST', `/api/staff/content/${item.id}/hi/unpublish`, editor.headers);
    expect((await get(`/api/blog/public/${hi.publicId}`)).status).toBe(404);
    expect((await get(`/api/blog/public/${en.publicId}`)).status).toBe(200);
  });
});

describe('success stories', () => {
  it('are published with their highlight and date', async () => {
    const story: StoryDocument = {
      authorName: 'Sunita',
      date: '2026-02-01',
      image: 'uploads/stories/sunita.svg',
      imageAlt: 'Sunita at her shop',
      isHighlighted: true,
      description: '<p>I opened an account.</p>',
    };
    const { item } = await api.create(editor.headers, 'story', 'sunita', story);
    const state = await api.publishOk(editor.headers, item.id, 'en');
    const one = await get<{ response: { authorName: string; isHighlighted: boolean } }>(
      `/api/successstories/public/${state.publicId}`,
    );
    expect(one.body.response).toMatchObject({ authorName: 'Sunita', isHighlighted: true });
    const missingImage = await api.create(editor.headers, 'story', 'no-photo', { ...story, image: null });
    expect((await api.publish(editor.headers, missingImage.item.id, 'en')).json()).toMatchObject({
      code: 'publishIncomplete',
      details: [{ field: 'image' }],
    });
  });
});

describe('gallery titles and banner items', () => {
  it('publish a gallery title with its images; images keep their ids when reordered', async () => {
    const gallery: GalleryDocument = {
      title: 'School camps',
      position: 1,
      images: [
        { image: 'uploads/gallery/camp-1.svg', alt: 'Children with leaflets' },
        { image: 'uploads/gallery/camp-2.svg', alt: 'A teacher explaining UPI' },
      ],
    };
    const { item, head } = await api.create(editor.headers, 'gallery', 'school-camps', gallery);
    const state = await api.publishOk(editor.headers, item.id, 'en');
    const titles = await get<{ media: { id: string; title: string }[] }>('/api/media/public/titles');
    expect(titles.body.media).toEqual([{ id: state.publicId, title: 'School camps' }]);
    const images = await get<{ media: { id: string; alt: string }[] }>(`/api/media/public/${state.publicId}`);
    expect(images.body.media.map((i) => i.alt)).toEqual(['Children with leaflets', 'A teacher explaining UPI']);

    const reordered = structuredClone(head.body as GalleryDocument);
    reordered.images.reverse();
    await api.saveOk(editor.headers, item.id, 'en', 1, reordered);
    await api.publishOk(editor.headers, item.id, 'en');
    const after = await get<{ media: { id: string; alt: string }[] }>(`/api/media/public/${state.publicId}`);
    expect(after.body.media.map((i) => i.id)).toEqual(images.body.media.map((i) => i.id).reverse());

    // Unpublishing takes the title and its images off the site.
    await api.call('POST', `/api/staff/content/${item.id}/en/unpublish`, editor.headers);
    expect((await get(`/api/media/public/${state.publicId}`)).status).toBe(404);
    expect((await get<{ media: unknown[] }>('/api/media/public/titles')).body.media).toEqual([]);
  });

  it('publish a banner item in English and Tamil; a banner needs two images', async () => {
    const banner: BannerDocument = {
      title: 'Saath saath',
      subTitle: 'Learning together',
      location: 'Pune',
      position: 1,
      images: [{ image: 'uploads/banners/one.svg', alt: 'A van' }],
    };
    const { item, head } = await api.create(editor.headers, 'banner', 'saath-saath', banner);
    expect((await api.publish(editor.headers, item.id, 'en')).json()).toMatchObject({
      code: 'publishIncomplete',
      details: [{ field: 'images' }],
    });
    const two = {
      ...(head.body as BannerDocument),
      images: [...(head.body as BannerDocument).images, { image: 'uploads/banners/two.svg', alt: 'A crowd' }],
    };
    await api.saveOk(editor.headers, item.id, 'en', 1, two);
    await api.publishOk(editor.headers, item.id, 'en');
    const start = await api.template<BannerDocument>(editor.headers, item.id, 'tm');
    expect(start.body).toMatchObject({ title: '', subTitle: '', location: '', images: [{ alt: '' }, { alt: '' }] });
    const tamil = {
      ...start.body,
      title: 'சாத் சாத்',
      subTitle: 'ஒன்றாகக் கற்போம்',
      location: 'புனே',
      images: start.body.images.map((image, i) => ({ ...image, alt: ['ஒரு வேன்', 'ஒரு கூட்டம்'][i] })),
    };
    await api.saveOk(editor.headers, item.id, 'tm', 0, tamil);
    await api.publishOk(editor.headers, item.id, 'tm');

    const english = await get<{ media: { title: string; sub_title: string; media_images: unknown[] }[] }>(
      '/api/media/public/banner',
    );
    expect(english.body.media).toEqual([
      expect.objectContaining({ title: 'Saath saath', sub_title: 'Learning together', location: 'Pune' }),
    ]);
    expect(english.body.media[0]!.media_images).toHaveLength(2);
    const inTamil = await get<{ media: { title: string }[] }>('/api/media/public/banner?lang=tm');
    expect(inTamil.body.media.map((m) => m.title)).toEqual(['சாத் சாத்']);
  });
});

describe('a new item of each kind', () => {
  it('starts from its kind’s empty document: a draft in its source language, titled as typed, not publishable until filled in', async () => {
    for (const kind of CONTENT_KINDS) {
      const { item, head } = await api.create(
        editor.headers,
        kind,
        `empty-${kind}`,
        emptyDocument(kind, { today: '2026-11-27', title: `New ${kind}` }),
        'hi',
      );
      expect(head).toMatchObject({
        kind,
        lang: 'hi',
        version: { number: 1 },
        state: { status: 'draft', publishedVersion: null },
      });
      const listed = (
        await api.call('GET', `/api/staff/content?kind=${kind}&search=empty-${kind}`, editor.headers)
      ).json() as { items: { id: string; title: string; sourceLang: string }[] };
      expect(listed.items).toEqual([expect.objectContaining({ id: item.id, title: `New ${kind}`, sourceLang: 'hi' })]);
      const refused = await api.publish(editor.headers, item.id, 'hi');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'publishIncomplete' });
    }
  });
});
