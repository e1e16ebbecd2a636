// Staff accounts, for admins: who is on the staff with which roles (and a translator's languages),
// whether their authenticator app is set up; adding a person by mobile number, changing roles and
// languages, deactivating and reactivating, and resetting a lost authenticator app. Every change
// asks first where it takes something away, and lands in the audit log.
import { fullMobile, phoneFieldValue } from '../../../lib/phone';
import { useId, useState, type FormEvent } from 'react';
import { LANGUAGES, LANGUAGE_CODES, type LanguageCode } from '../../../../contract/languages';
import { STAFF_ROLES, STAFF_ROLE_PURPOSES, type StaffRole } from '../../../../contract/staff-roles';
import { useTranslation } from '../../../i18n/react';
import { Dialog } from '../../../components/dialog';
import { notify } from '../../../components/notifications';
import { QueryState } from '../../../components/query-state';
import {
  useAddMember,
  useChangeMember,
  useMembers,
  useResetSecondFactor,
  useSetMemberActive,
  type StaffMemberSummary,
} from '../api/people';
import { errorText } from '../../../staff-shared/components/error-text';
import { StaffTable, hiddenColumn } from '../../../staff-shared/components/staff-table';

/** Roles and, for a translator, languages: the part of a member that can be chosen. */
function RolesAndLanguages({
  roles,
  languages,
  onRoles,
  onLanguages,
}: {
  roles: StaffRole[];
  languages: LanguageCode[];
  onRoles: (roles: StaffRole[]) => void;
  onLanguages: (languages: LanguageCode[]) => void;
}) {
  const { t } = useTranslation('staff');
  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  return (
    <>
      <fieldset className="staff-choices">
        <legend>{t('members.roles')}</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className="staff-check">
            <input
              type="checkbox"
              checked={roles.includes(role)}
              onChange={(event) => onRoles(toggle(roles, role, event.target.checked))}
            />
            <span>
              <strong>{t(`roles.${role}`)}</strong> <span className="staff-muted">{STAFF_ROLE_PURPOSES[role]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {roles.includes('translator') && (
        <fieldset className="staff-choices staff-choices--languages">
          <legend>{t('members.languages')}</legend>
          {LANGUAGE_CODES.map((code) => (
            <label key={code} className="staff-check">
              <input
                type="checkbox"
                checked={languages.includes(code)}
                onChange={(event) => onLanguages(toggle(languages, code, event.target.checked))}
              />
              {LANGUAGES[code].name}{' '}
              <span lang={LANGUAGES[code].bcp47} className="staff-muted">
                {LANGUAGES[code].nativeName}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}

function AddMember() {
  const { t } = useTranslation('staff');
  const add = useAddMember();
  const id = useId();
  const [mobile, setMobile] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [languages, setLanguages] = useState<LanguageCode[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      {
        // The number as sign-in takes it: ten digits, a pasted +91 or leading 0 taken off.
        mobile: fullMobile(mobile),
        ...(name.trim() ? { name } : {}),
        roles,
        ...(roles.includes('translator') ? { languages } : {}),
      },
      {
        onSuccess: (member) => {
          notify({ status: 200, message: t('members.added', { name: member.name }) });
          setMobile('');
          setName('');
          setRoles([]);
          setLanguages([]);
        },
      },
    );
  };
  return (
    <form className="staff-card" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('members.addTitle')}</h2>
      <div className="staff-row">
        <div className="staff-field">
          <label htmlFor={`${id}-mobile`}>{t('members.mobile')}</label>
          <input
            id={`${id}-mobile`}
            value={mobile}
            onChange={(event) => setMobile(phoneFieldValue(event.target.value))}
            inputMode="tel"
            autoComplete="off"
            required
          />
          <p className="staff-hint">{t('members.mobileHint')}</p>
        </div>
        <div className="staff-field">
          <label htmlFor={`${id}-name`}>{t('members.name')}</label>
          <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
          <p className="staff-hint">{t('members.nameHint')}</p>
        </div>
      </div>
      <RolesAndLanguages roles={roles} languages={languages} onRoles={setRoles} onLanguages={setLanguages} />
      {add.isError && (
        <p className="staff-error" role="alert">
          {errorText(add.error)}
        </p>
      )}
      <button type="submit" className="btn" disabled={add.isPending} aria-busy={add.isPending || undefined}>
        {add.isPending ? t('actions.saving') : t('members.add')}
      </button>
    </form>
  );
}

function EditMember({ member, onClose }: { member: StaffMemberSummary; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const change = useChangeMember();
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const [languages, setLanguages] = useState<LanguageCode[]>(member.languages);
  const removed = member.roles.filter((role) => !roles.includes(role));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { userId: member.userId, change: { roles, languages: roles.includes('translator') ? languages : [] } },
      {
        onSuccess: () => {
          notify({ status: 200, message: t('members.changed', { name: member.name }) });
          onClose();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="staff-dialog-body" noValidate>
      <h2>{t('members.editTitle', { name: member.name })}</h2>
      <RolesAndLanguages roles={roles} languages={languages} onRoles={setRoles} onLanguages={setLanguages} />
      {removed.length > 0 && (
        <p className="staff-warning">
          {t('members.removingRoles', { roles: removed.map((r) => t(`roles.${r}`)).join(', ') })}
        </p>
      )}
      {change.isError && (
        <p className="staff-error" role="alert">
          {errorText(change.error)}
        </p>
      )}
      <div className="staff-actions">
        <button type="submit" className="btn" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {change.isPending ? t('actions.saving') : t('actions.save')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}

type Pending = { kind: 'edit' | 'deactivate' | 'reactivate' | 'reset'; member: StaffMemberSummary } | null;

function Confirm({ pending, onClose }: { pending: Exclude<Pending, null>; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const setActive = useSetMemberActive();
  const reset = useResetSecondFactor();
  const { kind, member } = pending;
  const call = kind === 'reset' ? reset : setActive;
  const go = () => {
    const done = {
      onSuccess: () => (notify({ status: 200, message: t(`members.done.${kind}`, { name: member.name }) }), onClose()),
    };
    if (kind === 'reset') reset.mutate(member.userId, done);
    else setActive.mutate({ userId: member.userId, active: kind === 'reactivate' }, done);
  };
  return (
    <div className="staff-dialog-body">
      <h2>{t(`members.confirm.${kind}.title`, { name: member.name })}</h2>
      <p>{t(`members.confirm.${kind}.text`, { name: member.name })}</p>
      {call.isError && (
        <p className="staff-error" role="alert">
          {errorText(call.error)}
        </p>
      )}
      <div className="staff-actions">
        <button
          type="button"
          className="btn"
          onClick={go}
          disabled={call.isPending}
          aria-busy={call.isPending || undefined}
        >
          {t(`members.confirm.${kind}.action`)}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('actions.cancel')}
        </button>
      </div>
    </div>
  );
}

export function MembersPage({ selfId }: { selfId: string }) {
  const { t } = useTranslation('staff');
  const members = useMembers();
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);
  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">{t('members.title')}</h1>
      <QueryState isPending={members.isPending} isError={members.isError} refetch={() => void members.refetch()} />
      {members.data && (
        <StaffTable
          label={t('members.title')}
          className="staff-members"
          columns={[
            t('members.name'),
            t('members.mobile'),
            t('members.roles'),
            t('members.app'),
            t('members.state'),
            hiddenColumn(t('members.actions')),
          ]}
        >
          {members.data.map((member) => (
            <tr key={member.userId} className={member.active ? undefined : 'staff-dim'}>
              <th scope="row">
                {member.name}
                {member.userId === selfId && <span className="staff-muted"> {t('members.you')}</span>}
              </th>
              <td>{member.mobile}</td>
              <td>
                {member.roles.map((role) => t(`roles.${role}`)).join(', ')}
                {member.languages.length > 0 && (
                  <span className="staff-muted">
                    {' '}
                    ({member.languages.map((code) => LANGUAGES[code].name).join(', ')})
                  </span>
                )}
              </td>
              <td>{t(`members.appState.${member.secondFactor}`)}</td>
              <td>{member.active ? t('members.active') : t('members.inactive')}</td>
              <td className="staff-row-actions">
                <button type="button" className="btn btn--ghost" onClick={() => setPending({ kind: 'edit', member })}>
                  {t('members.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => setPending({ kind: member.active ? 'deactivate' : 'reactivate', member })}
                >
                  {member.active ? t('members.deactivate') : t('members.reactivate')}
                </button>
                {member.secondFactor !== 'none' && (
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => setPending({ kind: 'reset', member })}
                  >
                    {t('members.reset')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <AddMember />
      <Dialog
        open={pending !== null}
        onClose={close}
        label={pending ? pending.member.name : ''}
        className="staff-dialog"
      >
        {pending?.kind === 'edit' && <EditMember member={pending.member} onClose={close} />}
        {pending && pending.kind !== 'edit' && <Confirm pending={pending} onClose={close} />}
      </Dialog>
    </section>
  );
}
