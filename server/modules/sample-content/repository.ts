// The sample-content import's lock, and whether a database has any content yet. The module has no
// table of its own: the emptiness check reads authoring's items and the read models of courses,
// blogs and stories (a database filled before authoring existed has rows but no items), only to
// miss nothing; it writes nothing.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { contentItems } from '../../db/schema/authoring';
import { blogs } from '../../db/schema/blogs';
import { courses } from '../../db/schema/courses';
import { successStories } from '../../db/schema/success-stories';

// Any number: it only has to be the same in every process importing into one database, so that two
// servers starting together on PostgreSQL import one after the other instead of colliding.
const IMPORT_LOCK_KEY = 7_413_002_101;

/**
 * Held (Database.exclusively) around "import into an empty database" at start: of instances starting
 * together, one imports and the others wait, then find the content there. A key of its own, since
 * the import's transactions take IMPORT_LOCK_KEY meanwhile.
 */
export const FIRST_IMPORT_LOCK_KEY = 7_413_002_104;

/** An import's writes in one transaction, taken after any other server's import into the database. */
export function importTransaction<T>(db: Db, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
    return write(tx);
  });
}

/** True when no content item, course, blog or story is stored yet: a fresh database that wants the sample content. */
export async function isContentEmpty(db: Db): Promise<boolean> {
  for (const table of [contentItems, courses, blogs, successStories]) {
    const [row] = await db.select({ id: table.id }).from(table).limit(1);
    if (row) return false;
  }
  return true;
}
