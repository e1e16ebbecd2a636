// The multipart parser's own refusals (@fastify/multipart), said as the API says them: a file over
// the route's limit as the route's own "too large", a form of more parts than allowed or one that
// cannot be read as 400. Every route that reads an uploaded file passes its errors through this.
import { badRequest, HttpError } from '../plugins/errors';

export function multipartRefusal(error: unknown, tooLarge: () => Error): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  // A form of more parts than one file and a few fields.
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badRequest('badRequest');
  // The form parser's own errors (which carry no code): a body that ends in the middle of the form,
  // or a form without a usable boundary.
  if (error instanceof Error && !(error instanceof HttpError) && /multipart data|boundary|needle/i.test(error.message))
    return badRequest('badRequest');
  return error;
}
