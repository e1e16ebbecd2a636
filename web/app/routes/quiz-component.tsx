import { useTranslation } from '../../i18n/react';
import { QuizDemo } from '../../features/quiz-demo/components/quiz-demo';

export function Component() {
  const { t } = useTranslation('quiz-demo');
  return (
    <>
      <div className="page-hero">
        <div className="container">
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
        </div>
      </div>
      <div className="section">
        <div className="container">
          <QuizDemo />
        </div>
      </div>
    </>
  );
}
