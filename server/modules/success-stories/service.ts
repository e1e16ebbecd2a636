// Published success stories, newest first, as the public pages read them.
//
// The module's surface for other modules (they call this, never success stories' repository or routes):
// - publishedStory: a story, for share previews (pages)
// - getStory: the public answer for one story, read in a caller's transaction too (authoring's preview of a draft)
// - storyReadModel: a published story version projected into the stories table, and taken off the
//   site (authoring, ADR 29)
import type { StoryDocument } from '../../../contract/authoring';
import { RECENT_COUNT } from '../../../contract/page-sizes';
import type { Story } from '../../../contract/public-content';
import type { Db, DbOrTx } from '../../db/client';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import { itemForReader, type ReadModel } from '../../lib/read-models';
import { notFound } from '../../plugins/errors';
import { storyRow, storyRowId } from './read-model';
import * as repository from './repository';

/** The story read model: a published story language's row, written by authoring's publishing. */
export const storyReadModel: ReadModel<StoryDocument> = {
  rowId: storyRowId,
  project: (tx, item, lang, doc) => repository.writeStory(tx, storyRow(item, lang, doc)),
  withdraw: repository.hideStory,
};

const toStory = (row: repository.StoryRow): Story => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listStories(db: Db, lang: LanguageCode = DEFAULT_LANGUAGE, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    repository.listPublished(db, lang, offset, limit),
    repository.countPublished(db, lang),
  ]);
  return { response: { rows: rows.map(toStory), count } };
}

export async function recentStories(db: Db, lang: LanguageCode = DEFAULT_LANGUAGE) {
  return { response: (await repository.listPublished(db, lang, 0, RECENT_COUNT)).map(toStory) };
}

const finders = (db: DbOrTx) => ({
  byId: (id: string) => repository.findPublished(db, id),
  byIdIn: (id: string, lang: LanguageCode) => repository.findPublishedIn(db, id, lang),
  bySlugIn: (slug: string, lang: LanguageCode) => repository.findPublishedBySlug(db, slug, lang),
  bySlug: (slug: string) => repository.findAnyPublishedBySlug(db, slug),
});

/** A published story by its id or address name; undefined for anything else (a share preview asks with any address). */
export async function publishedStory(db: DbOrTx, address: string): Promise<Story | undefined> {
  const row = await itemForReader(address, undefined, finders(db));
  return row && toStory(row);
}

/** A story by its id or address name; with `lang`, its version in that language when that one is published (a reader who changed language). */
export async function getStory(db: DbOrTx, address: string, lang?: LanguageCode) {
  const row = await itemForReader(address, lang, finders(db));
  if (!row) throw notFound('storyNotFound');
  return { response: toStory(row) };
}
