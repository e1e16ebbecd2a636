// Storage of a learner's own record: the profile, and everything kept about them for the DPDP
// rights to a copy and to erasure. The copy reads every table that names the learner directly, in
// one place, so that no table can be left out of it; erasure relies on the cascading foreign keys.
import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { CONSENT_PURPOSES } from '../../../contract/auth-rules';
import type { GuardianConsentMethod } from '../../../contract/profile-options';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { otpChallenges, sessions } from '../../db/schema/auth';
import { outboxEvents } from '../../db/schema/outbox';
import { certificateNameCorrections, certificates } from '../../db/schema/certificates';
import { courses } from '../../db/schema/courses';
import { eventAnswers, eventConsents, eventEntries, events } from '../../db/schema/events';
import { journalEntries } from '../../db/schema/journal';
import { completions, enrolments, quizAttempts } from '../../db/schema/progress';
import { courseRatings } from '../../db/schema/ratings';
import { staffMembers, staffRecoveryCodes, staffSecondFactors } from '../../db/schema/staff';
import { users } from '../../db/schema/users';

const profileColumns = {
  id: users.id,
  name: users.name,
  mobile: users.mobile,
  email: users.email,
  age: users.age,
  gender: users.gender,
  qualification: users.qualification,
  district: users.district,
  role: users.role,
  active: users.active,
  minorUntil: users.minorUntil,
  guardianConsentAt: users.guardianConsentAt,
  guardianConsentMethod: users.guardianConsentMethod,
  guardianName: users.guardianName,
  guardianRelationship: users.guardianRelationship,
  guardianMobile: users.guardianMobile,
};

export type ProfileRow = Awaited<ReturnType<typeof findProfile>>;

export async function findProfile(db: DbOrTx, userId: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

export async function findNames(db: DbOrTx, userIds: string[]) {
  if (!userIds.length) return new Map<string, { name: string; district: string | null; minorUntil: Date | null }>();
  const rows = await db
    .select({ id: users.id, name: users.name, district: users.district, minorUntil: users.minorUntil })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}

export async function findAccountByMobile(db: DbOrTx, mobile: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, active: users.active })
    .from(users)
    .where(eq(users.mobile, mobile))
    .limit(1);
  return row ?? null;
}

export async function insertAccount(db: DbOrTx, values: { mobile: string; name: string }): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export interface ProfilePatch {
  name?: string;
  email?: string | null;
  age?: number | null;
  gender?: string | null;
  qualification?: string | null;
  district?: string | null;
  /** A minor's end of minority: kept when it is already later (the database compares, so no race). */
  minorUntilAtLeast?: Date;
  guardianConsentAt?: Date;
  guardianConsentMethod?: GuardianConsentMethod;
  guardianName?: string;
  guardianRelationship?: string;
  guardianMobile?: string;
}

