// What the media library's screens say about a file and a person, as plain functions.
import { LANGUAGE_CODES, type LanguageCode } from '../../../../contract/languages';
import type { MediaAlt, MediaFile } from '../api/media';
import type { StaffMe } from '../../../../contract/staff';

/** Editors and admins upload and delete; translators read and write text alternatives. */
export const mayUpload = (me: Pick<StaffMe, 'roles'>) => me.roles.includes('admin') || me.roles.includes('editor');

/** The languages a person may write text alternatives in: all for editors and admins, a translator's own. */
export function altLanguagesOf(me: Pick<StaffMe, 'roles' | 'languages'>): readonly LanguageCode[] {
  if (mayUpload(me)) return LANGUAGE_CODES;
  return LANGUAGE_CODES.filter((code) => me.languages.includes(code));
}

/** The text alternatives that differ from what is stored (an emptied one as '', which removes it), spaces as the server keeps them. */
export function altChanges(stored: MediaAlt, draft: Partial<Record<LanguageCode, string>>): MediaAlt {
  const changes: MediaAlt = {};
  for (const code of LANGUAGE_CODES) {
    const text = draft[code];
    if (text === undefined) continue;
    const kept = text.replace(/\s+/g, ' ').trim();
    if (kept !== (stored[code] ?? '')) changes[code] = kept;
  }
  return changes;
}

/** The smallest copy of a picture: what a thumbnail needs. */
export const thumbnailOf = (file: Pick<MediaFile, 'variants' | 'path'>) => file.variants.at(-1)?.path ?? file.path;

/** How many of the ten languages have a text alternative. */
export const altCount = (file: Pick<MediaFile, 'alt'>) => LANGUAGE_CODES.filter((code) => file.alt[code]).length;

/** "1280 × 720", "1:05", both, or '' when the API gives neither. */
export function dimensionsOf(file: Pick<MediaFile, 'width' | 'height' | 'durationSeconds'>): string {
  const parts: string[] = [];
  if (file.width && file.height) parts.push(`${file.width} × ${file.height}`);
  if (file.durationSeconds !== null) {
    const seconds = Math.round(file.durationSeconds);
    parts.push(`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`);
  }
  return parts.join(' · ');
}
