// A message code's text in the learner's language, for a check the web makes before asking the
// server (a phone number's shape, a name, a box not ticked): the contract's English, or the
// 'messages' namespace's translation of it, as the API's own answers are shown (server-messages.ts).
import { formatMessage, type MessageCode, type MessageParams, type ParamsArg } from '../../contract/messages';
import { localMessage } from './server-messages';

export function messageText<C extends MessageCode>(code: C, ...[params]: ParamsArg<C>): string {
  return localMessage({
    code,
    message: formatMessage(code, params as MessageParams | undefined),
    params: params as MessageParams | undefined,
  });
}
