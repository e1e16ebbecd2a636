import { describe, expect, it } from 'vitest';
import { stableId } from '../../lib/stable-id';
import { testAppPerFile } from '../../test/test-app';
import { importedContentPerFile } from '../sample-content/content-fixture';

const t = testAppPerFile();
// van-outreach and sath-sath are also in Hindi.
importedContentPerFile(t, { hindi: true });

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/media/public/banner', () => {
  it('answers the banner items with sub_title, location and media_images', async () => {
    const res = await get('/api/media/public/banner');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json()).toEqual({
      media: [
        {
          id: stableId('banner', 'sath-sath'),
          title: 'Saath saath',
          sub_title: 'Learning together',
          location: 'Pune',
          media_images: [
            { image: 'uploads/banners/sath-1.svg', alt: 'A group learning' },
            { image: 'uploads/banners/sath-2.svg', alt: 'A trainer speaking' },
          ],
        },
        {
          id: stableId('banner', 'gaon-gaon'),
          title: 'Gaon gaon',
          sub_title: '',
          location: '',
          media_images: [
            { image: 'uploads/banners/gaon-1.svg', alt: 'A village meeting' },
            { image: 'uploads/banners/gaon-2.svg', alt: 'A woman using UPI' },
          ],
        },
      ],
    });
  });
});

describe("banner items in the reader's language", () => {
  it('lists each banner item in that language where it has one, else in English', async () => {
    const res = await get('/api/media/public/banner?lang=hi');
    expect(res.statusCode).toBe(200);
    const media = res.json().media as {
      id: string;
      title: string;
      sub_title: string;
      location: string;
      media_images: { alt: string }[];
    }[];
    expect(media.map((m) => [m.id, m.title, m.sub_title, m.location])).toEqual([
      [stableId('banner', 'sath-sath', '@hi'), 'साथ साथ', 'साथ मिलकर सीखना', 'पुणे'],
      [stableId('banner', 'gaon-gaon'), 'Gaon gaon', '', ''],
    ]);
    expect(media[0]!.media_images.map((i) => i.alt)).toEqual(['साथ सीखता एक समूह', 'बोलती हुई प्रशिक्षक']);
    expect((await get('/api/media/public/banner')).json().media.map((m: { title: string }) => m.title)).toEqual([
      'Saath saath',
      'Gaon gaon',
    ]);
  });
});
