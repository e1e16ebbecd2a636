// The privacy policy: ten sections, written in the 'privacy' long-text namespace. It describes what
// this product stores and does (see server/db/schema.ts and the users module), not a template.
import { Link } from 'react-router';
import { LegalDocument } from '../../../components/legal-document/legal-document';

export const POLICY_SECTIONS = [
  'collect',
  'use',
  'security',
  'retention',
  'sharing',
  'children',
  'rights',
  'thirdparty',
  'changes',
  'contact',
] as const;

export function PrivacyPolicy({
  contactEmail,
  profilePath,
  portalUrl,
}: {
  contactEmail: string;
  profilePath: string;
  portalUrl: string;
}) {
  return (
    <LegalDocument
      namespace="privacy"
      sectionIds={POLICY_SECTIONS}
      values={{ email: contactEmail }}
      links={{
        mail: <a href={`mailto:${contactEmail}`} />,
        profile: <Link to={profilePath} />,
        portal: <a href={portalUrl} target="_blank" rel="noopener noreferrer" />,
      }}
    />
  );
}
