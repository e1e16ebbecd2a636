// Language codes arrive in paths and queries. A code of the wrong shape is a malformed request (400,
// by the route schema); a well-formed code the product does not offer is an unknown thing (404).
import { Type } from '@sinclair/typebox';
import { LANGUAGE_CODES, isLanguageCode, type LanguageCode } from '../../contract/languages';
import { notFound } from '../plugins/errors';

export const LanguageParam = Type.String({
  pattern: '^[a-z]{2}$',
  description: `A language code: ${LANGUAGE_CODES.join(', ')}`,
  examples: ['en'],
});

export function languageOrNotFound(code: string): LanguageCode {
  if (!isLanguageCode(code)) throw notFound('languageNotOffered');
  return code;
}
