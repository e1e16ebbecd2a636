// A learner under 18 needs a parent's or guardian's consent before learning starts (DPDP Act
// 2023), verified as DPDP Rules 2025, rule 10 accepts (ADR 18): the guardian's details and their own
// mobile number, then the one-time password sent to that number. Where it is shown (the gate before
// learning, the step inside the catalogue and a course page) is consent-gate.tsx, which loads this
// form only for the learners who need it.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { MessageCode } from '../../../../contract/messages';
import { GUARDIAN_RELATIONSHIPS, type GuardianRelationship } from '../../../../contract/profile-options';
import { OTP_LENGTH } from '../../../../contract/auth-rules';
import { NAME_MAX_LENGTH } from '../../../../contract/person-name';
import { isPersonNameCode, normalisePersonName, personNameError } from '../../../i18n/person-name';
import { ApiError } from '../../../lib/api-client';
import { resendAfterSeconds, retryAfterSeconds } from '../../../lib/otp-answers';
import { fullMobile, mobileProblem, phoneFieldValue } from '../../../lib/phone';
import { useCountdown } from '../../../lib/use-countdown';
import { localMessage } from '../../../i18n/server-messages';
import { messageText } from '../../../i18n/message-text';
import { notify } from '../../../components/notifications';
import { sendGuardianConsentCode, useGuardianConsent, useMe } from '../api/profile';
import './profile.css';

const CONSENT_FIELDS = ['guardianName', 'relationship', 'guardianMobile', 'otp', 'agree'] as const;
type ConsentField = (typeof CONSENT_FIELDS)[number];

/** Which field a refusal from the server belongs beside; any other is shown above the form. */
const FIELD_OF: Partial<Record<MessageCode, ConsentField>> = {
  guardianNameRequired: 'guardianName',
  relationshipRequired: 'relationship',
  invalidMobile: 'guardianMobile',
  notAMobile: 'guardianMobile',
  guardianMobileOwn: 'guardianMobile',
  codeShape: 'otp',
  noCode: 'otp',
  wrongCode: 'otp',
  expired: 'otp',
  used: 'otp',
  tooManyTries: 'otp',
  agreeRequired: 'agree',
};

/** The id of the consent form's section, for a link to it on the same page. */
export const CONSENT_FORM_ID = 'guardian-consent';

