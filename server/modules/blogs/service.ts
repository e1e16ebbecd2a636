import type { Blog } from '../../../contract/public-content';
import { RECENT_COUNT } from '../../../contract/page-sizes';
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
