// Why an upload was refused, in words a member of staff can act on. An UploadRefusedError is an
// HttpError: the error handler answers {code, message} with its status and code, and the message
// saying exactly what is wrong (sizes, formats) in English; the code's text in contract/messages.ts
// is what the other languages show.
import type { MessageCode } from '../../../contract/messages';
import { HttpError } from '../../plugins/errors';
import {
  acceptedNames,
  FORMAT_NAMES,
  FORMATS,
  formatBytes,
  kindOf,
  maxBytesFor,
  type FileFormat,
  type UploadKind,
} from '../../../contract/media-rules';

export type UploadRefusalCode = Extract<MessageCode, `upload${string}`>;

const STATUS: Record<UploadRefusalCode, number> = {
  uploadEmpty: 400, // no bytes at all
  uploadTooLarge: 413, // over the limit of its kind
  uploadNotAccepted: 415, // its bytes are not one of the accepted formats of its kind
  uploadDamaged: 422, // it claims to be an accepted format but cannot be read as one
  uploadTooManyPixels: 422, // a photo too large to decode safely
  uploadActiveContent: 422, // an SVG with script
};

export class UploadRefusedError extends HttpError {
  declare readonly code: UploadRefusalCode;

  constructor(code: UploadRefusalCode, message: string) {
    super(STATUS[code], code);
    this.message = message;
    this.name = 'UploadRefusedError';
  }
}

const KIND_PLURAL: Record<UploadKind, string> = { image: 'Images', document: 'Documents', video: 'Videos' };
const KIND_SINGULAR: Record<UploadKind, string> = { image: 'an image', document: 'a document', video: 'a video' };

export function tooLarge(
  kind: UploadKind,
  format: FileFormat | undefined,
  size: number | undefined,
): UploadRefusedError {
  const limit = maxBytesFor(kind, format);
  const what = format === 'svg' ? 'SVG images' : KIND_PLURAL[kind];
  const actual = size === undefined ? 'this file is larger' : `this file is ${formatBytes(size)}`;
  return new UploadRefusedError('uploadTooLarge', `${what} can be at most ${formatBytes(limit)}; ${actual}.`);
}

export function notAccepted(kind: UploadKind, found: FileFormat | undefined): UploadRefusedError {
  const accepted = `Accepted ${KIND_PLURAL[kind].toLowerCase()}: ${acceptedNames(kind)} (the type is read from the file's content, not its name).`;
  if (!found)
    return new UploadRefusedError(
      'uploadNotAccepted',
      `This file is not ${KIND_SINGULAR[kind]} of an accepted type. ${accepted}`,
    );
  const article = found === 'mp4' || found === 'svg' ? 'an' : 'a';
  const foundKind = kindOf(found);
  const [only, ...others] = FORMATS[kind];
  const wanted = only && others.length === 0 ? `a ${FORMAT_NAMES[only]} ${kind}` : KIND_SINGULAR[kind];
  return new UploadRefusedError(
    'uploadNotAccepted',
    `This file is ${article} ${FORMAT_NAMES[found]} ${foundKind}, not ${wanted}. ${accepted}`,
  );
}
