import { useTranslation } from '../../i18n/react';
import { PageFrame } from '../../components/page-frame';
import { BlogIndex } from '../../features/blogs/components/blog-list';
import { paths } from '../paths';
import { usePageParam } from '../use-page-param';

export function Component() {
  const { t } = useTranslation('blogs');
  const [page, setPage] = usePageParam();
  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <BlogIndex page={page} onPage={setPage} blogPath={paths.blog} />
    </PageFrame>
  );
}
