// The signed-in staff member's own account: their roles and languages, their authenticator app, and
// ten new recovery codes for a current app code (the old ones stop working).
import { useState, type FormEvent } from 'react';
import { LANGUAGES } from '../../../../contract/languages';
import { useTranslation } from '../../../i18n/react';
import { useRenewRecoveryCodes, type StaffMe } from '../api/staff-session';
import { errorText } from '../../../staff-shared/components/error-text';
import { CodeField, RecoveryCodes } from './second-factor';

/** At or below this many unspent recovery codes, the page suggests new ones. */
const RECOVERY_CODES_LOW = 3;

export function AccountPage({ me }: { me: StaffMe }) {
  const { t } = useTranslation('staff');
  const renew = useRenewRecoveryCodes();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    renew.mutate(code);
  };
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">{t('account.title')}</h1>
      <dl className="staff-facts">
        <dt>{t('members.name')}</dt>
        <dd>{me.name}</dd>
        <dt>{t('members.roles')}</dt>
        <dd>{me.roles.map((role) => t(`roles.${role}`)).join(', ')}</dd>
        {me.languages.length > 0 && (
          <>
            <dt>{t('members.languages')}</dt>
            <dd>{me.languages.map((code) => LANGUAGES[code].name).join(', ')}</dd>
          </>
        )}
        <dt>{t('members.app')}</dt>
        <dd>{t(`account.app.${me.secondFactor}`)}</dd>
        {me.recoveryCodesLeft !== undefined && (
          <>
            <dt>{t('account.codesLeftTerm')}</dt>
            <dd>
              {t('account.codesLeft', { count: me.recoveryCodesLeft })}
              {me.recoveryCodesLeft <= RECOVERY_CODES_LOW && <> {t('account.codesLow')}</>}
            </dd>
          </>
        )}
      </dl>
      {me.secondFactor === 'verified' &&
        (renew.data ? (
          <RecoveryCodes codes={renew.data.recoveryCodes} onDone={() => (renew.reset(), setCode(''))} />
        ) : (
          <form className="staff-card" onSubmit={submit} noValidate>
            <h2>{t('account.renewTitle')}</h2>
            <p>{t('account.renewExplain')}</p>
            <CodeField
              label={t('setup.codeLabel')}
              hint={t('account.renewHint')}
              value={code}
              onChange={setCode}
              error={renew.isError ? errorText(renew.error) : null}
            />
            <button type="submit" className="btn" disabled={renew.isPending} aria-busy={renew.isPending || undefined}>
              {renew.isPending ? t('actions.checking') : t('account.renew')}
            </button>
          </form>
        ))}
    </section>
  );
}
