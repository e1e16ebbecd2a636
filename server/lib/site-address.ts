// Where the server last said it could be opened, kept in its data folder: the command-line tools
// (staff:grant) run while the server is stopped (PGlite is one process's), often in another shell
// without the PORT or PUBLIC_URL it was started with, and must still name the address staff use.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../plugins/config';

const FILE = 'site-address';

/** Written by the server once it listens. */
export function recordSiteAddress(config: Config): void {
  fs.writeFileSync(path.join(config.dataDir, FILE), `${config.publicUrl}\n`);
}

/**
 * The site's address for a message: PUBLIC_URL or PORT of this command's environment when set,
 * else the address the server last ran at, else the default.
 */
export function siteAddress(config: Config, env: NodeJS.ProcessEnv = process.env): string {
  if (env.PUBLIC_URL || env.PORT) return config.publicUrl;
  try {
    return fs.readFileSync(path.join(config.dataDir, FILE), 'utf8').trim() || config.publicUrl;
  } catch {
    return config.publicUrl;
  }
}
