// The Vi CyberShield quiz terms: six sections, written in the 'quiz-terms' long-text namespace.
import { Link } from 'react-router';
import { LegalDocument } from '../../../components/legal-document/legal-document';

export const TERMS_SECTIONS = ['eligibility', 'disclaimer', 'privacy', 'liability', 'general', 'law'] as const;

export function QuizTerms({ contactEmail, privacyPath }: { contactEmail: string; privacyPath: string }) {
  return (
    <LegalDocument
      namespace="quiz-terms"
      sectionIds={TERMS_SECTIONS}
      values={{ email: contactEmail }}
      links={{ mail: <a href={`mailto:${contactEmail}`} />, policy: <Link to={privacyPath} /> }}
    />
  );
}
