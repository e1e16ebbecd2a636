// A parent's or guardian's consent for someone under 18 (DPDP Act 2023, s. 9), verified as DPDP
// Rules 2025, rule 10 accepts (ADR 18): the guardian's details and their own mobile number, then
// the one-time password sent to that number, typed back with their agreement. One form for every
// place that asks: learning (web/features/profile, ADR 18) and an event's entry (web/features/events,
// ADR 40); each gives its own reason, its own calls and what happens after. Its words are the
// 'guardian-consent' namespace; load it lazily, only for the minors who need it.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { MessageCode } from '../../../contract/messages';
import type { OtpSentResponse } from '../../../contract/auth';
import type { GuardianConsentBody, GuardianConsentCodeBody } from '../../../contract/users';
import { GUARDIAN_RELATIONSHIPS, type GuardianRelationship } from '../../../contract/profile-options';
import { OTP_LENGTH } from '../../../contract/auth-rules';
import { NAME_MAX_LENGTH } from '../../../contract/person-name';
import { isPersonNameCode, normalisePersonName, personNameError } from '../../i18n/person-name';
import { ApiError } from '../../lib/api-client';
import { resendAfterSeconds, retryAfterSeconds } from '../../lib/otp-answers';
import { fullMobile, mobileProblem, phoneFieldValue } from '../../lib/phone';
import { useCountdown } from '../../lib/use-countdown';
import { localMessage } from '../../i18n/server-messages';
import { messageText } from '../../i18n/message-text';
import './guardian-consent.css';

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

export interface GuardianConsentFormProps {
  /** The section's id, for a link to it on the same page. */
  id: string;
  /** 1 when the form is the page's main content, else 2. */
  headingLevel?: 1 | 2;
  /** Why the guardian is asked (learning; an event, by name): the paragraph under the title. */
  why: ReactNode;
  /** The label of the last step's button ("Give consent and continue"). */
  giveLabel: string;
  /** The minor's own number, when known: refused as the guardian's before the server is asked. */
  ownMobile?: string;
  /** Sends the one-time password to the guardian's number. */
  sendCode: (details: GuardianConsentCodeBody) => Promise<OtpSentResponse>;
  /** Records the consent with the code; resolves once the server has it. */
  confirm: (body: GuardianConsentBody) => Promise<unknown>;
  /** After the consent is recorded (the caller shows what opened). */
  onConfirmed?: () => void;
}

export function GuardianConsentForm({
  id,
  headingLevel = 1,
  why,
  giveLabel,
  ownMobile,
  sendCode: send,
  confirm: record,
  onConfirmed,
}: GuardianConsentFormProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { t } = useTranslation('guardian-consent');
  const ids = {
    title: useId(),
    guardianName: useId(),
    relationship: useId(),
    guardianMobile: useId(),
    otp: useId(),
    agree: useId(),
  };
  const cooldown = useCountdown();
  const [guardianName, setGuardianName] = useState('');
  const [relationship, setRelationship] = useState<GuardianRelationship | ''>('');
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [agree, setAgree] = useState(false);
  // The second step starts once a code has gone to the guardian's number.
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
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
    else if (ownMobile && fullMobile(phone) === ownMobile) found.guardianMobile = messageText('guardianMobileOwn');
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
      const answer = await send(details());
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

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const found = detailsProblems();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp.trim()))
      found.otp = messageText('codeShape', { length: OTP_LENGTH });
    if (!agree) found.agree = messageText('agreeRequired');
    if (show(found)) return;
    setConfirming(true);
    try {
      await record({ ...details(), otp: otp.trim(), agree });
      onConfirmed?.();
    } catch (error) {
      refused(error);
    } finally {
      setConfirming(false);
    }
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
    <section id={id} className="consent card" aria-labelledby={ids.title} tabIndex={-1}>
      <Heading id={ids.title} className="consent__title">
        {t('title')}
      </Heading>
      <p>{why}</p>
      <p>{t('ask')}</p>
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
              {t('code')}
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
              <button type="submit" className="btn" disabled={confirming} aria-busy={confirming || undefined}>
                {giveLabel}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                disabled={sending || wait > 0}
                onClick={() => void sendCode()}
              >
                {wait > 0 ? t('resendCodeIn', { count: wait }) : t('resendCode')}
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
            {wait > 0 ? t('resendCodeIn', { count: wait }) : t('sendCode')}
          </button>
        )}
      </form>
    </section>
  );
}
