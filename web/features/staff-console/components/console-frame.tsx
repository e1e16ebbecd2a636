// The staff console's frame: a skip link to the page, the console's name, its sections (those the
// person's roles open), who is signed in with their roles, and sign out. The content below it takes
// the whole width, for the wide tables staff work in on a laptop; on a tablet the bar wraps. On a
// phone the sections, the name and sign out are behind Menu (a disclosure button), so the bar is one
// row and the page starts near the top; the menu closes on a move to another page and on Escape.
import { useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { StaffRole } from '../../../../contract/staff-roles';
import { useTranslation } from '../../../i18n/react';
import type { StaffMe } from '../../../../contract/staff';
import { signOutTo } from '../api/staff-session';
import type { StaffAccessEnded } from './staff-gate';

export interface ConsoleSection {
  to: string;
  label: string;
  /** The roles that open it. */
  roles: readonly StaffRole[];
  /** Also current on the pages under its address (a file of the media library). */
  nested?: boolean;
}

export function ConsoleFrame({
  me,
  sections,
  homePath,
  ended = null,
  children,
}: {
  me: StaffMe;
  sections: ConsoleSection[];
  homePath: string;
  /** The account left the staff or the session ended while a page was open: no name, no roles, sign in again. */
  ended?: StaffAccessEnded | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('staff');
  const open = sections.filter((section) => section.roles.some((role) => me.roles.includes(role)));
  const { pathname } = useLocation();
  // The page the menu was opened on: a move to another page closes it.
  const [menuOn, setMenuOn] = useState<string | null>(null);
  const menuOpen = menuOn === pathname;
  const closeMenu = () => setMenuOn(null);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <div className="staff-console">
      {/* The public site's skip link: past the bar to the page, whose tables have many stops of their own. */}
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header
        className="staff-bar"
        onKeyDown={(event) => {
          // Escape on Menu or in the menu closes it, the focus back on Menu.
          if (event.key === 'Escape' && menuOpen) {
            closeMenu();
            toggle.current?.focus();
          }
        }}
      >
        <a className="staff-brand" href={homePath}>
          {t('brand')}
        </a>
        {/* Shown on a phone only (staff.css); wider, the menu's parts are always in the bar. */}
        <button
          ref={toggle}
          type="button"
          className="btn btn--ghost staff-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOn(menuOpen ? null : pathname)}
        >
          {t('nav.menu')}
        </button>
        <div id={menuId} className={menuOpen ? 'staff-menu staff-menu--open' : 'staff-menu'}>
          <nav aria-label={t('nav.label')}>
            <ul className="staff-nav">
              {open.map((section) => (
                <li key={section.to}>
                  {/* The page's own link closes the menu too: the address does not change. */}
                  <NavLink to={section.to} end={!section.nested} onClick={closeMenu}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {ended ? (
            <div className="staff-who staff-who--ended" role="alert">
              <span>{t(ended.reason === 'notStaff' ? 'gate.notStaffTitle' : 'gate.endedTitle')}</span>
              <button type="button" className="btn" onClick={ended.signInAgain}>
                {t('gate.signInAgain')}
              </button>
            </div>
          ) : (
            <div className="staff-who">
              <span>
                {me.name} <span className="staff-muted">({me.roles.map((role) => t(`roles.${role}`)).join(', ')})</span>
              </span>
              <button type="button" className="btn btn--ghost" onClick={() => signOutTo(homePath)}>
                {t('signOut')}
              </button>
            </div>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="staff-main">
        {children}
      </main>
    </div>
  );
}

/** A page the person's roles do not open (typed address): said so, not an empty table. */
export function NotForYourRole() {
  const { t } = useTranslation('staff');
  return (
    <p className="staff-card" role="alert">
      {t('gate.notForRole')}
    </p>
  );
}
