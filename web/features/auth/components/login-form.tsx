// Sign in or register with a mobile number and a one-time password (specification sections 2, 4,
// 5 and 8): phone entry -> code sent (login, or register when the number is new) -> signed in.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { EMAIL_MAX_LENGTH, OTP_LENGTH } from '../../../../contract/auth-rules';
import { NAME_MAX_LENGTH } from '../../../../contract/person-name';
import { isPersonNameCode, normalisePersonName, personNameError } from '../../../i18n/person-name';
import type { SignedInResponse } from '../../../../contract/auth';
import { ApiError } from '../../../lib/api-client';
import { localMessage } from '../../../i18n/server-messages';
import { messageText } from '../../../i18n/message-text';
import { login, register, resendOtp, sendOtp } from '../api/auth';
import { resendAfterSeconds, retryAfterSeconds } from '../../../lib/otp-answers';
import { OtpBoxes } from './otp-boxes';
import { forgetPendingCode, pendingCode, rememberPendingCode } from './pending-code';
import { fullMobile, mobileProblem, phoneFieldValue } from '../../../lib/phone';
import { useCountdown } from '../../../lib/use-countdown';
import './auth.css';

type Mode = 'login' | 'register';
interface Banner {
  status: number;
  text: string;
}

const emptyCode = () => Array.from({ length: OTP_LENGTH }, () => '');

