// `npm run dev`: the server in watch mode (restarted by tsx on every change to server/ or contract/)
// beside Vite's dev server (the web app with hot reload at http://localhost:5173, which proxies
// /api and /uploads to the server on PORT, 3000 by default). The server renders pages from the last
// web build, so one is made first when there is none; Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('dist/web/.vite/pages.json')) {
  const build = spawnSync('npm', ['run', '--silent', 'build:web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [
  ['server', ['exec', '--', 'tsx', 'watch', '--clear-screen=false', 'server/main.ts']],
  ['web', ['exec', '--', 'vite']],
].map(([name, args]) => {
  const child = spawn('npm', args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
  child.on('exit', (code, signal) => {
    // One of the two gone (a crash, a port in use): stop the other too rather than leave half a setup.
    if (!stopping) {
      console.error(`npm run dev: the ${name} stopped (${signal ?? `exit code ${code}`}); stopping the other`);
      stop(code ?? 1);
    }
  });
  return child;
});

let stopping = false;
function stop(code) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
