// Why an upload was refused, in words a member of staff can act on. The status and reason let the
// staff routes answer with the right code; the error handler already sends {message} for any error
// that carries a 4xx statusCode.

export type RefusalReason =
  | 'empty' // no bytes at all
  | 'too-large' // over the limit of its kind
  | 'not-accepted' // its bytes are not one of the accepted formats of its kind
  | 'damaged' // it claims to be an accepted format but cannot be read as one
  | 'too-many-pixels' // a photo too large to decode safely
  | 'active-content'; // an SVG with script

const STATUS: Record<RefusalReason, number> = {
  empty: 400,
  'too-large': 413,
  'not-accepted': 415,
  damaged: 422,
  'too-many-pixels': 422,
  'active-content': 422,
};

export class UploadRefusedError extends Error {
  readonly statusCode: number;

  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRefusedError';
    this.statusCode = STATUS[reason];
  }
}
