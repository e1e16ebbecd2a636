// Every public page: skip link, sticky header, notifications, the page, the contact banner, the
// footer, and the offer of a new version of the site when one is ready. The staff console's pages:
// the same without the site's header, banner and footer.
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { Notifications } from '../../components/notifications';
import { followStoredLanguage } from '../../i18n/i18n';
import { SiteHeader } from './site-header';
import { ContactBanner } from './contact-banner';
import { SiteFooter } from './site-footer';
import { ScrollToTop } from './scroll-to-top';
import { DocumentTitle } from './document-title';
import { NavigationProgress } from './navigation-progress';
import { PageErrorBoundary } from './page-error-boundary';
import { UpdateOffer } from './update-offer';
import './layout.css';

/**
 * Runs once the page under it is hydrated: follows the visitor's stored language, then marks the
 * document (`<html data-ready>`). A page rendered on the server is painted before its scripts
 * arrive, and its buttons only answer from then on; browser tests wait for the mark to click.
 */
function PageReady() {
  useEffect(() => {
    void followStoredLanguage()
      .catch((error: unknown) => console.warn('stored language not applied', error))
      .finally(() => {
        document.documentElement.dataset.ready = '';
      });
  }, []);
  return null;
}

/** Shown in the page's place while its chunk loads (the footer waits with it). */
function PageLoading() {
  const { t } = useTranslation();
  return (
    <main id="main" tabIndex={-1} className="page-loading" role="status">
      {t('status.loading')}
    </main>
  );
}

/** The page of the address, or what says it could not be loaded (with Try again). */
function CurrentPage() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Outlet />
    </PageErrorBoundary>
  );
}

/** What every page needs before its frame: the scroll, the title, the progress bar. */
function PageBasics() {
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <NavigationProgress />
    </>
  );
}

/**
 * The staff console's pages: what every page needs (title, progress bar, notifications, a page that
 * failed to load saying so) without the public site's header, contact banner and footer; the
 * console's own frame is the layout of its pages (web/app/routes/staff.tsx).
 */
export function ConsoleRoot() {
  return (
    <>
      <PageBasics />
      <Notifications />
      <Suspense fallback={<PageLoading />}>
        <CurrentPage />
        <PageReady />
      </Suspense>
      <UpdateOffer />
    </>
  );
}

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <>
      <PageBasics />
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <SiteHeader />
      {/* Right after the header, where the messages show: the next stop for Tab from the menu. */}
      <Notifications />
      {/* The banner and footer wait with the page, so they never jump down when it arrives. */}
      <Suspense fallback={<PageLoading />}>
        <main id="main" tabIndex={-1}>
          <CurrentPage />
        </main>
        <ContactBanner />
        <SiteFooter />
        <PageReady />
      </Suspense>
      <UpdateOffer />
    </>
  );
}
