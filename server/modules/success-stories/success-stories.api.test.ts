import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { successStories } from '../../db/schema/success-stories';
import { stableId } from '../../lib/stable-id';
import { testAppPerFile } from '../../test/test-app';
import { importedContentPerFile, storyHindiYaml } from '../sample-content/content-fixture';

const t = testAppPerFile();
// story-01 is also in Hindi; story-02's Hindi version is a draft.
importedContentPerFile(t, { stories: 9, hindi: true }, (fixture) =>
  fixture.write('stories/story-02.hi.yaml', storyHindiYaml(2, 'published: false\n')),
);

const get = (url: string) => t.app.inject({ method: 'GET', url });
// The specification's keys, and `lang`: the language the text is in (ADR 33).
const STORY_KEYS = ['authorName', 'createdAt', 'description', 'id', 'image', 'imageAlt', 'isHighlighted', 'lang'];
type Row = { id: string; authorName: string; isHighlighted: boolean };

describe('GET /api/successstories/public/recent', () => {
  it('answers the three latest published stories as a list', async () => {
    const res = await get('/api/successstories/public/recent');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(Object.keys(body)).toEqual(['response']);
    expect(body.response.map((r: Row) => r.authorName)).toEqual(['Author 9', 'Author 8', 'Author 7']);
    expect(Object.keys(body.response[0]).sort()).toEqual(STORY_KEYS);
  });
});

