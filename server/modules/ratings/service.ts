// Rating a course 1 to 5: once per enrolled learner, changeable; feeds the course's rating (the
// number of ratings) and averageRating, whose totals the courses module keeps on the course.
//
// The module's surface for other modules (they call this, never ratings' repository or routes):
// - withdrawRatings: takes a learner's ratings out of the courses' totals and deletes them (erasure)
import type { Db, DbOrTx } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import { addToRatingTotals, averageRating, ratingTotals } from '../courses/service';
import { requireEnrolledCourse } from '../progress/service';
import { messageBody } from '../../../contract/messages';
import * as repo from './repository';

function summary(myRating: number | null, totals: { ratingCount: number; ratingTotal: number }) {
  return { myRating, rating: totals.ratingCount, averageRating: averageRating(totals.ratingTotal, totals.ratingCount) };
}

export async function readRating(db: Db, userId: string, lang: LanguageCode, courseId: string) {
  await requireEnrolledCourse(db, userId, lang, courseId);
  const [myRating, totals] = await Promise.all([repo.findRating(db, userId, courseId), ratingTotals(db, courseId)]);
  return summary(myRating, totals);
}

export async function rate(db: Db, userId: string, lang: LanguageCode, courseId: string, rating: number) {
  await requireEnrolledCourse(db, userId, lang, courseId);
  // The rating and the course's totals change together or not at all.
  await db.transaction(async (tx) => {
    const change = await repo.setRating(tx, userId, courseId, rating);
    if (change) await addToRatingTotals(tx, courseId, change);
  });
  // The learner's rating is the one just saved; only the course's totals are read back.
  return { ...messageBody('ratingSaved'), ...summary(rating, await ratingTotals(db, courseId)) };
}

/** Call inside the transaction that erases the learner, so the totals never count a rating that is gone. */
export async function withdrawRatings(tx: DbOrTx, userId: string): Promise<void> {
  for (const { courseId, rating } of await repo.learnerRatings(tx, userId)) {
    await addToRatingTotals(tx, courseId, { count: -1, total: -rating });
  }
  await repo.deleteLearnerRatings(tx, userId);
}
