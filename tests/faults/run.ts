// `npm run test:faults`: the fault scripts one after another (the machines have two cores), each in
// a process of its own that prints what it did and what it found and exits 1 on a failed check.
// `npm run test:faults -- shutdown redis` runs the scripts whose names contain those words.
// Every script stops itself at its own deadline; this runner also ends one that outlives it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const SCRIPTS = [
  { file: 'postgres-restart.ts', limitSeconds: 240 },
  { file: 'embedded-kill.ts', limitSeconds: 300 },
  { file: 'redis-unreachable.ts', limitSeconds: 180 },
  { file: 'graceful-shutdown.ts', limitSeconds: 180 },
];

const filters = process.argv.slice(2);
const chosen = SCRIPTS.filter(({ file }) => filters.length === 0 || filters.some((word) => file.includes(word)));
if (chosen.length === 0) {
  console.error(`No fault script matches ${filters.join(', ')}; the scripts: ${SCRIPTS.map((s) => s.file).join(', ')}`);
  process.exit(1);
}

function run(file: string, limitSeconds: number): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], {
      stdio: 'inherit',
    });
    // The script's own deadline comes first; this one is for a script that cannot even clean up.
    const timer = setTimeout(
      () => {
        console.log(`== ${file} still running ${limitSeconds + 30} s after it started: stopped`);
        child.kill('SIGKILL');
      },
      (limitSeconds + 30) * 1000,
    );
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

const results: { file: string; ok: boolean; seconds: number }[] = [];
for (const { file, limitSeconds } of chosen) {
  const start = Date.now();
  const ok = await run(file, limitSeconds);
  results.push({ file, ok, seconds: (Date.now() - start) / 1000 });
  console.log('');
}
console.log('Fault scripts:');
for (const { file, ok, seconds } of results) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${file} (${seconds.toFixed(0)} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
