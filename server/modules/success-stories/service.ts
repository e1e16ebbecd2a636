import { RECENT_COUNT } from '../../../contract/page-sizes';
import type { Story } from '../../../contract/public-content';
import { UUID_PATTERN } from '../../../contract/ids';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import * as repository from './repository';

const toStory = (row: repository.StoryRow): Story => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listStories(db: Db, offset: number, limit: number) {
  const [rows, count] = await Promise.all([repository.listPublished(db, offset, limit), repository.countPublished(db)]);
  return { response: { rows: rows.map(toStory), count } };
}

export async function recentStories(db: Db) {
  return { response: (await repository.listPublished(db, 0, RECENT_COUNT)).map(toStory) };
}

export async function getStory(db: Db, id: string) {
  const row = await repository.findPublished(db, id);
  if (!row) throw notFound('storyNotFound');
  return { response: toStory(row) };
}

const UUID = new RegExp(UUID_PATTERN);

/** What a link to a story shows when shared: whose it is, its text (HTML) and picture; nothing for an unknown or malformed id. */
export async function storySharePreview(db: Db, id: string): Promise<{ authorName: string; description: string; image: string } | undefined> {
  const row = UUID.test(id) ? await repository.findPublished(db, id) : undefined;
  return row && { authorName: row.authorName, description: row.description, image: row.image };
}
