// An item's page as it first renders: its languages as the API lists them (the platform's order,
// English first; the server's translations.test.ts holds it to that), the page's own marked current.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LanguageState } from '../../../../contract/authoring';
import { staffKeys } from '../../../staff-shared/api/keys';
import type { StaffMe } from '../../../../contract/staff';
import { ItemLanguagePage } from './item-language';
import { blogItem, renderStaff as render, TEST_TIME as AT } from '../../../staff-shared/components/render-for-tests';

const ITEM = '5f0c4b8e-0000-4000-8000-000000000005';
const EDITOR: StaffMe = { userId: 'u1', name: 'Esha', roles: ['editor'], languages: [], secondFactor: 'verified' };

const state = (lang: LanguageState['lang']): LanguageState => ({
  lang,
  publicId: ITEM,
  status: 'draft',
  headVersion: 1,
  publishedVersion: null,
  publishedAt: null,
  scheduled: null,
  updatedAt: AT,
});

describe('an item’s page', () => {
  it('lists the item’s languages in the platform’s order, English first, as the API sends them', () => {
    const client = new QueryClient();
    // As the API sends them: in the platform's order.
    client.setQueryData(staffKeys.item(ITEM), blogItem(ITEM, (['en', 'hi', 'bn', 'tm'] as const).map(state)));
    const html = render(
      <ItemLanguagePage
        me={EDITOR}
        itemId={ITEM}
        lang="hi"
        matrixPath="/staff"
        itemPath={(l) => `/staff/content/${ITEM}/${l}`}
        previewPath="/p"
      />,
      client,
    );
    const tabs = /<ul class="staff-nav staff-nav--languages">(.*?)<\/ul>/.exec(html)?.[1] ?? '';
    expect([...tabs.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual([
      'English',
      'Hindi',
      'Bengali',
      'Tamil',
    ]);
    expect([...tabs.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(['Hindi']);
  });
});
