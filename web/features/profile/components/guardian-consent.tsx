// A learner under 18 needs a parent's or guardian's consent before learning starts (DPDP Act
// 2023). The gate shows its children once consent is recorded (or not needed), else the form.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { UserProfile } from '../../../../contract/users';
import { GUARDIAN_RELATIONSHIPS, MINOR_AGE, type GuardianRelationship } from '../../../../contract/profile-options';
import { NAME_MAX_LENGTH } from '../../../../contract/person-name';
import { isPersonNameCode, normalisePersonName, personNameError } from '../../../i18n/person-name';
import { ApiError } from '../../../lib/api-client';
import { localMessage, messageText } from '../../../i18n/server-messages';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import { useGuardianConsent, useMe } from '../api/profile';
import './profile.css';

export const needsConsent = (user: UserProfile | undefined) => Boolean(user && user.age !== null && user.age < MINOR_AGE && !user.guardianConsent);

const CONSENT_FIELDS = ['guardianName', 'relationship', 'agree'] as const;
type ConsentField = (typeof CONSENT_FIELDS)[number];

/** The id of the consent form's section, for a link to it on the same page. */
export const CONSENT_FORM_ID = 'guardian-consent';

/** The form; its title is the page's heading (h1) on a page of its own, an h2 inside another page. */
export function GuardianConsentForm({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { t } = useTranslation('profile');
  const ids = { guardianName: useId(), relationship: useId(), agree: useId() };
  const consent = useGuardianConsent();
  const [guardianName, setGuardianName] = useState('');
  const [relationship, setRelationship] = useState<GuardianRelationship | ''>('');
  const [agree, setAgree] = useState(false);
  // Every field left out is named at once, beside the field; `form` is the server's answer.
  const [errors, setErrors] = useState<Partial<Record<ConsentField | 'form', string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<ConsentField, string>> = {};
    const nameProblem = personNameError(guardianName, 'guardianNameRequired');
    if (nameProblem) found.guardianName = nameProblem;
    if (!relationship) found.relationship = messageText('relationshipRequired');
    if (!agree) found.agree = messageText('agreeRequired');
    setErrors(found);
    const first = CONSENT_FIELDS.find((field) => found[field]);
    if (first || !relationship) {
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    consent.mutate(
      { guardianName: normalisePersonName(guardianName), relationship, agree },
      {
        onSuccess: () => notify({ status: 200, message: t('consentSaved', { ns: 'messages' }) }),
        // A refused name goes beside the name field; anything else above the form.
        onError: (e) =>
          setErrors(
            e instanceof ApiError && isPersonNameCode(e.code) ? { guardianName: localMessage(e) } : { form: e instanceof ApiError ? localMessage(e) : t('genericError') },
          ),
      },
    );
  };

  const describe = (field: ConsentField) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${ids[field]}-error` : undefined,
  });
  const errorOf = (field: ConsentField) =>
    errors[field] ? (
      <p id={`${ids[field]}-error`} className="field__error" data-testid="consent-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <section id={CONSENT_FORM_ID} className="consent card" aria-labelledby="consent-title" tabIndex={-1}>
      <Heading id="consent-title" className="consent__title">
        {t('consentTitle')}
      </Heading>
      <p>{t('consentWhy')}</p>
      <p>{t('consentAsk')}</p>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={ids.guardianName} className="field__label">
          {t('guardianName')}
        </label>
        <input
          id={ids.guardianName}
          className="field__input"
          maxLength={NAME_MAX_LENGTH}
          value={guardianName}
          onChange={(e) => setGuardianName(e.target.value)}
          autoComplete="off"
          {...describe('guardianName')}
        />
        {errorOf('guardianName')}
        <label htmlFor={ids.relationship} className="field__label">
          {t('relationship')}
        </label>
        <select
          id={ids.relationship}
          className="field__input"
          value={relationship}
          onChange={(e) => setRelationship(e.target.value as GuardianRelationship)}
          {...describe('relationship')}
        >
          <option value="">{t('choose')}</option>
          {GUARDIAN_RELATIONSHIPS.map((r) => (
            <option key={r} value={r}>
              {t(`relationships.${r}`)}
            </option>
          ))}
        </select>
        {errorOf('relationship')}
        <label htmlFor={ids.agree} className="checkbox">
          <input id={ids.agree} type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} {...describe('agree')} />
          <span>{t('iAgree')}</span>
        </label>
        {errorOf('agree')}
        <button type="submit" className="btn" disabled={consent.isPending}>
          {t('giveConsent')}
        </button>
      </form>
    </section>
  );
}

/** The consent form inside another page when the learner needs it (a minor without consent), else nothing. */
export function ConsentStep() {
  const me = useMe();
  return needsConsent(me.data) ? <GuardianConsentForm headingLevel={2} /> : null;
}

/** Learning waits for a minor's guardian consent; everyone else goes straight on. */
export function ConsentGate({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending || me.isError) {
    return <QueryState isPending={me.isPending} isError={me.isError} refetch={() => void me.refetch()} minHeight={240} />;
  }
  if (needsConsent(me.data)) {
    return (
      <div className="container learner-section">
        <GuardianConsentForm />
      </div>
    );
  }
  return <>{children}</>;
}
