// Course ratings: one row per learner and course. The course's rating count and total that lists
// show are kept by the courses module; setRating answers how they must move.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseRatings } from '../../db/schema/ratings';

export async function findRating(db: DbOrTx, userId: string, courseId: string): Promise<number | null> {
  const [row] = await db
    .select({ rating: courseRatings.rating })
    .from(courseRatings)
    .where(and(eq(courseRatings.userId, userId), eq(courseRatings.courseId, courseId)))
    .limit(1);
  return row?.rating ?? null;
}

/**
 * Sets the learner's rating (first or changed); answers how the course's count and total move, or
 * null when nothing changed.
 */
export async function setRating(
  db: DbOrTx,
  userId: string,
  courseId: string,
  rating: number,
): Promise<{ count: number; total: number } | null> {
  const inserted = await db
    .insert(courseRatings)
    .values({ userId, courseId, rating })
    .onConflictDoNothing({ target: [courseRatings.userId, courseRatings.courseId] })
    .returning({ rating: courseRatings.rating });
  if (inserted.length > 0) return { count: 1, total: rating };
  // The row lock makes two concurrent changes by the same learner apply one after the other.
  const [previous] = await db
    .select({ rating: courseRatings.rating })
    .from(courseRatings)
    .where(and(eq(courseRatings.userId, userId), eq(courseRatings.courseId, courseId)))
    .for('update');
  const delta = rating - (previous?.rating ?? rating);
  if (delta === 0) return null;
  await db
    .update(courseRatings)
    .set({ rating, updatedAt: sql`now()` })
    .where(and(eq(courseRatings.userId, userId), eq(courseRatings.courseId, courseId)));
  return { count: 0, total: delta };
}

/** The learner's ratings, locked until the transaction ends (their account is being erased). */
export async function learnerRatings(db: DbOrTx, userId: string): Promise<{ courseId: string; rating: number }[]> {
  return db
    .select({ courseId: courseRatings.courseId, rating: courseRatings.rating })
    .from(courseRatings)
    .where(eq(courseRatings.userId, userId))
    .for('update');
}

export async function deleteLearnerRatings(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(courseRatings).where(eq(courseRatings.userId, userId));
}
