// Writes a published document's rows into the public tables (the projection, ADR 19), inside the
// caller's transaction. Each write compares with what is stored first and touches only rows that
// differ, so publishing or importing the same document again changes nothing (not even updated_at),
// and a row no longer in the document is deleted along with what hangs off it.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { contentItems } from '../../db/schema/authoring';
import { blogs } from '../../db/schema/blogs';
import { chapters, courses, courseVideos, lessons, options, questions, quizzes } from '../../db/schema/courses';
import { bannerImages, bannerItems, mediaImages, mediaTitles } from '../../db/schema/media';
import { successStories } from '../../db/schema/success-stories';

export type Status = 'created' | 'updated' | 'unchanged';

/** The stored row has the slug but another id (made outside the content files): never overwrite it. */
export class ContentConflictError extends Error {}

type Row = { id: string } & Record<string, unknown>;
type TableWithId = PgTable & { id: PgColumn };

// Any number: it only has to be the same in every process importing into one database, so that two
// servers starting together on PostgreSQL import one after the other instead of colliding.
const IMPORT_LOCK_KEY = 7_413_002_101;

/** An import's writes in one transaction, taken after any other server's import into the database. */
export function importTransaction<T>(db: Db, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
    return write(tx);
  });
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b || (a == null && b == null);
}

/** The fields of `desired` whose stored value differs; undefined means "leave as stored". */
function differences(stored: Record<string, unknown>, desired: Record<string, unknown>): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(desired)) {
    if (key === 'id' || value === undefined) continue;
    if (!same(stored[key], value)) diff[key] = value;
  }
  return diff;
}

/** Inserts the desired rows that are missing and updates those that differ; returns how many it changed. */
async function upsertRows(tx: DbOrTx, table: TableWithId, stored: Row[], desired: Row[]): Promise<number> {
  const byId = new Map(stored.map((row) => [row.id, row]));
  const inserts: Row[] = [];
  let changes = 0;
  for (const row of desired) {
    const current = byId.get(row.id);
    if (!current) {
      inserts.push(row);
      continue;
    }
    const diff = differences(current, row);
    if (Object.keys(diff).length) {
      await tx.update(table).set(diff as never).where(eq(table.id, row.id));
      changes++;
    }
  }
  if (inserts.length) await tx.insert(table).values(inserts as never);
  return changes + inserts.length;
}

/** Deletes the stored rows the desired set no longer has (and, by cascade, what hangs off them). */
async function deleteMissing(tx: DbOrTx, table: TableWithId, stored: Row[], desired: Row[]): Promise<number> {
  const wanted = new Set(desired.map((row) => row.id));
  const removed = stored.filter((row) => !wanted.has(row.id)).map((row) => row.id);
  if (removed.length) await tx.delete(table).where(inArray(table.id, removed));
  return removed.length;
}

/** Makes the stored set of rows equal the desired one; returns how many rows it changed. */
async function syncRows(tx: DbOrTx, table: TableWithId, stored: Row[], desired: Row[]): Promise<number> {
  const removed = await deleteMissing(tx, table, stored, desired);
  return removed + (await upsertRows(tx, table, stored, desired));
}

async function selectByIds(tx: DbOrTx, table: TableWithId, column: PgColumn, ids: string[]): Promise<Row[]> {
  if (!ids.length) return [];
  return (await tx.select().from(table as PgTable).where(inArray(column, ids))) as Row[];
}

/** The top-level row: insert, update only what differs (and then updated_at), or leave it. */
async function upsertRoot(
  tx: DbOrTx,
  table: TableWithId,
  row: Row,
  clash: { where: ReturnType<typeof and>; describe: string },
  options: { hasUpdatedAt: boolean; childChanges?: () => Promise<number> },
): Promise<Status> {
  const [stored] = (await tx.select().from(table as PgTable).where(eq(table.id, row.id))) as Row[];
  if (!stored) {
    const [other] = await tx.select({ id: table.id }).from(table as PgTable).where(and(clash.where, ne(table.id, row.id)));
    if (other) throw new ContentConflictError(`${clash.describe} already exists with another id (${String(other.id)}); rename the slug or remove that row`);
    await tx.insert(table).values(row as never);
    await options.childChanges?.();
    return 'created';
  }
  const diff = differences(stored, row);
  const childChanges = (await options.childChanges?.()) ?? 0;
  if (!Object.keys(diff).length && childChanges === 0) return 'unchanged';
  if (options.hasUpdatedAt) diff.updatedAt = new Date();
  if (Object.keys(diff).length) await tx.update(table).set(diff as never).where(eq(table.id, row.id));
  return 'updated';
}

export interface CourseRows {
  course: typeof courses.$inferInsert & { id: string };
  chapters: (typeof chapters.$inferInsert & { id: string })[];
  lessons: (typeof lessons.$inferInsert & { id: string })[];
  videos: (typeof courseVideos.$inferInsert & { id: string })[];
  quizzes: (typeof quizzes.$inferInsert & { id: string })[];
  questions: (typeof questions.$inferInsert & { id: string })[];
  options: (typeof options.$inferInsert & { id: string })[];
}

/**
 * A course language's rows as the document says. Chapters are written before lessons and removed
 * only after them, so a lesson moved out of a removed chapter is moved, not deleted with it (its
 * learners' completions stay).
 */