export function LoginForm({
  onSignedIn,
  onCodeSent,
}: {
  /** Signed in, or registered (`isNew`): who it is, as the server answered. */
  onSignedIn: (answer: SignedInResponse, isNew: boolean) => void | Promise<void>;
  /** A code is on its way: the learner will sign in soon. */
  onCodeSent?: () => void;
}) {
  const { t } = useTranslation('auth');
  const ids = { phone: useId(), hint: useId(), name: useId(), email: useId(), banner: useId() };
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  const [otpSent, setOtpSent] = useState(false);
  const [mode, setMode] = useState<Mode>('login');
  const [code, setCode] = useState<string[]>(emptyCode);
  const [name, setName] = useState('');
  // The name's problem, beside the name field (the form's own check, or the server's answer).
  const [nameError, setNameError] = useState<string | undefined>();
  const [email, setEmail] = useState('');
  const [banner, setBanner] = useState<Banner | null>(null);
  const [busy, setBusy] = useState(false);
  // Signed in: the form stays busy until the next page replaces it.
  const [done, setDone] = useState(false);
  const cooldown = useCountdown();
  // Each code sent moves the focus to the first code box (the person's next step).
  const [codeFocus, setCodeFocus] = useState(0);
  const bannerSlot = useRef<HTMLDivElement>(null);
  // Back in a tab that was waiting for a code (reloaded, or discarded while the SMS was read): at the
  // code boxes again. After the first render, which the server's page has to match.
  useEffect(() => {
    const pending = pendingCode();
    if (!pending) return;
    setPhone(pending.phone);
    setMode(pending.mode);
    setOtpSent(true);
    cooldown.start(Math.max(0, (pending.resendAt - Date.now()) / 1000));
    onCodeSent?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form opens
  }, []);
  /** A code is on its way to the number in the field; the tab remembers it (pending-code.ts). */
  const codeSent = (nextMode: Mode, resendAfter: number) => {
    setMode(nextMode);
    setOtpSent(true);
    setCode(emptyCode());
    setCodeFocus((n) => n + 1);
    cooldown.start(resendAfter);
    const now = Date.now();
    rememberPendingCode({
      phone: phoneFieldValue(phone),
      mode: nextMode,
      sentAt: now,
      resendAt: now + resendAfter * 1000,
    });
    onCodeSent?.();
  };
  // A message the on-screen keyboard or a long form pushed out of view is brought back into it.
  useEffect(() => {
    if (banner) bannerSlot.current?.scrollIntoView({ block: 'nearest' });
  }, [banner]);

  const problem = mobileProblem(phone);
  const valid = problem === null;
  const showHint = touched || phone.length > 0;

  const fail = (error: unknown) => {
    const wait = retryAfterSeconds(error);
    if (wait !== null) cooldown.start(wait);
    if (error instanceof ApiError && isPersonNameCode(error.code)) setNameError(localMessage(error));
    else if (error instanceof ApiError) setBanner({ status: error.status, text: localMessage(error) });
    else setBanner({ status: 500, text: t('genericError') });
  };

  const requestOtp = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (problem) {
      setBanner({ status: 400, text: messageText(problem) });
      return;
    }
    setBusy(true);
    setBanner(null);
    try {
      const answer = await sendOtp({ mobile: fullMobile(phone) });
      codeSent('login', resendAfterSeconds(answer));
      setBanner({ status: 200, text: localMessage(answer) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // A new number: the same code registers it, with a name.
        codeSent('register', resendAfterSeconds(error));
        setBanner({ status: 200, text: localMessage(error) });
      } else fail(error);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (problem) {
      setBanner({ status: 400, text: messageText(problem) });
      return;
    }
    setBusy(true);
    try {
      const answer = await resendOtp({ mobile: fullMobile(phone) });
      codeSent(mode, resendAfterSeconds(answer));
      setBanner({ status: 200, text: localMessage(answer) });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const otp = code.join('');
    if (otp.length !== OTP_LENGTH) {
      setBanner({ status: 400, text: messageText('codeShape', { length: OTP_LENGTH }) });
      return;
    }
    const nameProblem = mode === 'register' ? personNameError(name) : undefined;
    setNameError(nameProblem);
    if (nameProblem) {
      document.getElementById(ids.name)?.focus();
      return;
    }
    setBusy(true);
    setBanner(null);
    try {
      const mobile = fullMobile(phone);
      const answer =
        mode === 'login'
          ? await login({ mobile, otp })
          : await register({ mobile, otp, name: normalisePersonName(name), email: email.trim() });
      setDone(true);
      forgetPendingCode();
      await onSignedIn(answer, mode === 'register');
    } catch (error) {
      setDone(false);
      if (mode === 'register' && error instanceof ApiError && error.status >= 500) {
        // The specification: a failed registration starts over at the login state.
        forgetPendingCode();
        setOtpSent(false);
        setMode('login');
        setCode(emptyCode());
      }
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const wait = cooldown.secondsLeft;
  return (
    <div className="auth card">
      <h1 className="auth__title">{mode === 'register' && otpSent ? t('registerTitle') : t('title')}</h1>
      <p className="auth__intro">{otpSent ? t('codeIntro') : t('intro')}</p>
      <form className="auth__form" noValidate onSubmit={otpSent ? submit : requestOtp}>
        <label htmlFor={ids.phone} className="field__label">
          {t('phoneLabel')}
        </label>
        <div className={`phone${showHint && !valid ? ' phone--invalid' : ''}`}>
          <span className="phone__country" aria-label={t('country')}>
            {/* Drawn, not the flag emoji: phones without an emoji font show that as empty boxes. */}
            <svg className="phone__flag" width="21" height="14" viewBox="0 0 21 14" aria-hidden="true">
              <rect width="21" height="14" fill="#fff" />
              <rect width="21" height="4.67" fill="#ff9933" />
              <rect y="9.33" width="21" height="4.67" fill="#138808" />
              <circle cx="10.5" cy="7" r="1.9" fill="none" stroke="#000080" strokeWidth="0.6" />
              <circle cx="10.5" cy="7" r="0.45" fill="#000080" />
            </svg>
            +91
          </span>
          <input
            id={ids.phone}
            className="phone__input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="9876543210"
            value={phone}
            readOnly={otpSent}
            aria-invalid={showHint && !valid}
            aria-describedby={ids.hint}
            onChange={(event) => setPhone(phoneFieldValue(event.target.value))}
            onBlur={() => setTouched(true)}
          />
        </div>
        <p
          id={ids.hint}
          className={`field__hint${showHint ? (valid ? ' field__hint--ok' : ' field__hint--error') : ''}`}
        >
          {!showHint
            ? t('phoneHint')
            : valid
              ? t('validNumber')
              : problem === 'notAMobile'
                ? messageText('notAMobile')
                : t('invalidNumber')}
        </p>
        {otpSent && (
          <button
            type="button"
            className="auth__link"
            onClick={() => {
              forgetPendingCode();
              setOtpSent(false);
              setMode('login');
              setBanner(null);
              setCode(emptyCode());
              // The wait was for the number just used; another number may ask at once.
              cooldown.reset();
            }}
          >
            {t('changeNumber')}
          </button>
        )}

        {otpSent && (
          <>
            <OtpBoxes
              value={code}
              onChange={setCode}
              label={t('otpLabel')}
              digitLabel={(n) => t('otpDigit', { number: n })}
              disabled={busy}
              focusRequest={codeFocus}
            />
            {mode === 'register' && (
              <>
                <label htmlFor={ids.name} className="field__label">
                  {t('nameLabel')}
                </label>
                <input
                  id={ids.name}
                  className="field__input"
                  type="text"
                  autoComplete="name"
                  required
                  maxLength={NAME_MAX_LENGTH}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${ids.name}-error` : undefined}
                />
                {nameError && (
                  <p id={`${ids.name}-error`} className="field__error" data-testid="name-error">
                    {nameError}
                  </p>
                )}
                <label htmlFor={ids.email} className="field__label">
                  {t('emailLabel')} <span className="field__optional">{t('optional')}</span>
                </label>
                <input
                  id={ids.email}
                  className="field__input"
                  type="email"
                  autoComplete="email"
                  maxLength={EMAIL_MAX_LENGTH}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </>
            )}
          </>
        )}

        {/* The server's answer sits right above the buttons, where the learner is looking (on a
            phone the top of the form is out of sight by then). */}
        <div id={ids.banner} ref={bannerSlot} aria-live="polite" className="auth__banner-slot">
          {banner && (
            <p
              className={`auth__banner ${banner.status > 300 ? 'auth__banner--error' : 'auth__banner--info'}`}
              role={banner.status > 300 ? 'alert' : 'status'}
            >
              {banner.text}
            </p>
          )}
        </div>

        {!otpSent ? (
          <button type="submit" className="btn auth__primary" disabled={busy || wait > 0} aria-busy={busy}>
            {busy ? (
              <>
                <span className="spinner" aria-hidden="true" />
                {t('sendingCode')}
              </>
            ) : wait > 0 ? (
              t('waitSeconds', { count: wait })
            ) : (
              t('requestOtp')
            )}
          </button>
        ) : (
          <>
            <button type="submit" className="btn auth__primary" disabled={busy || done} aria-busy={busy || done}>
              {busy || done ? (
                <>
                  <span className="spinner" aria-hidden="true" />
                  {mode === 'register' ? t('registering') : t('signingIn')}
                </>
              ) : mode === 'register' ? (
                t('register')
              ) : (
                t('login')
              )}
            </button>
            <button
              type="button"
              className="btn btn--ghost auth__resend"
              disabled={busy || done || wait > 0}
              onClick={() => void resend()}
            >
              {wait > 0 ? t('resendIn', { count: wait }) : t('resend')}
            </button>
          </>
        )}
      </form>
    </div>
  );
}
