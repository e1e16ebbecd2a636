// Storage of a learner's own record: the profile, and everything kept about them for the DPDP
// rights to a copy and to erasure. Reads the progress tables directly, since exporting and erasing
// must cover every table that names the learner.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  certificates,
  completions,
  courseRatings,
  courses,
  enrolments,
  journalEntries,
  otpChallenges,
  quizAttempts,
  sessions,
  users,
} from '../../db/schema';

const profileColumns = {
  id: users.id,
  name: users.name,
  mobile: users.mobile,
  email: users.email,
  age: users.age,
  gender: users.gender,
  qualification: users.qualification,
  role: users.role,
  active: users.active,
  guardianConsentAt: users.guardianConsentAt,
  guardianName: users.guardianName,
  guardianRelationship: users.guardianRelationship,
};

export type ProfileRow = Awaited<ReturnType<typeof findProfile>>;

export async function findProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export interface ProfilePatch {
  name?: string;
  email?: string | null;
  age?: number | null;
  gender?: string | null;
  qualification?: string | null;
  guardianConsentAt?: Date;
  guardianName?: string;
  guardianRelationship?: string;
}

export async function updateProfile(db: DbOrTx, userId: string, patch: ProfilePatch) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row;
}

/** Everything stored about the learner, as plain rows (no secrets: no code or token hashes). */
export async function collectPersonalData(db: Db, userId: string, mobile: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const course = { slug: courses.slug, lang: courses.lang, title: courses.title };
  const [
    signIns,
    otpRequests,
    enrolled,
    completed,
    attempts,
    journal,
    ratings,
    issued,
  ] = await Promise.all([
    db
      .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({ createdAt: otpChallenges.createdAt, clientIp: otpChallenges.clientIp, consumedAt: otpChallenges.consumedAt })
      .from(otpChallenges)
      .where(eq(otpChallenges.mobile, mobile))
      .orderBy(asc(otpChallenges.createdAt)),
    db
      .select({ course, enrolledAt: enrolments.createdAt, completedAt: enrolments.completedAt })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.userId, userId))
      .orderBy(asc(enrolments.createdAt)),
    db
      .select({ course, lessonId: completions.lessonId, videoId: completions.videoId, completedAt: completions.createdAt })
      .from(completions)
      .innerJoin(courses, eq(courses.id, completions.courseId))
      .where(eq(completions.userId, userId))
      .orderBy(asc(completions.createdAt)),
    db
      .select({
        course,
        quizId: quizAttempts.quizId,
        score: quizAttempts.score,
        passed: quizAttempts.passed,
        answers: quizAttempts.answers,
        submittedAt: quizAttempts.createdAt,
      })
      .from(quizAttempts)
      .innerJoin(courses, eq(courses.id, quizAttempts.courseId))
      .where(eq(quizAttempts.userId, userId))
      .orderBy(asc(quizAttempts.createdAt)),
    db
      .select({ course, text: journalEntries.text, createdAt: journalEntries.createdAt, updatedAt: journalEntries.updatedAt })
      .from(journalEntries)
      .innerJoin(courses, eq(courses.id, journalEntries.courseId))
      .where(eq(journalEntries.userId, userId)),
    db
      .select({ course, rating: courseRatings.rating, createdAt: courseRatings.createdAt, updatedAt: courseRatings.updatedAt })
      .from(courseRatings)
      .innerJoin(courses, eq(courses.id, courseRatings.courseId))
      .where(eq(courseRatings.userId, userId)),
    db
      .select({
        number: certificates.number,
        lang: certificates.lang,
        learnerName: certificates.learnerName,
        courseTitle: certificates.courseTitle,
        completedAt: certificates.completedAt,
        issuedAt: certificates.createdAt,
      })
      .from(certificates)
      .where(eq(certificates.userId, userId)),
  ]);
  return {
    profile: user,
    sessions: signIns,
    otpRequests,
    enrolments: enrolled,
    completions: completed,
    quizAttempts: attempts,
    journalEntries: journal,
    ratings,
    certificates: issued,
  };
}

/**
 * Erases the learner in one transaction: the courses' rating totals are given back first (they
 * are kept in step with course_ratings), then the user row goes and every table naming the user
 * follows by its cascading foreign key. Challenges are keyed by number, not user, so go by number.
 */
export async function deleteAccount(db: Db, userId: string, mobile: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${courses} set
        rating_count = ${courses.ratingCount} - 1,
        rating_total = ${courses.ratingTotal} - r.rating
      from ${courseRatings} r
      where r.course_id = ${courses.id} and r.user_id = ${userId}`);
    await tx.delete(otpChallenges).where(eq(otpChallenges.mobile, mobile));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
