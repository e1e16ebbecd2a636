// The read-aloud module's tables (modules/read-aloud/, ADR 41): the voice-overs of each spoken text
// of an item in a language, and the queue of the synthesis that publishing asks for.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VOICE_JOB_STATES, VOICE_OVER_KINDS } from '../../../contract/read-aloud-rules';
import { createdAt, langList, quotedList, updatedAt } from '../columns';
import { contentItems } from './authoring';
import { users } from './users';

// One voice of sentences of one text (a field of the item's document, `lessons[k].content`) in a
// language: the engine's voice of the whole text, or a person's recording of some of its sentences
// (a range), which is played in place of the engine's for those sentences. Whether it is stale is
// never stored: it is the text hash here against the published text's (voice-overs.ts).
export const voiceOvers = pgTable(
  'voice_overs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    part: text('part').notNull(),
    kind: text('kind').notNull(),
    // The sentences it speaks: from the first (counted from 0), so many. The engine's covers them all.
    firstSentence: integer('first_sentence').notNull(),
    sentenceCount: integer('sentence_count').notNull(),
    // A short hash of the text it speaks: the whole field as written (the engine's), or its sentences (a recording's).
    textHash: text('text_hash').notNull(),
    // The text it speaks, as written: what the staff's list compares with the text of today.
    spokenText: text('spoken_text').notNull(),
    durationMs: integer('duration_ms').notNull(),
    bytes: integer('bytes').notNull(),
    // The Ogg Opus file in the uploads' store, named by its content's hash.
    fileKey: text('file_key').notNull(),
    // Where each of its sentences starts, in milliseconds from its start.
    sentenceStartsMs: jsonb('sentence_starts_ms').$type<number[]>().notNull(),
    // The engine and its version (synthetic only), so a change of engine can be found and redone.
    engine: text('engine'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('voice_overs_part_key').on(t.itemId, t.lang, t.part, t.kind, t.firstSentence),
    check('voice_overs_kind_known', sql`${t.kind} in (${quotedList(VOICE_OVER_KINDS)})`),
    check('voice_overs_lang_known', sql`${t.lang} in (${langList})`),
    check('voice_overs_sentences', sql`${t.firstSentence} >= 0 and ${t.sentenceCount} > 0`),
    check('voice_overs_synthetic_whole', sql`${t.kind} <> 'synthetic' or ${t.firstSentence} = 0`),
    check('voice_overs_sizes', sql`${t.durationMs} >= 0 and ${t.bytes} > 0`),
  ],
);

// The synthesis a published version of a language asks for: one job per version, run by whichever
// instance claims it (FOR UPDATE SKIP LOCKED), tried again later after a failure, and `failed` with
// its error once its tries are spent.
export const voiceOverJobs = pgTable(
  'voice_over_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    version: integer('version').notNull(),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    // Not claimed before this: now for a new job, later after a failure (backoff).
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    // A running job whose instance stopped is claimed again once this has passed.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    // What the last run made: texts synthesised, and texts already voiced (skipped).
    synthesised: integer('synthesised').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('voice_over_jobs_version_key').on(t.itemId, t.lang, t.version),
    // The claim: jobs waiting or running, by when they may run.
    index('voice_over_jobs_claim_idx')
      .on(t.runAfter)
      .where(sql`${t.state} in ('queued', 'running')`),
    check('voice_over_jobs_state_known', sql`${t.state} in (${quotedList(VOICE_JOB_STATES)})`),
    check('voice_over_jobs_lang_known', sql`${t.lang} in (${langList})`),
  ],
);
