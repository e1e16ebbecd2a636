// The API's messages in the learner's language. Every answer that is a message carries a code
// (contract/messages.ts lists them with their English text); the 'messages' namespace translates
// each code in every language but English, whose text is the server's `message`. The contract's
// texts themselves are not needed here (message-text.ts brings them, for the checks the web makes
// before asking the server): every page that shows an answer would otherwise load all of them.
import type { MessageParams } from '../../contract/messages';
import { i18n } from './i18n';

/** A message as the API sends it (an answer, an ApiError): a code, its English, its numbers. */
export interface CodedMessage {
  code?: string;
  message?: string;
  params?: MessageParams;
}

/** A message from the API in the learner's language (the 'messages' namespace must be loaded). */
export function localMessage({ code, message, params }: CodedMessage): string {
  const english = message ?? '';
  // A code this build does not know (a newer server) is shown as the server wrote it.
  if (!code) return english;
  return i18n.t(code, { ns: 'messages', ...params, defaultValue: english });
}
