// Rating a course 1 to 5: once per enrolled learner, changeable; feeds the course's rating (the
// number of ratings) and averageRating.
import type { Db } from '../../db/client';
import type { LanguageCode } from '../../../contract/languages';
import { averageRating } from '../courses/service';
import { requireEnrolledCourse } from '../progress/service';
import { messageBody } from '../../../contract/messages';
import * as repo from './repository';

async function summary(db: Db, userId: string, courseId: string) {
  const [myRating, totals] = await Promise.all([repo.findRating(db, userId, courseId), repo.courseTotals(db, courseId)]);
  return { myRating, rating: totals.ratingCount, averageRating: averageRating(totals.ratingTotal, totals.ratingCount) };
}

export async function readRating(db: Db, userId: string, lang: LanguageCode, courseId: string) {
  await requireEnrolledCourse(db, userId, lang, courseId);
  return summary(db, userId, courseId);
}

export async function rate(db: Db, userId: string, lang: LanguageCode, courseId: string, rating: number) {
  await requireEnrolledCourse(db, userId, lang, courseId);
  await db.transaction((tx) => repo.setRating(tx, userId, courseId, rating));
  return { ...messageBody('ratingSaved'), ...(await summary(db, userId, courseId)) };
}
