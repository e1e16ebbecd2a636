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
import { UUID_PATTERN } from '../../../contract/ids';
import type { Db, DbOrTx } from '../../db/client';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import { versionForReader, type ReadModel } from '../../lib/read-models';
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

const UUID = new RegExp(UUID_PATTERN);

/** A published story; undefined for an unknown or malformed id (a share preview asks with any address). */
export async function publishedStory(db: DbOrTx, id: string): Promise<Story | undefined> {
  const row = UUID.test(id) ? await repository.findPublished(db, id) : undefined;
  return row && toStory(row);
}

/** A story; with `lang`, its version in that language when that one is published (a reader who changed language). */
export async function getStory(db: DbOrTx, id: string, lang?: LanguageCode) {
  const inLanguage = UUID.test(id)
    ? await versionForReader((l) => repository.findPublishedIn(db, id, l), lang)
    : undefined;
  const story = inLanguage ? toStory(inLanguage) : await publishedStory(db, id);
  if (!story) throw notFound('storyNotFound');
  return { response: story };
}
