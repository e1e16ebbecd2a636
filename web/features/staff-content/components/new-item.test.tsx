// Creating, deleting and restoring items as the console first renders them: the address name made
// from a title and checked by the contract's rule; the new item's form (English by default, the
// rule said beside the field); New item and the deleted items for editors only; a deleted item's
// page saying so with Restore for editors, and nothing else written to it.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ContentItem, TranslationMatrix } from '../../../../contract/authoring';
import { CONTENT_KINDS } from '../../../../contract/content-kinds';
import { emptyDocument } from '../../../../contract/empty-documents';
import { staffKeys } from '../../../staff-shared/api/keys';
import type { StaffMe } from '../../../../contract/staff';
import { blogItem, renderStaff as render, TEST_TIME } from '../../../staff-shared/components/render-for-tests';
import { ItemLanguagePage } from './item-language';
import { NewItemForm, slugFrom, slugProblem } from './new-item';
import { staffToday } from '../../../staff-shared/components/staff-time';
import { TranslationMatrixPage } from './translation-matrix';

const ITEM = '5f0c4b8e-0000-4000-8000-000000000003';

const member = (roles: StaffMe['roles'], languages: StaffMe['languages'] = []): StaffMe => ({
  userId: 'u1',
  name: 'Esha',
  roles,
  languages,
  secondFactor: 'verified',
});
const EDITOR = member(['editor']);
const TRANSLATOR = member(['translator'], ['hi']);

describe('an address name', () => {
  it('is suggested from a title: lowercase, accents dropped, one hyphen between words, none for another script', () => {
    expect(slugFrom('  Saving for School: Part 2! ')).toBe('saving-for-school-part-2');
    expect(slugFrom('Café crème — UPI')).toBe('cafe-creme-upi');
    expect(slugFrom('बचत की आदत')).toBe('');
    expect(slugFrom('a'.repeat(99) + ' b c')).toBe('a'.repeat(99));
  });

  it('is checked by the contract’s rule before it is sent', () => {
    expect(slugProblem('')).toBe('empty');
    expect(slugProblem('saving-for-school')).toBeNull();
    for (const bad of ['Saving', 'saving for school', 'saving--school', '-saving', 'saving_school', 'बचत'])
      expect(slugProblem(bad), bad).toBe('pattern');
  });
});

describe('the empty documents', () => {
  it('give each kind its title where the kind keeps it, dated today in IST', () => {
    expect(staffToday(new Date('2026-11-27T20:00:00Z'))).toBe('2026-11-28');
    for (const kind of CONTENT_KINDS) {
      const doc = emptyDocument(kind, { today: '2026-11-28', title: 'Saving' }) as Record<string, unknown>;
      expect(kind === 'story' ? doc.authorName : doc.title).toBe('Saving');
    }
    expect(emptyDocument('blog', { today: '2026-11-28' })).toMatchObject({
      title: '',
      date: '2026-11-28',
      image: null,
    });
  });
});

describe('the new item’s form', () => {
  it('asks for the kind, a title, the address name with its rule, and the source language, English by default', () => {
    const html = render(
      <NewItemForm
        initialKind="blog"
        itemPath={(id, lang) => `/staff/content/${id}/${lang}`}
        onClose={() => undefined}
      />,
    );
    expect(html).toContain('What are you making?');
    for (const kind of ['Course', 'Blog post', 'Success story', 'Gallery title', 'Banner item'])
      expect(html).toContain(`<strong>${kind}</strong>`);
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="blog"/);
    expect(html).toContain(
      'Lowercase letters a–z, digits and hyphens, such as saving-for-school. Unique among blog posts',
    );
    expect(html).toMatch(/<option value="en" selected="">English/);
    expect(html).toContain('Create and open');
  });
});

describe('the matrix', () => {
  const client = () => {
    const c = new QueryClient();
    c.setQueryData(staffKeys.translations(undefined), {
      languages: ['en', 'hi'],
      items: [],
    } satisfies TranslationMatrix);
    return c;
  };

  it('offers New item and the deleted items to editors', () => {
    const html = render(<TranslationMatrixPage me={EDITOR} itemPath={() => '/'} eventPath={() => '/'} />, client());
    expect(html).toContain('>New item</button>');
    expect(html).toContain('<summary>Deleted items</summary>');
  });

  it('offers neither to a translator', () => {
    const html = render(<TranslationMatrixPage me={TRANSLATOR} itemPath={() => '/'} eventPath={() => '/'} />, client());
    expect(html).not.toContain('New item');
    expect(html).not.toContain('Deleted items');
  });
});

describe('an item’s page', () => {
  const item = (deletedAt: string | null): ContentItem =>
    blogItem(
      ITEM,
      [
        {
          lang: 'en',
          publicId: ITEM,
          status: 'published',
          headVersion: 2,
          publishedVersion: 2,
          publishedAt: TEST_TIME,
          scheduled: null,
          updatedAt: TEST_TIME,
        },
      ],
      deletedAt,
    );
  const page = (me: StaffMe, deletedAt: string | null, lang = 'en') => {
    const client = new QueryClient();
    client.setQueryData(staffKeys.item(ITEM), item(deletedAt));
    return render(
      <ItemLanguagePage
        me={me}
        itemId={ITEM}
        lang={lang}
        matrixPath="/staff"
        itemPath={(l) => `/staff/content/${ITEM}/${l}`}
        previewPath="/p"
      />,
      client,
    );
  };

  it('lets an editor delete the item, saying it leaves every language and can be restored', () => {
    const html = page(EDITOR, null);
    expect(html).toContain('Delete this item');
    expect(html).toContain('Takes it off the site in every language at once.');
    expect(html).toContain('>Delete item…</button>');
    expect(html).not.toContain('Restore item');
  });

  it('says a deleted item is deleted, offers an editor Restore, and nothing else that writes', () => {
    const html = page(EDITOR, '2026-11-27T07:00:00.000Z');
    expect(html).toContain('This item was deleted on 27 Nov 2026, 12:30 pm IST');
    expect(html).toContain('>Restore item</button>');
    expect(html).not.toContain('Delete item');
    expect(html).not.toContain('Unpublish');
    expect(html).not.toContain('Schedule');
    expect(html).toContain('Preview version 2');
  });

  it('offers a translator neither Delete nor Restore', () => {
    expect(page(TRANSLATOR, null, 'hi')).not.toContain('Delete');
    const deleted = page(TRANSLATOR, '2026-11-27T07:00:00.000Z', 'hi');
    expect(deleted).toContain('This item was deleted');
    expect(deleted).not.toContain('Restore item');
  });
});