describe('GET /api/successstories/public', () => {
  it('answers the first page of six published stories, newest first, with the total count', async () => {
    const res = await get('/api/successstories/public');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { response } = res.json();
    expect(Object.keys(response).sort()).toEqual(['count', 'rows']);
    expect(response.count).toBe(9);
    expect(response.rows.map((r: Row) => r.authorName)).toEqual([
      'Author 9',
      'Author 8',
      'Author 7',
      'Author 6',
      'Author 5',
      'Author 4',
    ]);
    expect(response.rows.map((r: Row) => r.isHighlighted)).toEqual([false, true, false, true, false, true]);
    expect(response.rows[0]).toEqual({
      id: stableId('story', 'story-09'),
      authorName: 'Author 9',
      image: 'uploads/stories/story.svg',
      imageAlt: 'Portrait of author 9',
      isHighlighted: false,
      createdAt: '2025-01-10T00:00:00.000Z',
      description: expect.stringContaining('Story 9'),
      lang: 'en',
    });
  });

  it('pages by offset and limit', async () => {
    const second = (await get('/api/successstories/public?offset=6&limit=6')).json();
    expect(second.response.rows.map((r: Row) => r.authorName)).toEqual(['Author 3', 'Author 2', 'Author 1']);
    expect(second.response.count).toBe(9);
    expect(
      (await get('/api/successstories/public?offset=8&limit=1')).json().response.rows.map((r: Row) => r.authorName),
    ).toEqual(['Author 1']);
    expect((await get('/api/successstories/public?offset=9')).json().response).toEqual({ rows: [], count: 9 });
    expect((await get('/api/successstories/public?limit=50')).json().response.rows).toHaveLength(9);
  });

  it.each(['limit=0', 'limit=51', 'limit=x', 'offset=-1', 'offset=1e'])('refuses %s with a 400', async (query) => {
    const res = await get(`/api/successstories/public?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid querystring: (limit|offset)/);
  });

  it('never lists an unpublished story', async () => {
    const all = (await get('/api/successstories/public?limit=50')).json();
    expect(all.response.rows.map((r: Row) => r.authorName)).not.toContain('Author 90');
  });
});

describe('GET /api/successstories/public/{storyId}', () => {
  it('answers one story with its sanitised HTML as stored', async () => {
    const id = stableId('story', 'story-02');
    const res = await get(`/api/successstories/public/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { response } = res.json();
    expect(Object.keys(response).sort()).toEqual(STORY_KEYS);
    expect(response).toMatchObject({ id, authorName: 'Author 2', isHighlighted: true });
    const [stored] = await t.database.db.select().from(successStories).where(eq(successStories.id, id));
    expect(response.description).toBe(stored!.description);
    expect(response.description).not.toMatch(/iframe|evil\.example/);
  });

  it('answers 404 for an unknown id and for an unpublished story', async () => {
    for (const id of ['11111111-1111-4111-8111-111111111111', stableId('story', 'hidden-story')]) {
      const res = await get(`/api/successstories/public/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'storyNotFound',
        message: 'This success story does not exist or is no longer published',
      });
    }
  });

  it('answers 400 for an address that is neither an id nor an address name', async () => {
    const res = await get('/api/successstories/public/Not_A_Name');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid params: storyId is not in the expected format');
  });

  it('opens a story by its address name, and answers 404 for a name nobody gave', async () => {
    const [story] = await t.database.db
      .select()
      .from(successStories)
      .where(eq(successStories.published, true))
      .limit(1);
    expect((await get(`/api/successstories/public/${story!.slug}`)).json().response).toMatchObject({ id: story!.id });
    expect((await get('/api/successstories/public/no-such-story')).statusCode).toBe(404);
  });
});

describe("stories in the reader's language", () => {
  it('lists each story in that language where it is published there, else in English, once', async () => {
    const res = await get('/api/successstories/public?lang=hi&limit=50');
    expect(res.statusCode).toBe(200);
    const { response } = res.json();
    expect(response.count).toBe(9);
    expect(response.rows.map((r: Row) => r.authorName)).toEqual([
      'Author 9',
      'Author 8',
      'Author 7',
      'Author 6',
      'Author 5',
      'Author 4',
      'Author 3',
      'Author 2',
      'लेखक 1',
    ]);
    const hindi = response.rows.at(-1);
    expect(hindi).toMatchObject({
      id: stableId('story', 'story-01', '@hi'),
      imageAlt: 'लेखक 1 का चित्र',
      image: 'uploads/stories/story.svg',
      createdAt: '2025-01-02T00:00:00.000Z',
    });
    expect(hindi.description).toContain('कहानी 1');
    // The draft Hindi story-02 is not shown; its English version is.
    expect(response.rows.filter((r: Row) => r.id === stableId('story', 'story-02'))).toHaveLength(1);
    expect(
      (await get('/api/successstories/public/recent?lang=hi')).json().response.map((r: Row) => r.authorName),
    ).toEqual(['Author 9', 'Author 8', 'Author 7']);
    expect(
      (await get('/api/successstories/public?lang=hi&offset=8&limit=1'))
        .json()
        .response.rows.map((r: Row) => r.authorName),
    ).toEqual(['लेखक 1']);
  });

  it('lists the English stories in a language nothing is translated into, and in English', async () => {
    const english = (await get('/api/successstories/public?limit=50')).json().response;
    expect((await get('/api/successstories/public?lang=tm&limit=50')).json().response).toEqual(english);
    expect(english.rows.map((r: Row) => r.authorName)).not.toContain('लेखक 1');
    expect((await get('/api/successstories/public?lang=xx')).statusCode).toBe(400);
  });

  it("answers one story in the reader's language when it is published there, else in English", async () => {
    const english = stableId('story', 'story-01');
    const hindi = stableId('story', 'story-01', '@hi');
    expect((await get(`/api/successstories/public/${english}?lang=hi`)).json().response).toMatchObject({
      id: hindi,
      authorName: 'लेखक 1',
    });
    expect((await get(`/api/successstories/public/${hindi}?lang=en`)).json().response).toMatchObject({
      id: english,
      authorName: 'Author 1',
    });
    expect((await get(`/api/successstories/public/${hindi}`)).json().response).toMatchObject({ id: hindi, lang: 'hi' });
    // A Tamil reader given the Hindi link reads the English story, marked en.
    expect((await get(`/api/successstories/public/${hindi}?lang=tm`)).json().response).toMatchObject({
      id: english,
      lang: 'en',
    });
    expect((await get(`/api/successstories/public/${english}?lang=tm`)).json().response).toMatchObject({ id: english });
    expect(
      (await get(`/api/successstories/public/${stableId('story', 'story-02')}?lang=hi`)).json().response,
    ).toMatchObject({ authorName: 'Author 2' });
    expect((await get(`/api/successstories/public/${stableId('story', 'hidden-story')}?lang=hi`)).statusCode).toBe(404);
    expect((await get(`/api/successstories/public/${english}?lang=xx`)).statusCode).toBe(400);
  });
});
