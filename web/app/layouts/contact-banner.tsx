import { Trans, useTranslation } from '../../i18n/react';
import { site } from '../site';

export function ContactBanner() {
  const { t } = useTranslation();
  return (
    <aside className="contact-banner" aria-labelledby="contact-title">
      <div className="container contact-banner__inner">
        <h2 id="contact-title" className="contact-banner__title">
          {t('contact.title')}
        </h2>
        <p className="contact-banner__text">
          <Trans
            t={t}
            i18nKey="contact.text"
            values={{ email: site.contactEmail }}
            components={{ mail: <a href={`mailto:${site.contactEmail}`} /> }}
          />
        </p>
      </div>
    </aside>
  );
}
