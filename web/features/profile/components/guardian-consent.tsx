// A learner under 18 needs a parent's or guardian's consent before learning starts (DPDP Act
// 2023), verified as DPDP Rules 2025, rule 10 accepts (ADR 18). Where it is shown (the gate before
// learning, the step inside the catalogue and a course page) is consent-gate.tsx, which loads this
// only for the learners who need it; the form itself is web/components/guardian-consent, which an
// event's entry shares.
import { useTranslation } from '../../../i18n/react';
import { GuardianConsentForm as ConsentForm } from '../../../components/guardian-consent/guardian-consent-form';
import { notify } from '../../../components/notifications';
import { sendGuardianConsentCode, useGuardianConsent, useMe } from '../api/profile';
import './profile.css';

/** The id of the consent form's section, for a link to it on the same page. */
export const CONSENT_FORM_ID = 'guardian-consent';

/** The form; its title is the page's heading (h1) on a page of its own, an h2 inside another page. */
export function GuardianConsentForm({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('profile');
  const me = useMe();
  const consent = useGuardianConsent();
  return (
    <ConsentForm
      id={CONSENT_FORM_ID}
      headingLevel={headingLevel}
      why={t('consentWhy')}
      giveLabel={t('giveConsent')}
      ownMobile={me.data?.mobile}
      sendCode={sendGuardianConsentCode}
      confirm={(body) => consent.mutateAsync(body)}
      onConfirmed={() => notify({ status: 200, message: t('consentSaved', { ns: 'messages' }) })}
    />
  );
}