/** The form; its title is the page's heading (h1) on a page of its own, an h2 inside another page. */
export function GuardianConsentForm({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { t } = useTranslation('profile');
  const ids = { guardianName: useId(), relationship: useId(), guardianMobile: useId(), otp: useId(), agree: useId() };
  const me = useMe();
  const consent = useGuardianConsent();
  const cooldown = useCountdown();
  const [guardianName, setGuardianName] = useState('');
  const [relationship, setRelationship] = useState<GuardianRelationship | ''>('');
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [agree, setAgree] = useState(false);
  // The second step starts once a code has gone to the guardian's number.
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Every field left out is named at once, beside the field; `form` is any other answer of the server.
  const [errors, setErrors] = useState<Partial<Record<ConsentField | 'form', string>>>({});

  /** What is wrong with the guardian's details, field by field (nothing when all is well). */
  const detailsProblems = (): Partial<Record<ConsentField, string>> => {
    const found: Partial<Record<ConsentField, string>> = {};
    const nameProblem = personNameError(guardianName, 'guardianNameRequired');
    if (nameProblem) found.guardianName = nameProblem;
    if (!relationship) found.relationship = messageText('relationshipRequired');
    const problem = mobileProblem(phone);
    if (problem) found.guardianMobile = messageText(problem);
    else if (fullMobile(phone) === me.data?.mobile) found.guardianMobile = messageText('guardianMobileOwn');
    return found;
  };

  const show = (found: Partial<Record<ConsentField, string>>) => {
    setErrors(found);
    const first = CONSENT_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(ids[first])?.focus();
    return Boolean(first);
  };

  const refused = (error: unknown) => {
    if (!(error instanceof ApiError)) return setErrors({ form: t('genericError') });
    // A refused name goes beside the name field, as the other fields' refusals go beside theirs.
    const field = isPersonNameCode(error.code)
      ? 'guardianName'
      : error.code
        ? FIELD_OF[error.code as MessageCode]
        : undefined;
    setErrors(field ? { [field]: localMessage(error) } : { form: localMessage(error) });
    if (field) document.getElementById(ids[field])?.focus();
  };

  const details = () => ({
    guardianName: normalisePersonName(guardianName),
    relationship: relationship || undefined,
    guardianMobile: fullMobile(phone),
  });

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    if (show(detailsProblems())) return;
    setSending(true);
    setNotice(null);
    try {
      const answer = await sendGuardianConsentCode(details());
      setCodeSent(true);
      setOtp('');
      cooldown.start(resendAfterSeconds(answer));
      setNotice(localMessage(answer));
      setErrors({});
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait !== null) cooldown.start(wait);
      refused(error);
    } finally {
      setSending(false);
    }
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const found = detailsProblems();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp.trim()))
      found.otp = messageText('codeShape', { length: OTP_LENGTH });
    if (!agree) found.agree = messageText('agreeRequired');
    if (show(found)) return;
    consent.mutate(
      { ...details(), otp: otp.trim(), agree },
      {
        onSuccess: () => notify({ status: 200, message: t('consentSaved', { ns: 'messages' }) }),
        onError: refused,
      },
    );
  };

  const describe = (field: ConsentField, hint?: string) => {
    const described = [hint, errors[field] ? `${ids[field]}-error` : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': described || undefined };
  };
  const errorOf = (field: ConsentField) =>
    errors[field] ? (
      <p id={`${ids[field]}-error`} className="field__error" data-testid="consent-error">
        {errors[field]}
      </p>
    ) : null;
  const wait = cooldown.secondsLeft;

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
      <form className="form" onSubmit={codeSent ? confirm : sendCode} noValidate>
        <label htmlFor={ids.guardianName} className="field__label">
          {t('guardianName')}
        </label>
        <input
          id={ids.guardianName}
          className="field__input"
          maxLength={NAME_MAX_LENGTH}
          value={guardianName}
          readOnly={codeSent}
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
          disabled={codeSent}
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
        <label htmlFor={ids.guardianMobile} className="field__label">
          {t('guardianMobile')}
        </label>
        <div className="consent__phone">
          <span className="consent__country" aria-hidden="true">
            +91
          </span>
          <input
            id={ids.guardianMobile}
            className="field__input"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="9876543210"
            value={phone}
            readOnly={codeSent}
            onChange={(e) => setPhone(phoneFieldValue(e.target.value))}
            {...describe('guardianMobile', `${ids.guardianMobile}-hint`)}
          />
        </div>
        <p id={`${ids.guardianMobile}-hint`} className="consent__hint">
          {t('guardianMobileHint')}
        </p>
        {errorOf('guardianMobile')}
        {codeSent ? (
          <>
            {notice && (
              <p className="consent__notice" role="status">
                {notice}
              </p>
            )}
            <label htmlFor={ids.otp} className="field__label">
              {t('consentCode')}
            </label>
            <input
              id={ids.otp}
              className="field__input consent__code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
              {...describe('otp')}
            />
            {errorOf('otp')}
            <label htmlFor={ids.agree} className="checkbox">
              <input
                id={ids.agree}
                type="checkbox"
                checked={agree}
                onChange={(e) => setAgree(e.target.checked)}
                {...describe('agree')}
              />
              <span>{t('iAgree')}</span>
            </label>
            {errorOf('agree')}
            <div className="consent__actions">
              <button type="submit" className="btn" disabled={consent.isPending}>
                {t('giveConsent')}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={sending || wait > 0}
                onClick={() => void sendCode()}
              >
                {wait > 0 ? t('resendConsentCodeIn', { count: wait }) : t('resendConsentCode')}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setCodeSent(false);
                  setNotice(null);
                  setErrors({});
                }}
              >
                {t('changeGuardian')}
              </button>
            </div>
          </>
        ) : (
          <button type="submit" className="btn" disabled={sending || wait > 0}>
            {wait > 0 ? t('resendConsentCodeIn', { count: wait }) : t('sendConsentCode')}
          </button>
        )}
      </form>
    </section>
  );
}
