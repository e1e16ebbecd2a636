import { useTranslation } from '../../i18n/react';
import { PageFrame } from '../../components/page-frame';
import { QuizDemo } from '../../features/quiz-demo/components/quiz-demo';

export function Component() {
  const { t } = useTranslation('quiz-demo');
  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <QuizDemo />
    </PageFrame>
  );
}
