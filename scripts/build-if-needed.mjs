// Part of `npm start`: builds the web app and the server when their output is missing or older
// than their sources, so a fresh clone and an edited checkout both start on current code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

function stale(output, sources) {
  return !fs.existsSync(output) || fs.statSync(output).mtimeMs < newestMtime(sources);
}

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (
  fs.existsSync('web/index.html') &&
  stale('dist/web/index.html', ['web', 'contract', 'vite.config.ts', 'package.json'])
) {
  run('build:web');
}
if (stale('dist/server/main.js', ['server', 'contract', 'package.json'])) run('build:server');
