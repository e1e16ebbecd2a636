// What the console can tell about a file before sending it: which kind of the library it is (from
// the type the browser gives, else its name's ending) and whether it is over that kind's limit. The
// server decides from the bytes; this only spares a long upload that would be refused, with the
// same limits (contract/media-rules.ts).
import {
  CONTENT_TYPES,
  EXTENSIONS,
  FORMATS,
  UPLOAD_KINDS,
  kindOf,
  maxBytesFor,
  type FileFormat,
  type UploadKind,
} from '../../../../contract/media-rules';

const ALL_FORMATS = Object.keys(CONTENT_TYPES) as FileFormat[];

/** Name endings besides the usual one of each format. */
const OTHER_ENDINGS: Partial<Record<string, FileFormat>> = { jpeg: 'jpeg', jpe: 'jpeg' };

/** The format a file seems to be: its browser type, else its name's ending; undefined for anything else. */
export function formatOf(file: { name: string; type: string }): FileFormat | undefined {
  const type = file.type.toLowerCase();
  const byType = ALL_FORMATS.find((format) => CONTENT_TYPES[format] === type);
  if (byType) return byType;
  const ending = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return ALL_FORMATS.find((format) => EXTENSIONS[format] === ending) ?? OTHER_ENDINGS[ending];
}

export type UploadCheck =
  | { ok: true; kind: UploadKind; format: FileFormat }
  | { ok: false; reason: 'notAccepted'; kinds: readonly UploadKind[] }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'tooLarge'; kind: UploadKind; format: FileFormat; limit: number };

/** Whether a file may be sent as one of the kinds asked for (the library takes all three; a picker of pictures, images). */
export function checkUpload(
  file: { name: string; type: string; size: number },
  kinds: readonly UploadKind[] = UPLOAD_KINDS,
): UploadCheck {
  const format = formatOf(file);
  if (!format || !kinds.includes(kindOf(format))) return { ok: false, reason: 'notAccepted', kinds };
  const kind = kindOf(format);
  if (file.size === 0) return { ok: false, reason: 'empty' };
  const limit = maxBytesFor(kind, format);
  if (file.size > limit) return { ok: false, reason: 'tooLarge', kind, format, limit };
  return { ok: true, kind, format };
}

/** The file input's `accept`: the types and name endings of the kinds asked for. */
export function acceptOf(kinds: readonly UploadKind[] = UPLOAD_KINDS): string {
  const formats = kinds.flatMap((kind) => FORMATS[kind]);
  return [
    ...formats.map((format) => CONTENT_TYPES[format]),
    ...formats.map((format) => `.${EXTENSIONS[format]}`),
    ...(formats.includes('jpeg') ? ['.jpeg'] : []),
  ].join(',');
}
