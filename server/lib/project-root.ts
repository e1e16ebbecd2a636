// The folder holding package.json, found from a module's own path, so that source files run by
// tsx or vitest and the bundled server in dist/ find migrations and content in the same place.
import fs from 'node:fs';
import path from 'node:path';

export function projectRoot(fromFile: string): string {
  let dir = path.dirname(fromFile);
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fromFile}`);
    dir = parent;
  }
  return dir;
}
