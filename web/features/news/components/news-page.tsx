// News and publications: Top News, two news items, and four publications that open their
// flip-books in a new tab.
import { useTranslation } from '../../../i18n/react';
import { PageFrame } from '../../../components/page-frame';
import './news.css';

export interface Publication {
  key: string;
  href: string;
  colour: string;
}

export function NewsPage({ publications }: { publications: Publication[] }) {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation();
  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <section aria-labelledby="top-news">
        <h2 id="top-news" className="section-title">
          {t('topNews')}
        </h2>
        <div className="news-list">
          {(['one', 'two'] as const).map((key) => (
            <article key={key} className="card news-item">
              <p className="eyebrow">{t(`items.${key}.date`)}</p>
              <h3>{t(`items.${key}.title`)}</h3>
              <p>{t(`items.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>
      <section aria-labelledby="publications" className="news-publications">
        <h2 id="publications" className="section-title">
          {t('publications')}
        </h2>
        <ul className="publication-grid">
          {publications.map((publication) => (
            <li key={publication.key}>
              <a className="publication" href={publication.href} target="_blank" rel="noopener noreferrer">
                <svg className="publication__cover" width="180" height="240" viewBox="0 0 180 240" aria-hidden="true">
                  <rect width="180" height="240" rx="6" fill={publication.colour} />
                  <rect
                    x="14"
                    y="14"
                    width="152"
                    height="212"
                    rx="4"
                    fill="none"
                    stroke="#fff"
                    strokeWidth="2"
                    opacity="0.7"
                  />
                  <circle cx="90" cy="96" r="38" fill="#fff" opacity="0.9" />
                  <path d="M70 104q20-34 40 0" stroke={publication.colour} strokeWidth="6" fill="none" />
                </svg>
                <span className="publication__title">{t(`books.${publication.key}`)}</span>
                <span className="visually-hidden"> {tc('nav.newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </PageFrame>
  );
}
