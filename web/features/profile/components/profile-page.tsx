// /user-profile: avatar and name, the information panel, the settings form, the language, the
// course stats, the certificate, and the learner's own data (download, delete).
import { nameInitials } from '../../../lib/text';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { UpdateProfileBody, UserProfile } from '../../../../contract/users';
import { AGE_MAX, AGE_MIN, GENDERS, QUALIFICATIONS } from '../../../../contract/profile-options';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../../contract/auth-rules';
import { DISTRICT_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../contract/person-name';
import {
  districtError,
  isDistrictCode,
  isPersonNameCode,
  normalisePersonName,
  personNameError,
} from '../../../i18n/person-name';
import { LANGUAGES } from '../../../../contract/languages';
import { LanguageSelectInput } from '../../../components/language-select-input';
import { ApiError, isConsentRequired } from '../../../lib/api-client';
import { useLanguage } from '../../../i18n/use-language';
import { localMessage } from '../../../i18n/server-messages';
import { messageText } from '../../../i18n/message-text';
import type { ErrorResponse } from '../../../../contract/message-responses';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import {
  deleteAccount,
  downloadCertificate,
  downloadMyData,
  saveBlob,
  useMe,
  useStats,
  useUpdateMe,
} from '../api/profile';
import { CONSENT_FORM_ID, GuardianConsentForm } from './guardian-consent';
import { needsConsent } from './consent-gate';
import './profile.css';

/** The form field a refused update is about: by the error's code, or validation's first field. */
function fieldAtFault(error: ApiError): 'name' | 'email' | 'district' | undefined {
  if (error.code === 'invalidEmail') return 'email';
  if (isPersonNameCode(error.code)) return 'name';
  if (isDistrictCode(error.code)) return 'district';
  if (error.code !== 'validation') return undefined;
  const field = (error.details as Partial<ErrorResponse> | undefined)?.details?.[0]?.field;
  return field === 'email' || field === 'name' || field === 'district' ? field : undefined;
}

interface FormValues {
  name: string;
  email: string;
  age: string;
  gender: string;
  qualification: string;
  district: string;
}

type FieldErrors = Partial<Record<keyof FormValues, string>>;

const toForm = (user: UserProfile): FormValues => ({
  name: user.name,
  email: user.email ?? '',
  age: user.age === null ? '' : String(user.age),
  gender: user.gender ?? '',
  qualification: user.qualification ?? '',
  district: user.district ?? '',
});

function SettingsForm({ user }: { user: UserProfile }) {
  const { t } = useTranslation('profile');
  const update = useUpdateMe();
  const id = useId();
  const [values, setValues] = useState<FormValues>(() => toForm(user));
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = (field: keyof FormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const nameProblem = personNameError(values.name);
    if (nameProblem) found.name = nameProblem;
    if (values.email.trim() && !EMAIL_PATTERN.test(values.email.trim())) found.email = messageText('invalidEmail');
    const districtProblem = districtError(values.district);
    if (districtProblem) found.district = districtProblem;
    if (values.age.trim()) {
      const age = Number(values.age);
      if (!Number.isInteger(age) || age < AGE_MIN || age > AGE_MAX)
        found.age = t('ageInvalid', { min: AGE_MIN, max: AGE_MAX });
    }
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notify({ status: 400, message: t('profileFailed', { ns: 'messages' }) });
      return;
    }
    const body: UpdateProfileBody = {
      name: normalisePersonName(values.name),
      email: values.email.trim() || null,
      age: values.age.trim() ? Number(values.age) : null,
      gender: (values.gender || null) as UpdateProfileBody['gender'],
      qualification: (values.qualification || null) as UpdateProfileBody['qualification'],
      district: normalisePersonName(values.district) || null,
    };
    update.mutate(body, {
      onSuccess: () => notify({ status: 200, message: t('profileUpdated', { ns: 'messages' }) }),
      onError: (error) => {
        // The typed values stay in the form; the server's reason goes beside the field it names.
        const field = error instanceof ApiError ? fieldAtFault(error) : undefined;
        if (field) setErrors({ [field]: localMessage(error) });
        notify({
          status: error instanceof ApiError ? error.status : 500,
          message: t('profileFailed', { ns: 'messages' }),
        });
      },
    });
  };

  const field = (name: keyof FormValues) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const errorOf = (name: keyof FormValues) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile__heading">
        {t('settings')}
      </h2>
      <label htmlFor={`${id}-name`} className="field__label">
        {t('name')}
      </label>
      <input
        {...field('name')}
        className="field__input"
        autoComplete="name"
        maxLength={NAME_MAX_LENGTH}
        value={values.name}
        onChange={set('name')}
      />
      {errorOf('name')}
      <label htmlFor={`${id}-email`} className="field__label">
        {t('email')}
      </label>
      <input
        {...field('email')}
        className="field__input"
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
        value={values.email}
        onChange={set('email')}
      />
      {errorOf('email')}
      <label htmlFor={`${id}-age`} className="field__label">
        {t('age')}
      </label>
      <input
        {...field('age')}
        className="field__input"
        type="number"
        inputMode="numeric"
        min={AGE_MIN}
        max={AGE_MAX}
        value={values.age}
        onChange={set('age')}
      />
      {errorOf('age')}
      <label htmlFor={`${id}-gender`} className="field__label">
        {t('gender')}
      </label>
      <select {...field('gender')} className="field__input" value={values.gender} onChange={set('gender')}>
        <option value="">{t('choose')}</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {t(`genders.${g}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-qualification`} className="field__label">
        {t('qualification')}
      </label>
      <select
        {...field('qualification')}
        className="field__input"
        value={values.qualification}
        onChange={set('qualification')}
      >
        <option value="">{t('choose')}</option>
        {QUALIFICATIONS.map((q) => (
          <option key={q} value={q}>
            {t(`qualifications.${q.replace(/[^A-Za-z0-9]/g, '')}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-district`} className="field__label">
        {t('district')}
      </label>
      <input
        {...field('district')}
        aria-describedby={[`${id}-district-hint`, errors.district ? `${id}-district-error` : ''].join(' ').trim()}
        className="field__input"
        autoComplete="address-level2"
        maxLength={DISTRICT_MAX_LENGTH}
        value={values.district}
        onChange={set('district')}
      />
      <p id={`${id}-district-hint`} className="profile__hint">
        {t('districtHint')}
      </p>
      {errorOf('district')}
      <label htmlFor={`${id}-mobile`} className="field__label">
        {t('mobile')}
      </label>
      <input id={`${id}-mobile`} className="field__input" value={`+${user.mobile}`} readOnly aria-readonly="true" />
      <button type="submit" className="btn" disabled={update.isPending}>
        {t('save')}
      </button>
    </form>
  );
}

function LanguageCard() {
  const { t } = useTranslation('profile');
  const id = useId();
  return (
    <div className="card profile__card">
      <label htmlFor={id} className="profile__heading">
        {t('language')}
      </label>
      <LanguageSelectInput id={id} className="field__input" />
    </div>
  );
}

function Stats({ certificateId }: { certificateId?: string }) {
  const { t } = useTranslation('profile');
  const { language } = useLanguage();
  const stats = useStats(language);
  const [downloading, setDownloading] = useState(false);
  if (isConsentRequired(stats.error)) {
    // The form is on this page: the figures wait for it, and the way there is one tap.
    return (
      <div className="card profile__card" data-testid="stats-consent">
        <h2 className="profile__heading">{t('certificate')}</h2>
        <p>{localMessage(stats.error)}</p>
        <a className="btn btn--ghost" href={`#${CONSENT_FORM_ID}`}>
          {t('consentGo')}
        </a>
      </div>
    );
  }
  if (!stats.data)
    return (
      <QueryState
        isPending={stats.isPending}
        isError={stats.isError}
        refetch={() => void stats.refetch()}
        minHeight={120}
      />
    );
  const completed = stats.data.courses.filter((c) => c.status === 'completed').length;
  const total = stats.data.total;
  const percent = total > 0 ? Math.trunc((completed / total) * 100) : 0;
  const ready = percent === 100;

  const certificate = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadCertificate(language), 'Certificate.pdf');
    } catch (error) {
      const notEarned = error instanceof ApiError && error.status === 400;
      notify({
        status: error instanceof ApiError ? error.status : 500,
        message: notEarned ? messageText('certificateNotEarned') : t('certificateFailed', { ns: 'messages' }),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <p className="profile__stats-note">{t('statsInLanguage', { language: LANGUAGES[language].nativeName })}</p>
      <div className="profile__stats">
        <div className="card stat">
          <span className="stat__label">{t('coursesEnrolled')}</span>
          <strong className="stat__value" data-testid="courses-enrolled">
            {total}
          </strong>
        </div>
        <div className="card stat">
          <span className="stat__label">{t('completion')}</span>
          <strong className="stat__value" data-testid="completion">
            {percent}%
          </strong>
        </div>
      </div>
      <div className="card profile__card profile__certificate" id={certificateId} tabIndex={-1}>
        <h2 className="profile__heading">{t('certificate')}</h2>
        <p>{ready ? t('certificateReady') : t('certificateNotReady')}</p>
        {/* Enabled only visually at 100% (the text above says why): pressing it earlier asks the
            server, which answers with the reason. */}
        <button
          type="button"
          className={`btn${ready ? '' : ' btn--muted'}`}
          onClick={() => void certificate()}
          disabled={downloading}
        >
          {t('downloadCertificate')}
        </button>
      </div>
    </>
  );
}

function MyData() {
  const { t } = useTranslation('profile');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const fail = (error: unknown) =>
    notify({
      status: error instanceof ApiError ? error.status : 500,
      message: error instanceof ApiError ? localMessage(error) : t('genericError'),
    });
  return (
    <div className="card profile__card">
      <h2 className="profile__heading">{t('yourData')}</h2>
      <p>{t('yourDataText')}</p>
      <div className="profile__actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={async () => {
            try {
              saveBlob(await downloadMyData(), 'my-data.json');
            } catch (error) {
              fail(error);
            }
          }}
        >
          {t('downloadData')}
        </button>
        {!confirming ? (
          <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
            {t('deleteAccount')}
          </button>
        ) : (
          <div className="confirm" role="alertdialog" aria-labelledby="confirm-delete">
            <p id="confirm-delete">
              <strong>{t('deleteConfirm')}</strong>
            </p>
            <button
              type="button"
              className="btn btn--danger"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await deleteAccount();
                  window.location.assign('/');
                } catch (error) {
                  fail(error);
                  setBusy(false);
                }
              }}
            >
              {t('deleteYes')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
              {t('deleteNo')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** `certificateId`: the certificate card's element id, for links to it from other pages. */
export function ProfilePage({ certificateId }: { certificateId?: string } = {}) {
  const { t } = useTranslation('profile');
  const me = useMe();
  const [formKey, setFormKey] = useState(0);
  // A fresh form when another tab or the consent step changed the profile.
  useEffect(() => setFormKey((k) => k + 1), [me.data?.id]);
  if (!me.data) {
    return (
      <div className="container learner-section">
        <QueryState isPending={me.isPending} isError={me.isError} refetch={() => void me.refetch()} minHeight={320} />
      </div>
    );
  }
  const user = me.data;
  return (
    <div className="container learner-section profile">
      <header className="profile__head">
        <span className="avatar" aria-hidden="true">
          {nameInitials(user.name)}
        </span>
        <div>
          <h1 className="profile__name">{user.name}</h1>
          <p className="view__meta">{t('learner')}</p>
        </div>
      </header>
      {needsConsent(user) && <GuardianConsentForm headingLevel={2} />}
      <div className="profile__grid">
        <div className="profile__column">
          <section className="card profile__card" aria-labelledby="info-title">
            <h2 id="info-title" className="profile__heading">
              {t('information')}
            </h2>
            <dl className="info">
              <dt>{t('name')}</dt>
              <dd>{user.name}</dd>
              <dt>{t('mobile')}</dt>
              <dd>+{user.mobile}</dd>
              <dt>{t('email')}</dt>
              <dd>{user.email ?? '—'}</dd>
              <dt>{t('age')}</dt>
              <dd>{user.age ?? '—'}</dd>
              <dt>{t('gender')}</dt>
              <dd>{user.gender ? t(`genders.${user.gender}`) : '—'}</dd>
              <dt>{t('qualification')}</dt>
              <dd>
                {user.qualification ? t(`qualifications.${user.qualification.replace(/[^A-Za-z0-9]/g, '')}`) : '—'}
              </dd>
              <dt>{t('district')}</dt>
              <dd>{user.district ?? '—'}</dd>
            </dl>
          </section>
          <Stats certificateId={certificateId} />
          <LanguageCard />
        </div>
        <div className="profile__column">
          <div className="card profile__card">
            <SettingsForm key={formKey} user={user} />
          </div>
          <MyData />
        </div>
      </div>
    </div>
  );
}
