// The console's frame as it first renders: a skip link is the first stop, past the bar and its
// sections to the page, which can take the focus the link gives it; the sections and sign out are
// in a menu that Menu discloses (shown only on a phone: staff.css). Opening and closing it is
// pressed in the browser (tests/e2e/staff-console.e2e.ts).
import { describe, expect, it } from 'vitest';
import type { StaffMe } from '../../../../contract/staff';
import { ConsoleFrame, type ConsoleSection } from './console-frame';
import { renderStaff as render } from '../../../staff-shared/components/render-for-tests';

const ADMIN: StaffMe = { userId: 'u1', name: 'Esha', roles: ['admin'], languages: [], secondFactor: 'verified' };
const SECTIONS: ConsoleSection[] = [
  { to: '/staff/content', label: 'Translations', roles: ['admin', 'editor', 'translator'] },
  { to: '/staff/members', label: 'Staff accounts', roles: ['admin'] },
];

describe('the console’s frame', () => {
  it('starts with a link that skips to the page, which takes the focus', () => {
    const html = render(
      <ConsoleFrame me={ADMIN} sections={SECTIONS} homePath="/staff">
        <h1>Translations</h1>
      </ConsoleFrame>,
    );
    // The first thing Tab reaches: nothing focusable comes before the skip link.
    const firstStop = /<(a|button|input|select|textarea)\b[^>]*>([^<]*)/.exec(html);
    expect(firstStop?.[0]).toMatch(/^<a class="skip-link" href="#main">/);
    expect(firstStop?.[2]).toBe('Skip to main content');
    expect(html).toMatch(/<main id="main" tabindex="-1"[^>]*><h1>Translations<\/h1><\/main>/);
    expect(html.indexOf('class="skip-link"')).toBeLessThan(html.indexOf('<header'));
  });

  it('puts the sections and sign out in a menu that Menu discloses, closed at first', () => {
    const html = render(
      <ConsoleFrame me={ADMIN} sections={SECTIONS} homePath="/staff">
        <h1>Translations</h1>
      </ConsoleFrame>,
    );
    const toggle = /<button [^>]*>Menu<\/button>/.exec(html)?.[0] ?? '';
    expect(toggle).toContain('aria-expanded="false"');
    const menuId = /aria-controls="([^"]+)"/.exec(toggle)?.[1];
    expect(menuId).toBeDefined();
    const menu = new RegExp(`<div id="${menuId}" class="staff-menu">(.*?)</header>`).exec(html)?.[1] ?? '';
    expect(menu).toMatch(/<nav aria-label="Staff console">.*Translations.*Staff accounts.*<\/nav>/);
    expect(menu).toContain('>Sign out</button>');
    // Menu comes right after the console's name, before the sections.
    expect(html.indexOf('>Menu</button>')).toBeGreaterThan(html.indexOf('>JGK staff</a>'));
    expect(html.indexOf('>Menu</button>')).toBeLessThan(html.indexOf('<nav'));
  });
});
