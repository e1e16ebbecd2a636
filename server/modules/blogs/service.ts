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
import { UUID_PATTERN } from '../../../contract/ids';
import type { Db, DbOrTx } from '../../db/client';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/languages';
import { versionForReader, type ReadModel } from '../../lib/read-models';
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

const UUID = new RegExp(UUID_PATTERN);

/** A published post; undefined for an unknown or malformed id (a share preview asks with any address). */
export async function publishedBlog(db: DbOrTx, id: string): Promise<Blog | undefined> {
  const row = UUID.test(id) ? await repository.findPublished(db, id) : undefined;
  return row && toBlog(row);
}

/** A post; with `lang`, its version in that language when that one is published (a reader who changed language). */
export async function getBlog(db: DbOrTx, id: string, lang?: LanguageCode) {
  const inLanguage = UUID.test(id)
    ? await versionForReader((l) => repository.findPublishedIn(db, id, l), lang)
    : undefined;
  const blog = inLanguage ? toBlog(inLanguage) : await publishedBlog(db, id);
  if (!blog) throw notFound('blogNotFound');
  return { response: blog };
}

/** The newest post's picture: the featured article's, the largest thing on the list of posts. */
export async function newestBlogImage(db: Db): Promise<string | undefined> {
  const [newest] = await repository.listPublished(db, DEFAULT_LANGUAGE, 0, 1);
  return newest?.image;
}
