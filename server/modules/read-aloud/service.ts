// Read aloud (ADR 41): a voice for every spoken text of a published course in each language. The
// engine's voice is made after publishing by a queue in the database (queuePublished, runNextJob:
// one job per published version, run by whichever instance claims it, tried again with backoff,
// never inside a learner's request: queue.ts hands each text to synthesis-thread.ts); a person's recording of some sentences replaces it for them
// (saveRecording). A learner reads which file plays each sentence (courseVoices); whether a voice is
// stale is worked out from the hash of the published text each time (voice-overs.ts).
//
// The module's surface for other modules: none yet (main.ts starts the queue through queue.ts).
import type { CourseDocument } from '../../../contract/authoring';
import type { LanguageCode } from '../../../contract/languages';
import type { CourseVoices, VoiceJob, VoicePart } from '../../../contract/read-aloud';
import {
  RECORDING_MAX_MS,
  RECORDING_MAX_MS_PER_SENTENCE,
  type VoiceJobState,
  type VoiceOverKind,
} from '../../../contract/read-aloud-rules';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/storage/file-storage';
import { FieldsError, notFound } from '../../plugins/errors';
import { recordAudit, type AuditActor } from '../audit/service';
import { itemsOfPublicRows, itemTitles, publishedDocument, publishedLanguages } from '../authoring/service';
import { courseElementIds } from '../courses/service';
import * as progress from '../progress/service';
import { assertMayEditLanguage, type StaffMember } from '../staff/service';
import { storeAudio } from '../uploads/service';
import { readRecording } from './recordings';
import * as repo from './repository';
import { ENGINE_NAME } from './speech-engine';
import { synthesiseSentences, type SpokenText } from './synthesis';
import { isStale, playback, sentencesHash, spokenParts, type SpokenPart } from './voice-overs';

export interface ReadAloudDeps {
  db: Db;
  storage: FileStorage;
  /** The engine; a test may put a failing one in its place. */
  synthesise?: (lang: LanguageCode, sentences: readonly string[]) => Promise<SpokenText>;
  now?: () => Date;
}

/** How long a claimed job is held before another instance may take it (renewed after each text). */
export const JOB_LEASE_MS = 5 * 60_000;

/** The wait before the next try after the n-th failed one: 30 s, 2 min, 8 min, 32 min, then at most 2 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 2 * 60 * 60_000);
}

const asVoice = (row: repo.VoiceOverRow) => ({ ...row, kind: row.kind as VoiceOverKind });

// ---------------------------------------------------------------- the queue

/** A job for every published course language whose published version has none yet; how many were added. */
export async function queuePublished(db: Db): Promise<number> {
  return repo.queueVersions(db, await publishedLanguages(db, 'course'));
}

/**
 * Claims the next job that may run and runs it: each spoken text of what is published now (not
 * only of the version that asked) that has no fresh engine voice is synthesised and stored. Answers
 * what became of the job, or null when none was waiting.
 */
