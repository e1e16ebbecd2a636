// For the console's component tests: a page's first render as HTML, with the English staff
// messages, a query client (seeded by the test, or empty) and a router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ContentItem, LanguageState } from '../../../contract/authoring';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import en from '../../i18n/locales/en/staff.json';
import common from '../../i18n/locales/en/common.json';
import { I18nProvider } from '../../i18n/react';
import { createTranslator } from '../../i18n/translator';

export function renderStaff(children: ReactNode, client = new QueryClient(), language = 'en'): string {
  const i18n = createTranslator({ language, resources: { staff: en, common } });
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** The moment the component tests' items were written. */
export const TEST_TIME = '2026-11-27T06:00:00.000Z';

/** A blog post's item as the API answers it, in the languages given (deleted when `deletedAt` is set). */
export function blogItem(id: string, languages: LanguageState[], deletedAt: string | null = null): ContentItem {
  return {
    id,
    kind: 'blog',
    slug: 'fake-kyc',
    sourceLang: 'en',
    title: 'Spot a fake KYC call',
    owner: 'staff',
    createdAt: TEST_TIME,
    updatedAt: TEST_TIME,
    deletedAt,
    languages,
  };
}
