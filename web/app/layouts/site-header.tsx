// Sticky header: a bar on wide screens, a drawer under 768 px and whenever the bar's links do not
// fit in one line (long labels in some languages need 1300 px or more). The Impact dropdown closes on a
// click outside it, on Escape, and when Tab moves focus out of it. Link colours follow the page
// (default red on home, lighter red elsewhere, white on the success-stories pages).
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { Logo } from '../../components/logo';
import { useSession, useSignOut } from '../../lib/session';
import { paths } from '../paths';
import { externalLinks } from '../site';
import { LanguageSwitcher } from './language-switcher';

function tone(pathname: string): 'home' | 'success' | 'default' {
  if (pathname === paths.home()) return 'home';
  if (pathname.startsWith(paths.stories())) return 'success';
  return 'default';
}

function useDismiss(
  open: boolean,
  close: () => void,
  container: React.RefObject<HTMLElement | null>,
  focusOnEscape?: React.RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        focusOnEscape?.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, container, focusOnEscape]);
}

/**
 * Whether the bar's parts, at their natural widths, fit in the bar. The parts keep being laid out
 * (invisible) while the drawer is used, so the answer never depends on the mode it selects.
 */
function useBarFits(bar: React.RefObject<HTMLElement | null>, signedIn: boolean): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const parts = ['.site-header__logo', '.nav-list--bar', '.language-switcher', '.site-header__account > *']
      .map((selector) => element.querySelector<HTMLElement>(selector))
      .filter((part): part is HTMLElement => part !== null);
    const check = () => {
      const style = getComputedStyle(element);
      const available = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const gaps = parseFloat(style.columnGap) * 2 + 8;
      const needed = parts.reduce((sum, part) => sum + part.getBoundingClientRect().width, gaps);
      setFits(needed <= available);
    };
    const observer = new ResizeObserver(check);
    observer.observe(element);
    parts.forEach((part) => observer.observe(part));
    check();
    return () => observer.disconnect();
    // The account part is another element once the visitor signs in or out.
  }, [bar, signedIn]);
  return fits;
}

function ImpactMenu({ onNavigate, variant }: { onNavigate?: () => void; variant: 'bar' | 'drawer' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrapper, button);
  useEffect(close, [pathname, close]);
  const active = [paths.stories(), paths.blogs(), paths.highlights()].some((p) => pathname.startsWith(p));

  return (
    <div
      ref={wrapper}
      className={`impact impact--${variant}`}
      onBlur={(event) => {
        // Tab (or any focus move) out of the dropdown closes it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`nav-link impact__toggle${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.impact')}
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className="impact__chevron">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
      </button>
      <ul id={menuId} className="impact__menu" hidden={!open}>
        <li>
          <Link className="impact__item" to={paths.storiesAll()} onClick={onNavigate}>
            {t('nav.successStories')}
          </Link>
        </li>
        <li>
          <Link className="impact__item" to={paths.blogs()} onClick={onNavigate}>
            {t('nav.blogs')}
          </Link>
        </li>
        <li>
          <Link className="impact__item" to={paths.highlights()} onClick={onNavigate}>
            {t('nav.highlights')}
          </Link>
        </li>
      </ul>
    </div>
  );
}

function NavLinks({ variant, onNavigate }: { variant: 'bar' | 'drawer'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const cls = ({ isActive }: { isActive: boolean }) => `nav-link${isActive ? ' is-active' : ''}`;
  return (
    <ul className={`nav-list nav-list--${variant}`}>
      <li>
        <NavLink className={cls} to={paths.home()} end onClick={onNavigate}>
          {t('nav.home')}
        </NavLink>
      </li>
      <li>
        <NavLink className={cls} to={paths.about()} onClick={onNavigate}>
          {t('nav.about')}
        </NavLink>
      </li>
      <li>
        <NavLink className={cls} to={paths.gallery()} onClick={onNavigate}>
          {t('nav.gallery')}
        </NavLink>
      </li>
      <li>
        <ImpactMenu variant={variant} onNavigate={onNavigate} />
      </li>
      <li>
        <NavLink className={cls} to={paths.courses()} onClick={onNavigate}>
          {t('nav.courses')}
        </NavLink>
      </li>
      <li>
        <NavLink className={cls} to={paths.cyberShield()} onClick={onNavigate}>
          {t('nav.cyberShield')}
        </NavLink>
      </li>
      <li>
        <a className="nav-link" href={externalLinks.schools} target="_blank" rel="noopener noreferrer">
          {t('nav.schools')}
          <span className="visually-hidden"> {t('nav.newTab')}</span>
        </a>
      </li>
    </ul>
  );
}

function Account({ variant, onNavigate }: { variant: 'bar' | 'drawer'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  const signOut = useSignOut();
  if (!signedIn) {
    return (
      <Link className={variant === 'bar' ? 'btn header__signin' : 'nav-link'} to={paths.login()} onClick={onNavigate}>
        {variant === 'bar' ? t('nav.signIn') : t('nav.login')}
      </Link>
    );
  }
  return (
    <div className={`account account--${variant}`}>
      <Link className="nav-link" to={paths.profile()} onClick={onNavigate}>
        {t('nav.profile')}
      </Link>
      <button type="button" className="btn btn--ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        {t('nav.signOut')}
      </button>
    </div>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useDismiss(drawerOpen, closeDrawer, header, toggle);
  useEffect(closeDrawer, [pathname, closeDrawer]);
  const bar = useRef<HTMLDivElement>(null);
  const { signedIn } = useSession();
  const fits = useBarFits(bar, signedIn);
  useEffect(() => {
    if (fits) closeDrawer();
  }, [fits, closeDrawer]);

  return (
    <header ref={header} className={`site-header site-header--${tone(pathname)}${fits ? '' : ' site-header--compact'}`}>
      <div ref={bar} className="container site-header__bar">
        <Link to={paths.home()} className="site-header__logo" aria-label={t('site.homeLabel')}>
          <Logo light={tone(pathname) === 'success'} />
        </Link>
        <nav className="site-header__nav" aria-label={t('nav.mainMenu')}>
          <NavLinks variant="bar" />
        </nav>
        <div className="site-header__tools">
          <LanguageSwitcher id="language-bar" />
          <div className="site-header__account">
            <Account variant="bar" />
          </div>
          <button
            ref={toggle}
            type="button"
            className="site-header__burger"
            aria-expanded={drawerOpen}
            aria-controls="site-drawer"
            aria-label={drawerOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setDrawerOpen((value) => !value)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              {drawerOpen ? (
                <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              ) : (
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
      <nav id="site-drawer" className="site-drawer" aria-label={t('nav.mainMenu')} hidden={!drawerOpen}>
        <div className="container">
          <NavLinks variant="drawer" onNavigate={closeDrawer} />
          <div className="site-drawer__account">
            <Account variant="drawer" onNavigate={closeDrawer} />
          </div>
        </div>
      </nav>
    </header>
  );
}
