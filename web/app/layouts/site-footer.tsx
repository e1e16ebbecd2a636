import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { Logo } from '../../components/logo';
import { paths } from '../paths';
import { partnerLinks, socialLinks } from '../site';

const socialIcons = [
  {
    key: 'facebook',
    label: 'Facebook',
    d: 'M14 8h3V4h-3c-2.8 0-4 1.9-4 4.5V11H7v4h3v9h4v-9h3l1-4h-4V8.8c0-.5.3-.8 1-.8z',
  },
  { key: 'x', label: 'X', d: 'M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.3L20.5 20H16l-4.4-6-5.1 6H4l6.4-7.5z' },
  {
    key: 'youtube',
    label: 'YouTube',
    d: 'M3 8.5C3 6.6 4.6 5 6.5 5h11C19.4 5 21 6.6 21 8.5v7c0 1.9-1.6 3.5-3.5 3.5h-11C4.6 19 3 17.4 3 15.5zM10 9v6l5-3z',
  },
  {
    key: 'instagram',
    label: 'Instagram',
    d: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-2a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  },
] as const;

/** Partner logos, drawn as SVG so they need no request. */
function ViFoundationLogo() {
  return (
    <svg width="140" height="48" viewBox="0 0 140 48" role="img" aria-label="Vi Foundation">
      <rect width="140" height="48" rx="8" fill="#fff" />
      <circle cx="24" cy="24" r="16" fill="#ee1c25" />
      <text x="15" y="31" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="18" fill="#fff">
        Vi
      </text>
      <text
        x="46"
        y="30"
        fontFamily="Arial, sans-serif"
        fontWeight="700"
        fontSize="14"
        fill="#2b2f86"
        textLength="80"
        lengthAdjust="spacingAndGlyphs"
      >
        Foundation
      </text>
    </svg>
  );
}

function ViLogo() {
  return (
    // textLength: the words take exactly the room the box leaves them, whichever font draws them.
    <svg width="164" height="48" viewBox="0 0 164 48" role="img" aria-label="Vi">
      <rect width="164" height="48" rx="8" fill="#fff" />
      <rect x="10" y="8" width="32" height="32" rx="8" fill="#2b2f86" />
      <text x="16" y="31" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="18" fill="#fff">
        Vi
      </text>
      <text
        x="50"
        y="30"
        fontFamily="Arial, sans-serif"
        fontWeight="700"
        fontSize="14"
        fill="#ee1c25"
        textLength="104"
        lengthAdjust="spacingAndGlyphs"
      >
        Vodafone Idea
      </text>
    </svg>
  );
}

/** A partner's logo, leading to the partner's page when web/app/site.ts has its address. */
function Partner({ href, children }: { href: string; children: ReactNode }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    children
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  // A social link left empty in web/app/site.ts is not shown.
  const social = socialIcons.filter((icon) => socialLinks[icon.key]);
  const links = [
    { to: paths.home(), label: t('nav.home') },
    { to: paths.about(), label: t('footer.about') },
    { to: paths.gallery(), label: t('nav.gallery') },
    { to: paths.storiesAll(), label: t('nav.successStories') },
    { to: paths.courses(), label: t('footer.courses') },
    { to: paths.blogs(), label: t('nav.blogs') },
    { to: paths.news(), label: t('nav.news') },
    { to: paths.privacy(), label: t('footer.privacy') },
  ];
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <Logo light />
          <p className="site-footer__text">{t('footer.text')}</p>
        </div>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            {t('footer.links')}
          </h2>
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {social.length > 0 && (
            <>
              <h2 className="site-footer__heading">{t('footer.follow')}</h2>
              <ul className="site-footer__social">
                {social.map((item) => (
                  <li key={item.key}>
                    <a
                      href={socialLinks[item.key]}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${item.label} ${t('nav.newTab')}`}
                    >
                      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
                        <path d={item.d} fill="currentColor" fillRule="evenodd" />
                      </svg>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <h2 className="site-footer__heading">{t('footer.partners')}</h2>
          <ul className="site-footer__partners">
            <li>
              <Partner href={partnerLinks.viFoundation}>
                <ViFoundationLogo />
              </Partner>
            </li>
            <li>
              <Partner href={partnerLinks.vi}>
                <ViLogo />
              </Partner>
            </li>
          </ul>
        </div>
      </div>
      <p className="container site-footer__copyright">{t('footer.copyright')}</p>
    </footer>
  );
}
