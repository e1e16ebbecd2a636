// Where one feature's change meets another feature's data. Features know only their own query and
// mutation keys (web/features/<feature>/api/keys.ts, the session's in web/lib/session.ts, the
// courses' and the learner's progress in web/lib/course/keys.ts) and never import each other; this table says which queries a successful mutation makes stale, and
// createQueryClient (providers.tsx) loads it with the first successful change and runs it after
// every one: a visitor who changes nothing never downloads it.
import { partialMatchKey, type MutationKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { learningKeys } from '../lib/course/keys';
import { profileKeys } from '../features/profile/api/keys';
import { sessionKeys } from '../lib/session';

export interface Reaction {
  /** A mutation key, or a prefix of mutation keys. */
  after: MutationKey;
  /** Query keys (or prefixes) to read again. */
  stale: readonly QueryKey[];
}

export const reactions: readonly Reaction[] = [
  // The header shows the learner's name from the session.
  { after: profileKeys.updateMe, stale: [sessionKeys.session] },
  // The profile's stats count enrolments and completed lessons, videos and quizzes.
  { after: learningKeys.progressChange, stale: [profileKeys.allStats] },
  // A minor's learning was refused until a parent or guardian agreed.
  {
    after: profileKeys.guardianConsent,
    stale: [learningKeys.allProgress, learningKeys.allProgressLists, profileKeys.allStats],
  },
];

/** Marks stale, and reads again where shown, what other features show about a mutation's change. */
export function reactToMutation(
  client: QueryClient,
  mutationKey: MutationKey | undefined,
  table: readonly Reaction[] = reactions,
): Promise<unknown> {
  const stale = mutationKey
    ? table.filter((reaction) => partialMatchKey(mutationKey, reaction.after)).flatMap((reaction) => reaction.stale)
    : [];
  return Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey })));
}