export async function runNextJob(deps: ReadAloudDeps): Promise<{ job: repo.JobRow; state: VoiceJobState } | null> {
  const now = deps.now?.() ?? new Date();
  const job = await repo.claimJob(deps.db, now, JOB_LEASE_MS);
  if (!job) return null;
  try {
    const counts = await voiceLanguage(deps, job);
    await repo.finishJob(deps.db, job.id, counts);
    return { job, state: 'done' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retryAt = new Date(now.getTime() + retryDelayMs(job.attempts));
    return { job, state: await repo.failJob(deps.db, job, message.slice(0, 2000), retryAt) };
  }
}

async function voiceLanguage(deps: ReadAloudDeps, job: repo.JobRow): Promise<{ synthesised: number; skipped: number }> {
  const lang = job.lang as LanguageCode;
  const published = await publishedDocument(deps.db, job.itemId, lang);
  // Unpublished or deleted since: nothing to voice.
  if (!published || published.item.kind !== 'course') return { synthesised: 0, skipped: 0 };
  const parts = spokenParts(published.body as CourseDocument);
  const existing = (await repo.voicesOf(deps.db, job.itemId, lang)).filter((row) => row.kind === 'synthetic');
  const synthesise = deps.synthesise ?? synthesiseSentences;
  let synthesised = 0;
  let skipped = 0;
  for (const part of parts) {
    const voice = existing.find((row) => row.part === part.part);
    if (voice && !isStale(asVoice(voice), part)) {
      skipped++;
      continue;
    }
    const spoken = await synthesise(lang, part.sentences);
    const stored = await storeAudio(deps.storage, spoken.audio);
    await repo.saveSynthetic(deps.db, {
      itemId: job.itemId,
      lang,
      part: part.part,
      kind: 'synthetic',
      firstSentence: 0,
      sentenceCount: spoken.sentences.length,
      textHash: part.hash,
      spokenText: part.sentences.join(' '),
      durationMs: spoken.durationMs,
      bytes: stored.bytes,
      fileKey: stored.key,
      sentenceStartsMs: spoken.sentenceStartsMs,
      engine: ENGINE_NAME,
    });
    synthesised++;
    await repo.extendLease(deps.db, job.id, new Date(Date.now() + JOB_LEASE_MS));
  }
  await repo.deleteSyntheticExcept(
    deps.db,
    job.itemId,
    lang,
    parts.map((part) => part.part),
  );
  return { synthesised, skipped };
}

// ---------------------------------------------------------------- learners

/** The voices of every spoken text of a published course language, by the public ids learners' pages know. */
export async function courseVoices(
  db: Db,
  storage: FileStorage,
  courseId: string,
  lang: LanguageCode,
): Promise<CourseVoices> {
  const items = await itemsOfPublicRows(db, [{ kind: 'course', id: courseId, lang }]);
  const itemId = items.get(`course/${courseId}`);
  const published = itemId ? await publishedDocument(db, itemId, lang) : null;
  if (!itemId || !published) throw notFound('courseNotFound');
  const doc = published.body as CourseDocument;
  const ids = courseElementIds(published.item, lang, doc);
  const voices = (await repo.voicesOf(db, itemId, lang)).map(asVoice);
  return {
    courseId,
    lang,
    parts: spokenParts(doc).map((part) => partOut(storage, part, ids.get(part.element) ?? courseId, voices)),
  };
}

function partOut(
  storage: FileStorage,
  part: SpokenPart,
  elementId: string,
  voices: ReturnType<typeof asVoice>[],
): VoicePart {
  const segments = playback(
    part,
    voices.filter((voice) => voice.part === part.part),
  ).map((segment) => ({
    kind: segment.voice.kind,
    stale: segment.stale,
    audio: storage.publicPath(segment.voice.fileKey),
    durationMs: segment.voice.durationMs,
    bytes: segment.voice.bytes,
    sentences: segment.sentences,
  }));
  return {
    part: part.part,
    elementId,
    sentences: part.sentences,
    stale: segments.some((segment) => segment.stale),
    segments,
  };
}

// ---------------------------------------------------------------- staff

function jobOut(row: repo.JobRow, title: string): VoiceJob {
  return {
    id: row.id,
    itemId: row.itemId,
    title,
    lang: row.lang as LanguageCode,
    version: row.version,
    state: row.state as VoiceJobState,
    attempts: row.attempts,
    runAfter: row.runAfter.toISOString(),
    lastError: row.lastError,
    synthesised: row.synthesised,
    skipped: row.skipped,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function listJobs(
  db: Db,
  filter: { state?: VoiceJobState; lang?: LanguageCode; offset: number; limit: number },
): Promise<{ jobs: VoiceJob[]; total: number }> {
  const { rows, total } = await repo.listJobs(db, filter);
  const titles = await itemTitles(db, [...new Set(rows.map((row) => row.itemId))]);
  return { jobs: rows.map((row) => jobOut(row, titles.get(row.itemId) ?? '')), total };
}

/** A failed job queued again, its tries counted afresh; 404 when no failed job has the id. */
export async function retryJob(db: Db, actor: AuditActor, id: string): Promise<VoiceJob> {
  const row = await db.transaction(async (tx) => {
    const requeued = await repo.requeueJob(tx, id);
    if (!requeued) return null;
    await recordAudit(tx, actor, {
      action: 'voice.retry',
      entityKind: 'course',
      entityId: requeued.itemId,
      lang: requeued.lang as LanguageCode,
      before: { state: 'failed' },
      after: { state: 'queued', version: requeued.version },
    });
    return requeued;
  });
  if (!row) throw notFound('notFound');
  const titles = await itemTitles(db, [row.itemId]);
  return jobOut(row, titles.get(row.itemId) ?? '');
}

/**
 * Every spoken text of the published courses in a language that some sentence has no fresh
 * recording of, with each stale recording's text then and now; translators in their languages only.
 */
/** Whose readers count for a text: its lesson's, its quiz's, or the course's (the summary). */
function readersKey(part: string): string {
  return /^(lessons|quizzes)\[[^\]]+\]/.exec(part)?.[0] ?? '';
}

export async function needsVoice(db: Db, member: StaffMember, lang: LanguageCode) {
  assertMayEditLanguage(member, lang);
  const languages = (await publishedLanguages(db, 'course')).filter((row) => row.lang === lang);
  const titles = await itemTitles(
    db,
    languages.map((row) => row.itemId),
  );
  const recorded = (await repo.voicesIn(db, [lang])).filter((row) => row.kind === 'recorded').map(asVoice);
  const texts = [];
  for (const { itemId } of languages) {
    const published = await publishedDocument(db, itemId, lang);
    if (!published) continue;
    const doc = published.body as CourseDocument;
    const ids = courseElementIds(published.item, lang, doc);
    const courseId = ids.get('') ?? '';
    const readers = await progress.readersOf(db, courseId);
    for (const part of spokenParts(doc)) {
      const recordings = recorded.filter((row) => row.itemId === itemId && row.part === part.part);
      const fresh = recordings.filter((row) => !isStale(row, part));
      const unrecorded = part.sentences
        .map((_, index) => index)
        .filter(
          (index) => !fresh.some((row) => index >= row.firstSentence && index < row.firstSentence + row.sentenceCount),
        );
      const staleRecordings = recordings
        .filter((row) => isStale(row, part))
        .map((row) => ({
          firstSentence: row.firstSentence,
          sentenceCount: row.sentenceCount,
          before: row.spokenText,
          after: part.sentences.slice(row.firstSentence, row.firstSentence + row.sentenceCount).join(' '),
        }));
      if (unrecorded.length || staleRecordings.length)
        texts.push({
          itemId,
          title: titles.get(itemId) ?? '',
          lang,
          part: part.part,
          sentences: part.sentences,
          unrecorded,
          staleRecordings,
          readers: readers.get(ids.get(readersKey(part.part)) ?? '') ?? 0,
        });
    }
  }
  // The most-read first (a stable sort: course order among equals).
  return { texts: texts.sort((a, b) => b.readers - a.readers) };
}

export interface RecordingInput {
  itemId: string;
  lang: LanguageCode;
  part: string;
  firstSentence: number;
  sentenceCount: number;
  bytes: Buffer;
}

/**
 * A person's recording of sentences of a published text: checked (the member's language, the text
 * and its sentences as published now, a recording of an accepted type no longer than the sentences
 * allow), re-encoded, stored, and put in place of any recording it overlaps.
 */
export async function saveRecording(
  deps: ReadAloudDeps,
  writer: { member: StaffMember; actor: AuditActor },
  input: RecordingInput,
) {
  assertMayEditLanguage(writer.member, input.lang);
  const published = await publishedDocument(deps.db, input.itemId, input.lang);
  if (!published || published.item.kind !== 'course') throw notFound('contentNotFound');
  const part = spokenParts(published.body as CourseDocument).find((p) => p.part === input.part);
  if (!part)
    throw new FieldsError(400, 'validation', [
      { field: 'part', message: 'is not a spoken text of the published course' },
    ]);
  const end = input.firstSentence + input.sentenceCount;
  if (end > part.sentences.length)
    throw new FieldsError(400, 'validation', [
      { field: 'sentenceCount', message: `the text has ${part.sentences.length} sentences` },
    ]);
  const maxMs = Math.min(RECORDING_MAX_MS, input.sentenceCount * RECORDING_MAX_MS_PER_SENTENCE);
  const recording = readRecording(input.bytes, maxMs);
  const stored = await storeAudio(deps.storage, recording.audio);
  const sentences = part.sentences.slice(input.firstSentence, end);
  const saved = await deps.db.transaction(async (tx) => {
    const row = await repo.saveRecording(tx, {
      itemId: input.itemId,
      lang: input.lang,
      part: input.part,
      kind: 'recorded',
      firstSentence: input.firstSentence,
      sentenceCount: input.sentenceCount,
      textHash: sentencesHash(sentences),
      spokenText: sentences.join(' '),
      durationMs: recording.durationMs,
      bytes: stored.bytes,
      fileKey: stored.key,
      // One file for the sentences: their starts are evenly shared until the console marks them.
      sentenceStartsMs: sentences.map((_, i) => Math.round((i * recording.durationMs) / sentences.length)),
      createdBy: writer.member.userId,
    });
    await recordAudit(tx, writer.actor, {
      action: 'voice.record',
      entityKind: 'course',
      entityId: input.itemId,
      lang: input.lang,
      before: null,
      after: { part: input.part, firstSentence: input.firstSentence, sentenceCount: input.sentenceCount },
    });
    return row;
  });
  return {
    kind: 'recorded' as const,
    part: saved.part,
    firstSentence: saved.firstSentence,
    sentenceCount: saved.sentenceCount,
    durationMs: saved.durationMs,
    bytes: saved.bytes,
    audio: deps.storage.publicPath(saved.fileKey),
  };
}
