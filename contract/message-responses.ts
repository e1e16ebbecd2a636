// The wire shapes of the API's messages (contract/messages.ts holds the codes and their texts):
// every success answer that is only a message, and every error.
import { Type, type Static } from '@sinclair/typebox';
import { MESSAGE_CODES, type MessageCode } from './messages';

const Code = Type.Unsafe<MessageCode>({
  type: 'string',
  enum: [...MESSAGE_CODES],
  description: 'What happened, for the client to show in its language (contract/messages.ts)',
});

const MessageParamsSchema = Type.Record(Type.String(), Type.Number(), {
  description: 'The numbers in the message, by placeholder name (e.g. {"count": 4})',
});

const messageFields = {
  code: Code,
  message: Type.String({ description: 'The same in English' }),
  params: Type.Optional(MessageParamsSchema),
};

export const MessageResponse = Type.Object(messageFields);
export type MessageResponse = Static<typeof MessageResponse>;

/** Every error: a message, with the fields at fault for `validation` and the wait for a 429. */
export const ErrorResponse = Type.Object({
  ...messageFields,
  details: Type.Optional(
    Type.Array(Type.Object({ field: Type.String(), message: Type.String() }), {
      description:
        'validation, contentInvalid, publishIncomplete: each field at fault and what is wrong with it (English)',
    }),
  ),
  retryAfter: Type.Optional(
    Type.Integer({ description: 'Seconds to wait before asking again (as the Retry-After header)' }),
  ),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

/** The response schemas of a route's error statuses: `{200: X, ...errorResponses(400, 404)}`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<S, typeof ErrorResponse>;
}
