// The API's messages in the learner's language. Every answer that is a message carries a code
// (contract/messages.ts lists them with their English text); the 'messages' namespace translates
// each code in every language but English, whose text is the contract's own: the server's
// `message`, or the contract's text for a check the web makes before asking the server.
import { formatMessage, isMessageCode, type MessageCode, type MessageParams, type ParamsArg } from '../../contract/messages';
import { i18n } from './i18n';

/** A message as the API sends it (an answer, an ApiError): a code, its English, its numbers. */
export interface CodedMessage {
  code?: string;
  message?: string;
  params?: MessageParams;
}

/** A message from the API in the learner's language (the 'messages' namespace must be loaded). */
export function localMessage({ code, message, params }: CodedMessage): string {
  const english = message ?? (isMessageCode(code) ? formatMessage(code, params) : '');
  // A code this build does not know (a newer server) is shown as the server wrote it.
  if (!code) return english;
  return i18n.t(code, { ns: 'messages', ...params, defaultValue: english });
}

/** A code's text in the learner's language, for a check the web makes before asking the server. */
export function messageText<C extends MessageCode>(code: C, ...[params]: ParamsArg<C>): string {
  return localMessage({ code, params: params as MessageParams | undefined });
}
