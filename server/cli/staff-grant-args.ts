// The command line of `npm run staff:grant`, read and checked before anything touches the database:
// a wrong argument is refused with a sentence saying what to type instead.
import { parseArgs } from 'node:util';
import { LANGUAGE_CODES, LANGUAGES, languageFromCode, type LanguageCode } from '../../contract/languages';
import { STAFF_ROLES, type StaffRole } from '../../contract/staff-roles';
import { normaliseMobile } from '../lib/profile-fields';

export const USAGE = `Gives staff roles to the person with a mobile number, or takes them away.

  npm run staff:grant -- --mobile 919876543210 --role admin
  npm run staff:grant -- --mobile 919876543210 --role editor --name "Asha Rao"
  npm run staff:grant -- --mobile 919876543210 --role translator --languages hi,ta
  npm run staff:grant -- --mobile 919876543210 --revoke --role editor
  npm run staff:grant -- --mobile 919876543210 --revoke

  --mobile      the person's number, 12 digits with the country code (spaces and + are ignored)
  --role        ${STAFF_ROLES.join(', ')}; repeat it or separate with commas for several
  --languages   a translator's languages, comma-separated: the platform's codes
                (${LANGUAGE_CODES.join(' ')}) or BCP 47 (${LANGUAGE_CODES.map((code) => LANGUAGES[code].bcp47).join(' ')})
  --name        the name of a new account, when no account has the number yet
  --revoke      take the --role(s) away; without --role, deactivate the person's staff record

Granting adds to the roles and languages the person holds (and reactivates a deactivated record).
The last active admin is never revoked. Every change is recorded in the audit log.`;

export class UsageError extends Error {}

export type GrantCommand =
  | { kind: 'help' }
  | { kind: 'grant'; mobile: string; roles: StaffRole[]; languages: LanguageCode[]; name?: string }
  | { kind: 'revoke'; mobile: string; roles: StaffRole[] };

const list = (values: string[] | string | undefined) =>
  [values ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

export function parseGrantArgs(argv: string[]): GrantCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        mobile: { type: 'string' },
        role: { type: 'string', multiple: true },
        languages: { type: 'string', multiple: true },
        name: { type: 'string' },
        revoke: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    // parseArgs names the option it could not take ("Unknown option '--rol'").
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return { kind: 'help' };

  if (values.mobile === undefined)
    throw new UsageError('--mobile is required: the person’s number, 12 digits with the country code (919876543210).');
  const mobile = normaliseMobile(values.mobile);
  if (!mobile)
    throw new UsageError(
      `--mobile ${values.mobile} is not a mobile number: give 12 digits with the country code, for example 919876543210.`,
    );

  const roles = list(values.role).map((raw) => {
    const role = STAFF_ROLES.find((known) => known === raw.toLowerCase());
    if (!role) throw new UsageError(`"${raw}" is not a staff role: the roles are ${STAFF_ROLES.join(', ')}.`);
    return role;
  });

  if (values.revoke) {
    if (values.languages !== undefined)
      throw new UsageError(
        '--languages is not taken with --revoke: change a translator’s languages by granting, or in the staff console.',
      );
    if (values.name !== undefined) throw new UsageError('--name is not taken with --revoke.');
    return { kind: 'revoke', mobile, roles: [...new Set(roles)] };
  }

  if (roles.length === 0)
    throw new UsageError(`--role is required to grant: ${STAFF_ROLES.join(', ')} (or --revoke to take roles away).`);
  const languages = list(values.languages).map((raw) => {
    const lang = languageFromCode(raw);
    if (!lang) {
      throw new UsageError(
        `"${raw}" is not a language of the platform: use ${LANGUAGE_CODES.join(', ')} or their BCP 47 codes (${LANGUAGE_CODES.map((code) => LANGUAGES[code].bcp47).join(', ')}).`,
      );
    }
    return lang;
  });
  if (languages.length > 0 && !roles.includes('translator')) {
    throw new UsageError('--languages is for --role translator: admins, editors and analysts work in every language.');
  }
  const name = values.name?.trim();
  if (values.name !== undefined && !name)
    throw new UsageError('--name is empty: give the person’s name, in quotes when it has spaces.');
  return {
    kind: 'grant',
    mobile,
    roles: [...new Set(roles)],
    languages: [...new Set(languages)],
    ...(name ? { name } : {}),
  };
}
