// Course ratings, with the course's ratingCount and ratingTotal kept in step in the same transaction
// so course lists never aggregate the ratings table.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseRatings, courses } from '../../db/schema';

export async function findRating(db: DbOrTx, userId: string, courseId: string): Promise<number | null> {
  const [row] = await db
    .select({ rating: courseRatings.rating })
    .from(courseRatings)
    .where(and(eq(courseRatings.userId, userId), eq(courseRatings.courseId, courseId)))
    .limit(1);
  return row?.rating ?? null;
}

export async function courseTotals(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({ ratingCount: courses.ratingCount, ratingTotal: courses.ratingTotal })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? { ratingCount: 0, ratingTotal: 0 };
}

/** Sets the learner's rating (first or changed) and moves the course totals by the difference. */
export async function setRating(db: DbOrTx, userId: string, courseId: string, rating: number) {
  const inserted = await db
    .insert(courseRatings)
    .values({ userId, courseId, rating })
    .onConflictDoNothing({ target: [courseRatings.userId, courseRatings.courseId] })
    .returning({ rating: courseRatings.rating });
  if (inserted.length > 0) {
    await db
      .update(courses)
      .set({ ratingCount: sql`${courses.ratingCount} + 1`, ratingTotal: sql`${courses.ratingTotal} + ${rating}` })
      .where(eq(courses.id, courseId));
    return;
  }
  // The row lock makes two concurrent changes by the same learner apply one after the other.
  const [previous] = await db
    .select({ rating: courseRatings.rating })
    .from(courseRatings)
    .where(and(eq(courseRatings.userId, userId), eq(courseRatings.courseId, courseId)))
    .for('update');
  const delta = rating - (previous?.rating ?? rating);
  if (delta === 0) return;
  await db
    .update(courseRatings)
    .set({ rating, updatedAt: sql`now()` })
    .where(and(eq(courseRatings.userId, userId), eq(courseRatings.courseId, courseId)));
  await db
    .update(courses)
    .set({ ratingTotal: sql`${courses.ratingTotal} + ${delta}` })
    .where(eq(courses.id, courseId));
}
