import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/use-language';

/**
 * The browser tab's title follows the page's own (translated) heading: "<h1> – JGK". The first
 * page in English keeps the title the server wrote for it; after a route or language change the
 * heading decides. Pages show their heading once their data arrives, so the title waits for it.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { language } = useLanguage();
  const siteName = t('site.name');
  const firstLoad = useRef(true);

  useEffect(() => {
    const initial = firstLoad.current;
    firstLoad.current = false;
    if (initial && language === 'en') return;
    const apply = () => {
      const heading = document.querySelector('main h1')?.textContent?.replace(/\s+/g, ' ').trim();
      if (!heading) return;
      const title = heading === siteName ? heading : `${heading} – ${siteName}`;
      if (document.title !== title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname, language, siteName]);

  return null;
}
