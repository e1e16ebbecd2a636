// The Vi CyberShield quiz terms: six sections, written in the 'quiz-terms' long-text namespace, with
// the rules' figures the server enforces (ADR 40) filled in from the contract.
import { Link } from 'react-router';
import { ANSWER_GRACE_SECONDS } from '../../../../contract/event-rules';
import { LegalDocument } from '../../../components/legal-document/legal-document';

export const TERMS_SECTIONS = ['eligibility', 'disclaimer', 'privacy', 'liability', 'general', 'law'] as const;

export function QuizTerms({ contactEmail, privacyPath }: { contactEmail: string; privacyPath: string }) {
  return (
    <LegalDocument
      namespace="quiz-terms"
      sectionIds={TERMS_SECTIONS}
      values={{ email: contactEmail, grace: String(ANSWER_GRACE_SECONDS) }}
      links={{ mail: <a href={`mailto:${contactEmail}`} />, policy: <Link to={privacyPath} /> }}
    />
  );
}
