// Every page: skip link, sticky header, notifications, the page, the contact banner, the footer.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { Notifications } from '../../components/notifications';
import { SiteHeader } from './site-header';
import { ContactBanner } from './contact-banner';
import { SiteFooter } from './site-footer';
import { ScrollToTop } from './scroll-to-top';
import { DocumentTitle } from './document-title';
import './layout.css';

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <SiteHeader />
      {/* Right after the header, where the messages show: the next stop for Tab from the menu. */}
      <Notifications />
      {/* The banner and footer wait with the page, so they never jump down when it arrives. */}
      <Suspense
        fallback={
          <main id="main" tabIndex={-1} className="page-loading" role="status">
            {t('status.loading')}
          </main>
        }
      >
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <ContactBanner />
        <SiteFooter />
      </Suspense>
    </>
  );
}
