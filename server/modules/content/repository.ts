// Writes prepared content rows. Each write compares with what is stored first and touches only rows
// that differ, so a second import of the same files changes nothing (not even updated_at), and a
// row removed from a file is deleted along with what hangs off it.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  bannerImages,
  bannerItems,
  blogs,
  chapters,
  courses,
  courseVideos,
  lessons,
  mediaImages,
  mediaTitles,
  options,
  questions,
  quizzes,
  successStories,
} from '../../db/schema';

export type Status = 'created' | 'updated' | 'unchanged';

/** The stored row has the slug but another id (made outside the content files): never overwrite it. */
export class ContentConflictError extends Error {}

type Row = { id: string } & Record<string, unknown>;
type TableWithId = PgTable & { id: PgColumn };

// Any number: it only has to be the same in every process importing into one database, so that two
// servers starting together on PostgreSQL import one after the other instead of colliding.
const IMPORT_LOCK_KEY = 7_413_002_101;

/** An import's writes in one transaction, taken after any other server's import into the database. */
function importTransaction<T>(db: Db, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
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

/** Makes the stored set of rows equal the desired one; returns how many rows it changed. */
async function syncRows(tx: DbOrTx, table: TableWithId, stored: Row[], desired: Row[]): Promise<number> {
  const byId = new Map(stored.map((row) => [row.id, row]));
  const wanted = new Set(desired.map((row) => row.id));
  const removed = stored.filter((row) => !wanted.has(row.id)).map((row) => row.id);
  let changes = removed.length;
  if (removed.length) await tx.delete(table).where(inArray(table.id, removed));
  const inserts: Row[] = [];
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
  await tx.update(table).set(diff as never).where(eq(table.id, row.id));
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

export function writeCourse(db: Db, rows: CourseRows): Promise<Status> {
  return importTransaction(db, async (tx) => {
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
          const storedQuizzes = (await tx.select().from(quizzes).where(eq(quizzes.courseId, courseId))) as Row[];
          const storedQuestions = await selectByIds(tx, questions, questions.quizId, storedQuizzes.map((q) => q.id));
          const storedOptions = await selectByIds(tx, options, options.questionId, storedQuestions.map((q) => q.id));
          let changes = 0;
          changes += await syncRows(tx, chapters, (await tx.select().from(chapters).where(eq(chapters.courseId, courseId))) as Row[], rows.chapters);
          changes += await syncRows(tx, lessons, (await tx.select().from(lessons).where(eq(lessons.courseId, courseId))) as Row[], rows.lessons);
          changes += await syncRows(tx, courseVideos, (await tx.select().from(courseVideos).where(eq(courseVideos.courseId, courseId))) as Row[], rows.videos);
          changes += await syncRows(tx, quizzes, storedQuizzes, rows.quizzes);
          changes += await syncRows(tx, questions, storedQuestions, rows.questions);
          changes += await syncRows(tx, options, storedOptions, rows.options);
          return changes;
        },
      },
    );
  });
}

export function writeBlog(db: Db, row: typeof blogs.$inferInsert & { id: string }): Promise<Status> {
  return importTransaction(db, async (tx) => {
    return upsertRoot(tx, blogs, row, { where: eq(blogs.slug, row.slug), describe: `A blog with slug ${row.slug}` }, { hasUpdatedAt: true });
  });
}

export function writeStory(db: Db, row: typeof successStories.$inferInsert & { id: string }): Promise<Status> {
  return importTransaction(db, async (tx) => {
    return upsertRoot(
      tx,
      successStories,
      row,
      { where: eq(successStories.slug, row.slug), describe: `A success story with slug ${row.slug}` },
      { hasUpdatedAt: true },
    );
  });
}

export interface GalleryRows {
  title: typeof mediaTitles.$inferInsert & { id: string };
  images: (typeof mediaImages.$inferInsert & { id: string })[];
}

export interface BannerRows {
  banner: typeof bannerItems.$inferInsert & { id: string };
  images: (typeof bannerImages.$inferInsert & { id: string })[];
}

/**
 * Slugged parents, each with the images hanging off it (gallery titles, banner items), in one
 * transaction; one status per parent.
 */
function writeWithImages(
  db: Db,
  tables: { parent: TableWithId & { slug: PgColumn }; images: TableWithId; imageParent: PgColumn; describe: string },
  items: Array<{ parent: Row & { slug: string }; images: Row[] }>,
): Promise<Status[]> {
  return importTransaction(db, async (tx) => {
    const statuses: Status[] = [];
    for (const item of items) {
      statuses.push(
        await upsertRoot(
          tx,
          tables.parent,
          item.parent,
          { where: eq(tables.parent.slug, item.parent.slug), describe: `${tables.describe} with slug ${item.parent.slug}` },
          {
            hasUpdatedAt: false,
            childChanges: async () =>
              syncRows(tx, tables.images, (await tx.select().from(tables.images as PgTable).where(eq(tables.imageParent, item.parent.id))) as Row[], item.images),
          },
        ),
      );
    }
    return statuses;
  });
}

/** All gallery titles of titles.yaml in one transaction; one status per title. */
export function writeGallery(db: Db, items: GalleryRows[]): Promise<Status[]> {
  const tables = { parent: mediaTitles, images: mediaImages, imageParent: mediaImages.titleId, describe: 'A media title' };
  return writeWithImages(db, tables, items.map((item) => ({ parent: item.title, images: item.images })));
}

/** All banner items of banners.yaml in one transaction; one status per item. */
export function writeBanners(db: Db, items: BannerRows[]): Promise<Status[]> {
  const tables = { parent: bannerItems, images: bannerImages, imageParent: bannerImages.bannerId, describe: 'A banner item' };
  return writeWithImages(db, tables, items.map((item) => ({ parent: item.banner, images: item.images })));
}

/** True when no course, blog or story is stored yet: a fresh database that wants the sample content. */
export async function isContentEmpty(db: Db): Promise<boolean> {
  for (const table of [courses, blogs, successStories]) {
    const [row] = await db.select({ id: table.id }).from(table).limit(1);
    if (row) return false;
  }
  return true;
}
