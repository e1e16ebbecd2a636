// Published blog posts, newest first, as the public pages read them.
//
// The module's surface for other modules (they call these, never blogs' repository or routes):
// - publishedBlog, newestBlogImage: a post, and the featured post's picture, for share previews (pages)
// - getBlog: the public answer for one post, read in a caller's transaction too (authoring's preview of a draft)
// - blogReadModel: a published post version projected into the blogs table, and taken off the site
//   (authoring, ADR 29)
import type { BlogDocument } from '../../../contract/authoring';
import type { Blog } from '../../../contract/public-content';
import { RECENT_COUNT } from '../../../contract/page-sizes';
import type { Db, DbOrTx } from '../../db/client';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import { itemForReader, type ReadModel } from '../../lib/read-models';
import { notFound } from '../../plugins/errors';
import { blogRow, blogRowId } from './read-model';
import * as repository from './repository';

/** The blog read model: a published post language's row, written by authoring's publishing. */
export const blogReadModel: ReadModel<BlogDocument> = {
  rowId: blogRowId,
  project: (tx, item, lang, doc) => repository.writeBlog(tx, blogRow(item, lang, doc)),
  withdraw: repository.hideBlog,
};

const toBlog = (row: repository.BlogRow): Blog => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listBlogs(db: Db, lang: LanguageCode = DEFAULT_LANGUAGE, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    repository.listPublished(db, lang, offset, limit),
    repository.countPublished(db, lang),
  ]);
  return { response: { rows: rows.map(toBlog), count } };
}

export async function recentBlogs(db: Db, lang: LanguageCode = DEFAULT_LANGUAGE) {
  return { response: (await repository.listPublished(db, lang, 0, RECENT_COUNT)).map(toBlog) };
}

const finders = (db: DbOrTx) => ({
  byId: (id: string) => repository.findPublished(db, id),
  byIdIn: (id: string, lang: LanguageCode) => repository.findPublishedIn(db, id, lang),
  bySlugIn: (slug: string, lang: LanguageCode) => repository.findPublishedBySlug(db, slug, lang),
  bySlug: (slug: string) => repository.findAnyPublishedBySlug(db, slug),
});

/** A published blog by its id or address name; undefined for anything else (a share preview asks with any address). */
export async function publishedBlog(db: DbOrTx, address: string): Promise<Blog | undefined> {
  const row = await itemForReader(address, undefined, finders(db));
  return row && toBlog(row);
}

/** A blog by its id or address name; with `lang`, its version in that language when that one is published (a reader who changed language). */
export async function getBlog(db: DbOrTx, address: string, lang?: LanguageCode) {
  const row = await itemForReader(address, lang, finders(db));
  if (!row) throw notFound('blogNotFound');
  return { response: toBlog(row) };
}

/** The newest post's picture: the featured article's, the largest thing on the list of posts. */
export async function newestBlogImage(db: Db): Promise<string | undefined> {
  const [newest] = await repository.listPublished(db, DEFAULT_LANGUAGE, 0, 1);
  return newest?.image;
}
