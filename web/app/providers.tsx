import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '../i18n/react';
import type { I18n } from '../i18n/translator';
import { isClientError } from '../lib/api-client';
import { createReactingMutationCache } from './query-reactions';

/** One per browser page, and one per page the server renders (web/entry-server.tsx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createReactingMutationCache(),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; a network hiccup might.
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
      },
    },
  });
}

export function AppProviders({ i18n, queryClient, children }: { i18n: I18n; queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}