export async function updateProfile(db: DbOrTx, userId: string, patch: ProfilePatch) {
  const { minorUntilAtLeast, ...rest } = patch;
  const [row] = await db
    .update(users)
    .set({
      ...rest,
      // greatest() ignores a null: the first declaration sets it, a later one only moves it later.
      ...(minorUntilAtLeast
        ? { minorUntil: sql`greatest(${users.minorUntil}, ${minorUntilAtLeast.toISOString()}::timestamptz)` }
        : {}),
      updatedAt: new Date(),
    })
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
    consentCodes,
    enrolled,
    completed,
    attempts,
    journal,
    offlineChanges,
    ratings,
    issued,
    nameCorrections,
    staffRecord,
    authenticatorApp,
    recoveryCodes,
    staffActions,
    entries,
    entryAnswers,
  ] = await Promise.all([
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select({
        createdAt: otpChallenges.createdAt,
        clientIp: otpChallenges.clientIp,
        consumedAt: otpChallenges.consumedAt,
      })
      .from(otpChallenges)
      // Sign-in codes to the learner's number; a consent code someone else asked of this number
      // holds that learner's address, so it is theirs, not this learner's.
      .where(and(eq(otpChallenges.mobile, mobile), eq(otpChallenges.purpose, 'sign-in')))
      .orderBy(asc(otpChallenges.createdAt)),
    db
      .select({
        guardianMobile: otpChallenges.mobile,
        createdAt: otpChallenges.createdAt,
        clientIp: otpChallenges.clientIp,
        consumedAt: otpChallenges.consumedAt,
      })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.userId, userId), inArray(otpChallenges.purpose, [...CONSENT_PURPOSES])))
      .orderBy(asc(otpChallenges.createdAt)),
    db
      .select({ course, enrolledAt: enrolments.createdAt, completedAt: enrolments.completedAt })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.userId, userId))
      .orderBy(asc(enrolments.createdAt)),
    db
      .select({
        course,
        lessonId: completions.lessonId,
        videoId: completions.videoId,
        completedAt: completions.createdAt,
      })
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
      .select({
        course,
        text: journalEntries.text,
        createdAt: journalEntries.createdAt,
        updatedAt: journalEntries.updatedAt,
      })
      .from(journalEntries)
      .innerJoin(courses, eq(courses.id, journalEntries.courseId))
      .where(eq(journalEntries.userId, userId)),
    // The changes the learner's phone sent from its outbox: which, when, and what became of each
    // (the changes themselves are in the lists above).
    db
      .select({
        kind: outboxEvents.kind,
        occurredAt: outboxEvents.occurredAt,
        receivedAt: outboxEvents.appliedAt,
        outcome: sql<string>`${outboxEvents.answer}->>'outcome'`,
      })
      .from(outboxEvents)
      .where(eq(outboxEvents.userId, userId))
      .orderBy(asc(outboxEvents.appliedAt)),
    db
      .select({
        course,
        rating: courseRatings.rating,
        createdAt: courseRatings.createdAt,
        updatedAt: courseRatings.updatedAt,
      })
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
        reissuedAt: certificates.reissuedAt,
      })
      .from(certificates)
      .where(eq(certificates.userId, userId)),
    db
      .select({
        number: certificates.number,
        previousName: certificateNameCorrections.previousName,
        correctedAt: certificateNameCorrections.correctedAt,
      })
      .from(certificateNameCorrections)
      .innerJoin(certificates, eq(certificates.id, certificateNameCorrections.certificateId))
      .where(eq(certificates.userId, userId))
      .orderBy(asc(certificateNameCorrections.correctedAt)),
    // A staff member's own record: roles, their authenticator app and recovery codes (when, never
    // the secret or the codes), and what they did as staff with the address it came from. The
    // changes' contents stay out: they are the programme's content and may name other people.
    db
      .select({
        roles: staffMembers.roles,
        languages: staffMembers.languages,
        active: staffMembers.active,
        since: staffMembers.createdAt,
        updatedAt: staffMembers.updatedAt,
      })
      .from(staffMembers)
      .where(eq(staffMembers.userId, userId)),
    db
      .select({ setUpAt: staffSecondFactors.createdAt, confirmedAt: staffSecondFactors.confirmedAt })
      .from(staffSecondFactors)
      .where(eq(staffSecondFactors.userId, userId)),
    db
      .select({ usedAt: staffRecoveryCodes.usedAt })
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.userId, userId)),
    db
      .select({
        at: auditLog.at,
        action: auditLog.action,
        entityKind: auditLog.entityKind,
        entityId: auditLog.entityId,
        lang: auditLog.lang,
        address: auditLog.address,
      })
      .from(auditLog)
      .where(eq(auditLog.actorId, userId))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
    // Event entries (ADR 40), with a guardian's consent to each and the answers with when they came.
    db
      .select({
        event: events.key,
        number: eventEntries.number,
        state: eventEntries.state,
        stateReason: eventEntries.stateReason,
        lang: eventEntries.lang,
        minor: eventEntries.minor,
        startedAt: eventEntries.startedAt,
        deadline: eventEntries.deadline,
        submittedAt: eventEntries.submittedAt,
        closedAt: eventEntries.closedAt,
        createdAt: eventEntries.createdAt,
        guardianConsent: {
          method: eventConsents.method,
          noticeVersion: eventConsents.noticeVersion,
          noticeLang: eventConsents.noticeLang,
          consentedAt: eventConsents.consentedAt,
          guardianName: eventConsents.guardianName,
          guardianRelationship: eventConsents.guardianRelationship,
          guardianMobile: eventConsents.guardianMobile,
        },
      })
      .from(eventEntries)
      .innerJoin(events, eq(events.id, eventEntries.eventId))
      .leftJoin(eventConsents, eq(eventConsents.entryId, eventEntries.id))
      .where(eq(eventEntries.userId, userId))
      .orderBy(asc(eventEntries.createdAt)),
    db
      .select({
        event: events.key,
        entryNumber: eventEntries.number,
        questionId: eventAnswers.questionId,
        selected: eventAnswers.selected,
        late: eventAnswers.late,
        receivedAt: eventAnswers.receivedAt,
      })
      .from(eventAnswers)
      .innerJoin(eventEntries, eq(eventEntries.id, eventAnswers.entryId))
      .innerJoin(events, eq(events.id, eventEntries.eventId))
      .where(eq(eventEntries.userId, userId))
      .orderBy(asc(eventAnswers.receivedAt)),
  ]);
  const [member] = staffRecord;
  const [app] = authenticatorApp;
  const staff = member
    ? {
        ...member,
        authenticatorApp: app ?? null,
        recoveryCodes: {
          unused: recoveryCodes.filter((code) => !code.usedAt).length,
          usedAt: recoveryCodes
            .flatMap((code) => (code.usedAt ? [code.usedAt] : []))
            .sort((a, b) => a.getTime() - b.getTime()),
        },
        actions: staffActions,
      }
    : null;
  return {
    profile: user,
    sessions: signIns,
    otpRequests,
    guardianConsentCodes: consentCodes,
    enrolments: enrolled,
    completions: completed,
    quizAttempts: attempts,
    journalEntries: journal,
    offlineChanges,
    ratings,
    certificates: issued,
    certificateNameCorrections: nameCorrections,
    eventEntries: entries.map((entry) => ({
      ...entry,
      answers: entryAnswers.filter((a) => a.event === entry.event && a.entryNumber === entry.number),
    })),
    staff,
  };
}

/**
 * Deletes the user row: every table naming the user follows by its cascading foreign key, the
 * guardian consent codes the learner asked for among them.
 */
export async function deleteAccount(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * Learners last active before the cutoff, longest inactive first, at most `limit`. Anyone holding a
 * staff record (staff_members, the staff module's table, read here so no staff account is missed)
 * is kept: staff accounts are never erased for inactivity.
 */
export function findInactiveLearners(db: DbOrTx, cutoff: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'user'),
        lt(users.lastActiveAt, cutoff),
        notExists(db.select({ one: staffMembers.userId }).from(staffMembers).where(eq(staffMembers.userId, users.id))),
      ),
    )
    .orderBy(asc(users.lastActiveAt))
    .limit(limit);
}

/**
 * The learner's number if they are still inactive since before the cutoff, locking their row until
 * the transaction ends, so a sign-in at that moment waits and cannot be erased with them.
 */
export async function lockIfInactive(tx: DbOrTx, userId: string, cutoff: Date): Promise<string | null> {
  const [row] = await tx
    .select({ mobile: users.mobile })
    .from(users)
    .where(and(eq(users.id, userId), lt(users.lastActiveAt, cutoff)))
    .for('update');
  return row?.mobile ?? null;
}
