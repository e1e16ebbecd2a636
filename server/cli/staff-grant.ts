// `npm run staff:grant`: gives staff roles to the person with a mobile number or takes them away,
// on the configured database (DATABASE_URL, or the PGlite database in DATA_DIR); how the first
// admin is made. Every change is in the audit log, its actor the command line. On PGlite it refuses
// to run while a server holds the same data folder, since two processes writing one PGlite folder
// corrupt it.
//
// Exit codes: 0 done (or nothing to change), 1 refused or failed (the message says why), 2 the
// command line itself is wrong (the message and the usage say what to type).
import os from 'node:os';
import { databaseOptions, openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock';
import { grantRoles, revokeRoles } from '../modules/staff/members';
import type { AuditActor } from '../modules/audit/service';
import type { StaffMemberSummary } from '../../contract/staff';
import { HttpError } from '../plugins/errors';
import { ConfigError, loadConfig } from '../plugins/config';
import { siteAddress } from '../lib/site-address';
import { USAGE, UsageError, parseGrantArgs, type GrantCommand } from './staff-grant-args';

/** Who the audit log names: the command, and the operating-system user and machine that ran it. */
function commandLineActor(): AuditActor {
  let who = 'unknown';
  try {
    who = `${os.userInfo().username}@${os.hostname()}`;
  } catch {
    // A container may have no entry for its user; the command still counts as the actor.
  }
  return { id: null, name: `staff:grant (command line, ${who})`, address: null };
}

function describe(member: StaffMemberSummary): string {
  const languages = member.languages.length ? `; languages ${member.languages.join(', ')}` : '';
  return `${member.name} (${member.mobile}): ${member.active ? 'active' : 'deactivated'}, roles ${member.roles.join(', ')}${languages}`;
}

/** The service's refusals, said the way a person at the command line can act on them. */
function refusal(error: HttpError, command: Exclude<GrantCommand, { kind: 'help' }>): string {
  switch (error.code) {
    case 'staffNameNeeded':
      return `No account has the number ${command.mobile}. Add --name "Their Name" to create one.`;
    case 'staffMemberNotFound':
      return `The number ${command.mobile} belongs to no staff member: nothing to revoke.`;
    case 'translatorLanguagesNeeded':
      return 'A translator needs at least one language: add --languages, for example --languages hi,ta.';
    case 'staffRoleNeeded':
      return 'That would leave the person without any role: to take every role away, run --revoke without --role (it deactivates them).';
    case 'lastAdmin':
      return 'This is the last active admin: grant admin to someone else first, then revoke it here.';
    default:
      return error.message;
  }
}

async function main(argv: string[]): Promise<number> {
  let command: GrantCommand;
  try {
    command = parseGrantArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`Cannot change staff roles: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(databaseOptions(config, 2));
    try {
      const where = database.kind === 'pglite' ? `the PGlite database in ${config.dataDir}` : 'the PostgreSQL database';
      const actor = commandLineActor();
      if (command.kind === 'grant') {
        const result = await grantRoles(database.db, actor, command);
        if (result.accountCreated)
          console.log(`Created the account of ${result.member.name} (${result.member.mobile}) in ${where}.`);
        else if (command.name && command.name !== result.member.name) {
          console.log(
            `The number already has an account, named ${result.member.name}: --name is used only for a new account.`,
          );
        }
        console.log(
          result.changed
            ? `Granted ${command.roles.join(', ')}. Now ${describe(result.member)}.`
            : `Nothing to change: ${describe(result.member)}.`,
        );
        if (result.changed) {
          console.log(
            `Recorded in the audit log. They sign in at ${siteAddress(config)}/login with a one-time password, then set up an authenticator app.`,
          );
        }
      } else {
        const result = await revokeRoles(database.db, actor, command);
        const what = command.roles.length ? `Revoked ${command.roles.join(', ')}` : 'Deactivated';
        console.log(
          result.changed
            ? `${what}. Now ${describe(result.member)}. Their staff sessions have ended.`
            : `Nothing to change: ${describe(result.member)}.`,
        );
      }
      return 0;
    } catch (error) {
      if (error instanceof HttpError) {
        console.error(`Cannot change staff roles: ${refusal(error, command)}`);
        return 1;
      }
      throw error;
    } finally {
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(
        `Cannot change staff roles: ${error.message}\nOn the embedded database (no DATABASE_URL) this command needs the server stopped: stop it, run the command, start it again.`,
      );
    } else if (error instanceof ConfigError) {
      console.error(`Cannot change staff roles: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
