// Without SESSION_SECRET outside production, the secret is kept in the data folder, so what was
// encrypted or hashed with it (authenticator secrets, recovery codes) survives a restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../plugins/config';
import { SECRET_FILE_NAME, withDataDirSecret } from './secret-file';

const folders: string[] = [];
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-secret-'));
  folders.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the secret kept in DATA_DIR', () => {
  it('is made on the first start, readable by the server’s user only, and the same on every later start', () => {
    const dataDir = tempDataDir();
    const first = withDataDirSecret(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, SECRET_FILE_NAME);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.secret);
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const restarted = withDataDirSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(restarted.secret).toBe(first.secret);
  });

  it('is not used when SESSION_SECRET is set', () => {
    const dataDir = tempDataDir();
    const config = withDataDirSecret(
      loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'from-the-environment-from-the-environment' }),
    );
    expect(config.secret).toBe('from-the-environment-from-the-environment');
    expect(fs.existsSync(path.join(dataDir, SECRET_FILE_NAME))).toBe(false);
  });

  it('refuses a file that holds no real secret, naming it', () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, SECRET_FILE_NAME), 'short\n');
    expect(() => withDataDirSecret(loadConfig({ DATA_DIR: dataDir }))).toThrow(
      /does not hold a secret of at least 32 characters/,
    );
  });
});
