import type { Blog } from '../../../contract/public-content';
import { RECENT_COUNT } from '../../../contract/public-content';
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
  if (!row) throw notFound('This blog post does not exist or is no longer published');
  return { response: toBlog(row) };
}
