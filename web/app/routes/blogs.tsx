import { useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { parsePage } from '../../lib/pagination';
import { BlogIndex } from '../../features/blogs/components/blog-list';
import { paths } from '../paths';

export function Component() {
  const { t } = useTranslation('blogs');
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  return (
    <>
      <div className="page-hero">
        <div className="container">
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
        </div>
      </div>
      <div className="container section">
        <BlogIndex page={page} onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})} blogPath={paths.blog} />
      </div>
    </>
  );
}
