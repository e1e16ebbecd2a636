import type { ReactNode } from 'react';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '../i18n/react';
import type { I18n } from '../i18n/translator';
import { isClientError } from '../lib/api-client';
import { LearnerDataFollowsProvider } from '../lib/learner-data';

/** One per browser page, and one per page the server renders (web/entry-server.tsx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      // Not awaited: the mutation's own onSuccess (which runs after this) shows the learner their
      // change at once, while the other features' data is read again.
      onSuccess: (_data, _variables, _result, mutation, { client }) => {
        void import('./query-reactions').then(({ reactToMutation }) =>
          reactToMutation(client, mutation.options.mutationKey),
        );
      },
    }),
    defaultOptions: {
      queries: {
        // Asked even when the browser says it is offline: the service worker answers a saved
        // course's reads from the phone, and the learner's own reads fall back to what the phone
        // keeps (ADR 42). Retries wait for the network.
        networkMode: 'offlineFirst',
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; a network hiccup might.
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      },
      // A change made offline goes to the phone's outbox (the call itself decides: web/lib/offline/).
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

export function AppProviders({
  i18n,
  queryClient,
  learnerDataFollows = false,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  /** The page was rendered for any learner; the learner's own data follows (lib/learner-data.ts). */
  learnerDataFollows?: boolean;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LearnerDataFollowsProvider value={learnerDataFollows}>{children}</LearnerDataFollowsProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
