// The rules of learning without a network that the web and the server share (ADR 42): plain values,
// so the web takes them at no cost (the wire shapes are contract/packs.ts and contract/outbox.ts).

/** A pack manifest's format: a phone that meets a higher one asks the learner to update the app. */
export const PACK_FORMAT = 1;
/** A download that would leave less free space on the phone than this is refused. */
export const PACK_MIN_FREE_BYTES = 50 * 1024 * 1024;

/** Events in one outbox batch at most: a phone with more sends them in several batches, oldest first. */
export const OUTBOX_BATCH_MAX = 50;
/**
 * A batch's bytes at most (JSON): a phone ends a batch before it would pass this, so a batch of long
 * journals or large quizzes is sent as several.
 */
export const OUTBOX_BATCH_MAX_BYTES = 512 * 1024;
