// The second factor of admins and editors: setting up an authenticator app (scan the QR code or
// type the secret, confirm a first code, keep the ten recovery codes shown once) and confirming a
// code at each sign-in. Also the recovery codes shown after a renewal (account page).
import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useRefreshStaff } from '../../../staff-shared/api/refresh-staff';
import { useConfirmSetup, useStartSetup, useVerify } from '../api/staff-session';
import { errorText } from '../../../staff-shared/components/error-text';
import { LeaveDialog } from '../../../staff-shared/components/leave-dialog';
import { useLeaveGuard } from '../../../staff-shared/components/leave-guard';

/** A code field: digits from the app, or a recovery code (letters, a hyphen); the error beside it. */
export function CodeField({
  label,
  hint,
  value,
  onChange,
  error,
  recovery = false,
  focusFirst = false,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  recovery?: boolean;
  /** Focused when it appears: the next step after the sign-in code, as the sign-in form's own steps do. */
  focusFirst?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) input.current?.focus();
  }, [focusFirst]);
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      <p className="staff-hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        ref={input}
        id={id}
        className="staff-code-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      {error && (
        <p className="staff-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The ten recovery codes, shown once: to print, copy or download, and confirmed as kept before going
 * on. Until then, reloading, closing the tab or moving to another page asks first: the codes cannot
 * be shown again. `door`: shown before the console (at setup), a card of its own on the page.
 */
export function RecoveryCodes({
  codes,
  onDone,
  door = false,
}: {
  codes: string[];
  onDone: () => void;
  door?: boolean;
}) {
  const { t } = useTranslation('staff');
  const [kept, setKept] = useState(false);
  const leave = useLeaveGuard(!kept);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${t('recovery.fileHeading')}\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'jgk-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className={door ? 'staff-card staff-door' : 'staff-card'} aria-labelledby="recovery-title">
      <h2 id="recovery-title">{t('recovery.title')}</h2>
      <p>{t('recovery.explain')}</p>
      <ol className="staff-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="staff-actions">
        <button type="button" className="btn btn--ghost" onClick={() => void navigator.clipboard?.writeText(text)}>
          {t('recovery.copy')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={download}>
          {t('recovery.download')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
          {t('recovery.print')}
        </button>
      </div>
      <label className="staff-check">
        <input type="checkbox" checked={kept} onChange={(event) => setKept(event.target.checked)} />{' '}
        {t('recovery.kept')}
      </label>
      <button type="button" className="btn" disabled={!kept} onClick={onDone}>
        {t('recovery.continue')}
      </button>
      <LeaveDialog
        guard={leave}
        title={t('recovery.leave.title')}
        text={t('recovery.leave.text')}
        stay={t('recovery.leave.stay')}
        leave={t('recovery.leave.leave')}
      />
    </section>
  );
}

export function SecondFactorSetup({ name }: { name: string }) {
  const { t } = useTranslation('staff');
  const start = useStartSetup();
  const confirm = useConfirmSetup();
  const refresh = useRefreshStaff();
  const [code, setCode] = useState('');
  const { mutate: startSetup } = start;
  // A new secret each time the page opens: one never confirmed is replaced, nothing is in force yet.
  useEffect(() => startSetup(), [startSetup]);

  if (confirm.data) return <RecoveryCodes codes={confirm.data.recoveryCodes} onDone={() => void refresh()} door />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code);
  };
  return (
    <section className="staff-card staff-door" aria-labelledby="setup-title">
      <h1 id="setup-title">{t('setup.title')}</h1>
      <p>{t('setup.explain', { name })}</p>
      {start.isPending && <p role="status">{t('status.loading')}</p>}
      {start.isError && (
        <p className="staff-error" role="alert">
          {errorText(start.error)}{' '}
          <button type="button" className="btn btn--ghost" onClick={() => startSetup()}>
            {t('actions.retry')}
          </button>
        </p>
      )}
      {start.data && (
        <>
          <ol className="staff-steps">
            <li>{t('setup.stepInstall')}</li>
            <li>
              {t('setup.stepScan')}
              <img className="staff-qr" src={start.data.qrCode} alt={t('setup.qrAlt')} width={220} height={220} />
              <details>
                <summary>{t('setup.cannotScan')}</summary>
                <p>
                  {t('setup.typeSecret')}{' '}
                  {/* Groups of four, each kept whole on its line: a line breaks only between groups. */}
                  <code className="staff-secret">
                    {start.data.secret.match(/.{1,4}/g)?.map((group, index) => (
                      <Fragment key={index}>
                        {index > 0 && ' '}
                        <span className="staff-secret__group">{group}</span>
                      </Fragment>
                    ))}
                  </code>
                </p>
              </details>
            </li>
            <li>{t('setup.stepCode')}</li>
          </ol>
          <form onSubmit={submit} noValidate>
            <CodeField
              label={t('setup.codeLabel')}
              hint={t('setup.codeHint')}
              value={code}
              onChange={setCode}
              error={confirm.isError ? errorText(confirm.error) : null}
            />
            <button
              type="submit"
              className="btn"
              disabled={confirm.isPending}
              aria-busy={confirm.isPending || undefined}
            >
              {confirm.isPending ? t('actions.checking') : t('setup.confirm')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

export function SecondFactorVerify({ name }: { name: string }) {
  const { t } = useTranslation('staff');
  const verify = useVerify();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code);
  };
  return (
    <section className="staff-card staff-door" aria-labelledby="verify-title">
      <h1 id="verify-title">{recovery ? t('verify.recoveryTitle') : t('verify.title')}</h1>
      <p>{recovery ? t('verify.recoveryExplain', { name }) : t('verify.explain', { name })}</p>
      <form onSubmit={submit} noValidate>
        <CodeField
          label={recovery ? t('verify.recoveryLabel') : t('verify.codeLabel')}
          hint={recovery ? t('verify.recoveryHint') : t('verify.codeHint')}
          value={code}
          onChange={setCode}
          recovery={recovery}
          error={verify.isError ? errorText(verify.error) : null}
          focusFirst
        />
        <button type="submit" className="btn" disabled={verify.isPending} aria-busy={verify.isPending || undefined}>
          {verify.isPending ? t('actions.checking') : t('verify.confirm')}
        </button>
      </form>
      <button
        type="button"
        className="staff-link-button"
        onClick={() => {
          // Another kind of code: the field, and what was said of the other kind, start afresh.
          setRecovery(!recovery);
          setCode('');
          verify.reset();
        }}
      >
        {recovery ? t('verify.useApp') : t('verify.useRecovery')}
      </button>
    </section>
  );
}
