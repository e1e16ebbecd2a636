// Authoring (ADR 19): items in languages, a version kept at every save, drafts over what is
// published, publishing now or at a time, translations with per-field stale marks, soft delete.
// Every write takes the item's row lock first (items.ts), checks the version it was based on, and
// records itself in the audit log in the same transaction. Publishing projects the version into the
// public modules' read models (read-models.ts, ADR 29) and announces the change so every instance
// drops its public caches. The files by job: reading.ts, versions.ts (saving), publishing.ts,
// preview.ts, translation-status.ts, importing.ts; answers.ts shapes what they answer.
//
// The module's surface for other modules (they call these, never authoring's other files):
// - itemsOfPublicRows: the item a public row was published from (the media library links where a
//   file is used to the item's page)
// - itemTitles: items' titles by id (the audit log names what an entry changed)
// - importLanguage, ImportStatus: one language of an item from the sample content, published as its
//   file says unless staff have written to the item (sample-content)
// - Writer, writerOf, ItemRow, requireItem, lockLiveItem, writeVersion, fieldStatus, translationHeads,
//   sourceVersion, pendingTranslations: an item's translation read and saved like any other save
//   (translation-exchange)
// - publishedDocument, publishedLanguages: what learners see of an item in a language, and every
//   language of a kind they see (read-aloud voices what is published)
export { importLanguage, type ImportStatus } from './importing';
export { lockLiveItem, requireItem, writerOf, type Writer } from './items';
export { itemsOfPublicRows } from './read-models';
export { publishedDocument, publishedLanguages } from './reading';
export { titlesOf as itemTitles } from './repository';
export type { ItemRow } from './repository';
export { fieldStatus, pendingTranslations, sourceVersion, translationHeads } from './translation-status';
export { writeVersion } from './versions';
