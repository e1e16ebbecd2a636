// The staff console's frame: a skip link to the page, the console's name, its sections (those the
// person's roles open), who is signed in with their roles, and sign out. The content below it takes
// the whole width, for the wide tables staff work in on a laptop; on a phone or tablet the sections
// wrap under the name.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { StaffRole } from '../../../../contract/staff-roles';
import { useTranslation } from '../../../i18n/react';
import type { StaffMe } from '../api/staff';
import { signOutTo } from '../api/staff';

export interface ConsoleSection {
  to: string;
  label: string;
  /** The roles that open it. */
  roles: readonly StaffRole[];
  /** Also current on the pages under its address (a file of the media library). */
  nested?: boolean;
}

export function ConsoleFrame({ me, sections, homePath, children }: { me: StaffMe; sections: ConsoleSection[]; homePath: string; children: ReactNode }) {
  const { t } = useTranslation('staff');
  const open = sections.filter((section) => section.roles.some((role) => me.roles.includes(role)));
  return (
    <div className="staff-console">
      {/* The public site's skip link: past the bar to the page, whose tables have many stops of their own. */}
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="staff-bar">
        <a className="staff-brand" href={homePath}>
          {t('brand')}
        </a>
        <nav aria-label={t('nav.label')}>
          <ul className="staff-nav">
            {open.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={!section.nested}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="staff-who">
          <span>
            {me.name} <span className="staff-muted">({me.roles.map((role) => t(`roles.${role}`)).join(', ')})</span>
          </span>
          <button type="button" className="btn btn--ghost" onClick={() => signOutTo(homePath)}>
            {t('signOut')}
          </button>
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
