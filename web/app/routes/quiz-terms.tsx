import { QuizTerms } from '../../features/quiz-terms/components/quiz-terms';
import { site } from '../site';
import { paths } from '../paths';

export function Component() {
  return <QuizTerms contactEmail={site.contactEmail} privacyPath={paths.privacy()} />;
}
