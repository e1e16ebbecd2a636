// What the app's shared scripts ask of learning without a network, loaded only when they need it (a
// read that cannot reach the server, a sign-out, a start with changes waiting): one import of this
// module wherever they do, so the public pages' first load carries none of this code.
import { api } from '../api-client';
import { forgetLearner, keptProfile, keptProgress, keptSession } from './learner-state';
import { flushBeforeSignOut, startFlusher } from './outbox';

export { keptProfile, keptProgress, keptSession, startFlusher };

/**
 * Signs out: what the learner did offline is sent first, then the session ends on the server, then
 * everything the phone keeps of them is deleted.
 */
export async function signOut() {
  await flushBeforeSignOut().catch(() => undefined);
  const answer = await api.post('/api/user/logout');
  await forgetLearner().catch(() => undefined);
  return answer;
}
