// Outside production SESSION_SECRET may be left unset. The secret then lives in DATA_DIR/secret,
// made on the first start and read on every later one: the staff's authenticator secrets are
// encrypted with a key derived from it, and a new secret on every start would make each restart
// lock every staff member out of the second factor (and void the one-time passwords in flight).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../plugins/config';

export const SECRET_FILE_NAME = 'secret';

/** The configuration with the data folder's secret when SESSION_SECRET was not given. */
export function withDataDirSecret(config: Config): Config {
  if (config.secretFromEnvironment) return config;
  const file = path.join(config.dataDir, SECRET_FILE_NAME);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const existing = readSecret(file);
  if (existing) return { ...config, secret: existing };
  try {
    // Readable by the server's user only; `wx` so two processes starting at once keep one secret.
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const made = readSecret(file);
  if (!made)
    throw new Error(`${file} does not hold a secret of at least 32 characters: remove it or set SESSION_SECRET`);
  return { ...config, secret: made };
}

function readSecret(file: string): string | null {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text.length >= 32 ? text : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