export async function writeCourse(tx: DbOrTx, rows: CourseRows): Promise<Status> {
  const courseId = rows.course.id;
  return upsertRoot(
    tx,
    courses,
    rows.course,
    {
      where: and(eq(courses.slug, rows.course.slug), eq(courses.lang, rows.course.lang)),
      describe: `A course with slug ${rows.course.slug} (${rows.course.lang})`,
    },
    {
      hasUpdatedAt: true,
      async childChanges() {
        // Parents before children, so every insert finds the row it refers to.
        const storedChapters = (await tx.select().from(chapters).where(eq(chapters.courseId, courseId))) as Row[];
        const storedQuizzes = (await tx.select().from(quizzes).where(eq(quizzes.courseId, courseId))) as Row[];
        const storedQuestions = await selectByIds(tx, questions, questions.quizId, storedQuizzes.map((q) => q.id));
        const storedOptions = await selectByIds(tx, options, options.questionId, storedQuestions.map((q) => q.id));
        let changes = 0;
        changes += await upsertRows(tx, chapters, storedChapters, rows.chapters);
        changes += await syncRows(tx, lessons, (await tx.select().from(lessons).where(eq(lessons.courseId, courseId))) as Row[], rows.lessons);
        changes += await deleteMissing(tx, chapters, storedChapters, rows.chapters);
        changes += await syncRows(tx, courseVideos, (await tx.select().from(courseVideos).where(eq(courseVideos.courseId, courseId))) as Row[], rows.videos);
        changes += await syncRows(tx, quizzes, storedQuizzes, rows.quizzes);
        changes += await syncRows(tx, questions, storedQuestions, rows.questions);
        changes += await syncRows(tx, options, storedOptions, rows.options);
        return changes;
      },
    },
  );
}

/**
 * Hides or shows a language's public row (unpublish, delete, restore). Hidden rows stay, and with
 * them every learner's enrolment, completions and ratings of the course. Returns whether it changed.
 */
export async function setPublished(tx: DbOrTx, table: typeof courses | typeof blogs | typeof successStories, id: string, published: boolean): Promise<boolean> {
  const changed = await tx
    .update(table)
    .set({ published, updatedAt: new Date() })
    .where(and(eq(table.id, id), ne(table.published, published)))
    .returning({ id: table.id });
  return changed.length > 0;
}

export function writeBlog(tx: DbOrTx, row: typeof blogs.$inferInsert & { id: string }): Promise<Status> {
  return upsertRoot(tx, blogs, row, { where: and(eq(blogs.slug, row.slug), eq(blogs.lang, row.lang!)), describe: `A blog with slug ${row.slug} (${row.lang})` }, { hasUpdatedAt: true });
}

export function writeStory(tx: DbOrTx, row: typeof successStories.$inferInsert & { id: string }): Promise<Status> {
  return upsertRoot(
    tx,
    successStories,
    row,
    { where: and(eq(successStories.slug, row.slug), eq(successStories.lang, row.lang!)), describe: `A success story with slug ${row.slug} (${row.lang})` },
    { hasUpdatedAt: true },
  );
}

export interface GalleryRows {
  title: typeof mediaTitles.$inferInsert & { id: string };
  images: (typeof mediaImages.$inferInsert & { id: string })[];
}

export interface BannerRows {
  banner: typeof bannerItems.$inferInsert & { id: string };
  images: (typeof bannerImages.$inferInsert & { id: string })[];
}

/** A slugged parent with the images hanging off it (a gallery title, a banner item). */
function writeWithImages(
  tx: DbOrTx,
  tables: { parent: TableWithId & { slug: PgColumn; lang: PgColumn }; images: TableWithId; imageParent: PgColumn; describe: string },
  item: { parent: Row & { slug: string; lang?: string }; images: Row[] },
): Promise<Status> {
  return upsertRoot(
    tx,
    tables.parent,
    item.parent,
    {
      where: and(eq(tables.parent.slug, item.parent.slug), eq(tables.parent.lang, item.parent.lang ?? 'en')),
      describe: `${tables.describe} with slug ${item.parent.slug} (${item.parent.lang ?? 'en'})`,
    },
    {
      hasUpdatedAt: false,
      childChanges: async () =>
        syncRows(tx, tables.images, (await tx.select().from(tables.images as PgTable).where(eq(tables.imageParent, item.parent.id))) as Row[], item.images),
    },
  );
}

/** A gallery title and its images. */
export function writeGalleryTitle(tx: DbOrTx, item: GalleryRows): Promise<Status> {
  const tables = { parent: mediaTitles, images: mediaImages, imageParent: mediaImages.titleId, describe: 'A media title' };
  return writeWithImages(tx, tables, { parent: item.title, images: item.images });
}

/** A banner item and its images. */
export function writeBanner(tx: DbOrTx, item: BannerRows): Promise<Status> {
  const tables = { parent: bannerItems, images: bannerImages, imageParent: bannerImages.bannerId, describe: 'A banner item' };
  return writeWithImages(tx, tables, { parent: item.banner, images: item.images });
}

/** Takes a gallery title or banner item off the site (nothing of a learner hangs on them). */
export async function removeRow(tx: DbOrTx, table: typeof mediaTitles | typeof bannerItems, id: string): Promise<boolean> {
  return (await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id })).length > 0;
}

/** True when no content item, course, blog or story is stored yet: a fresh database that wants the sample content. */
export async function isContentEmpty(db: Db): Promise<boolean> {
  for (const table of [contentItems, courses, blogs, successStories]) {
    const [row] = await db.select({ id: table.id }).from(table).limit(1);
    if (row) return false;
  }
  return true;
}
