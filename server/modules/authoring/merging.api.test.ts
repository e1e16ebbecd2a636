// Two editors at once (ADR 36): a save based on an older version is merged, field by field, with
// what was saved meanwhile, against the version the editor started from: changes to different
// fields are both kept, a field both changed is a conflict (409, each such field named with the
// three values), and a change of structure on either side is left to the person (409, no fields).
import { describe, expect, it } from 'vitest';
import type { BlogDocument, LanguageHead, VersionList } from '../../../contract/authoring';
import { testAppPerFile } from '../../test/test-app';
import type { SignedIn } from '../../test/sign-in';
import { blogBody, courseBody, twoEditorsPerFile } from './authoring-test-helpers';

const t = testAppPerFile();
const editors = twoEditorsPerFile(t);

const save = (who: SignedIn, id: string, held: LanguageHead, body: unknown) =>
  editors.api.call('PUT', `/api/staff/content/${id}/en`, who.headers, {
    baseVersion: held.version.number,
    baseRevision: held.revision,
    body,
  });

describe('two editors at once', () => {
  it('merges changes to different fields, keeping both', async () => {
    const { item, head } = await editors.api.create(editors.asha.headers, 'blog', 'merge-fields', blogBody());
    const start = head.body as BlogDocument;
    // Both open version 1; Asha saves a new title, then Ravi, still on version 1, a new author.
    const ashas = await save(editors.asha, item.id, head, { ...start, title: 'Asha’s title' });
    expect(ashas.statusCode, ashas.body).toBe(200);
    const ravis = await save(editors.ravi, item.id, head, { ...start, author: 'Ravi' });
    expect(ravis.statusCode, ravis.body).toBe(200);
    const merged = ravis.json() as LanguageHead;
    expect(merged.version.number).toBe(3);
    expect(merged.body).toMatchObject({ title: 'Asha’s title', author: 'Ravi' });
    const versions = await editors.api.call('GET', `/api/staff/content/${item.id}/en/versions`, editors.asha.headers);
    expect((versions.json() as VersionList).versions.map((v) => v.createdBy?.name)).toEqual([
      'Ravi Editor',
      'Asha Editor',
      'Asha Editor',
    ]);
  });

  it('answers a field both changed as a conflict, naming it with the three values, and writes nothing', async () => {
    const { item, head } = await editors.api.create(editors.asha.headers, 'blog', 'merge-conflict', blogBody());
    const start = head.body as BlogDocument;
    expect(
      (await save(editors.asha, item.id, head, { ...start, title: 'Asha’s title', author: 'Asha' })).statusCode,
    ).toBe(200);
    const res = await save(editors.ravi, item.id, head, { ...start, title: 'Ravi’s title', readTime: 9 });
    expect(res.statusCode).toBe(409);
    const answer = res.json() as { code: string; current: LanguageHead; conflicts: unknown[] };
    expect(answer.code).toBe('staleVersion');
    expect(answer.current.version.number).toBe(2);
    expect(answer.conflicts).toEqual([
      { field: 'title', base: start.title, mine: 'Ravi’s title', theirs: 'Asha’s title' },
    ]);
    expect((await editors.api.head(editors.asha.headers, item.id, 'en')).version.number).toBe(2);
  });

  it('leaves a change of structure to the person, and keeps a save without a revision checked by number', async () => {
    const { item, head } = await editors.api.create(editors.asha.headers, 'course', 'merge-structure', courseBody());
    const start = head.body as ReturnType<typeof courseBody>;
    const moved = { ...start, chapters: [...start.chapters, { title: 'Extra chapter', lessons: [] }] };
    expect((await save(editors.asha, item.id, head, moved)).statusCode).toBe(200);
    const res = await save(editors.ravi, item.id, head, { ...start, title: 'Ravi’s course' });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { conflicts?: unknown }).conflicts).toBeUndefined();
    // The XLIFF import and older clients send no revision: a conflict, as before.
    const old = await editors.api.save(editors.ravi.headers, item.id, 'en', 1, { ...start, title: 'Old client' });
    expect(old.statusCode).toBe(409);
  });
});
