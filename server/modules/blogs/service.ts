import type { Blog } from '../../../contract/public-content';
import { RECENT_COUNT } from '../../../contract/page-sizes';
import { UUID_PATTERN } from '../../../contract/ids';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import * as repository from './repository';

const toBlog = (row: repository.BlogRow): Blog => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listBlogs(db: Db, offset: number, limit: number) {
  const [rows, count] = await Promise.all([repository.listPublished(db, offset, limit), repository.countPublished(db)]);
  return { response: { rows: rows.map(toBlog), count } };
}

export async function recentBlogs(db: Db) {
  return { response: (await repository.listPublished(db, 0, RECENT_COUNT)).map(toBlog) };
}

export async function getBlog(db: Db, id: string) {
  const row = await repository.findPublished(db, id);
  if (!row) throw notFound('blogNotFound');
  return { response: toBlog(row) };
}

const UUID = new RegExp(UUID_PATTERN);

/** What a link to a post shows when shared: its title, its text (HTML) and its picture; nothing for an unknown or malformed id. */
export async function blogSharePreview(db: Db, id: string): Promise<{ title: string; description: string; image: string } | undefined> {
  const row = UUID.test(id) ? await repository.findPublished(db, id) : undefined;
  return row && { title: row.title, description: row.description, image: row.image };
}

/** The newest post's picture: the featured article's, the largest thing on the list of posts. */
export async function newestBlogImage(db: Db): Promise<string | undefined> {
  const [newest] = await repository.listPublished(db, 0, 1);
  return newest?.image;
}
