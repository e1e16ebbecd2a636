// `npm run test:e2e`: the browser journeys' groups (tests/e2e/groups.ts) side by side, each a
// Vitest run of its own with a server of its own, one file at a time within it. The journeys mostly
// wait on pages, so four groups fit two cores; one Vitest run would hold every group to one worker,
// since its projects share the worker count. Each line of output is marked with its group; the exit
// code is 1 when any group failed.
//
// With arguments (`npm run test:e2e -- tests/e2e/sign-in.e2e.ts`), one Vitest run takes them as given.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { GROUPS as ALL_GROUPS } from './groups';

const CONFIG = ['--config', 'tests/e2e/vitest.config.ts'];
const GROUPS = ALL_GROUPS.map((group) => group.name);

function vitest(args: string[], label?: string): Promise<number> {
  return run('npx', ['vitest', 'run', ...CONFIG, ...args], label);
}

function run(command: string, args: string[], label?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (label) {
      for (const stream of [child.stdout!, child.stderr!]) {
        readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const args = process.argv.slice(2);
if (args.length > 0) {
  process.exitCode = await vitest(args);
} else {
  // Built once here, before the groups' servers each start as `npm start` does (finding it built).
  if ((await run('node', ['scripts/build-if-needed.mjs'])) !== 0) process.exit(1);
  const started = Date.now();
  const results = await Promise.all(
    GROUPS.map(async (group) => {
      const code = await vitest(['--project', group], group);
      console.log(
        `[${group}] ${code === 0 ? 'passed' : 'FAILED'} after ${Math.round((Date.now() - started) / 1000)} s`,
      );
      return code;
    }),
  );
  const failed = GROUPS.filter((_, i) => results[i] !== 0);
  console.log(
    failed.length ? `Browser journeys failed in: ${failed.join(', ')}` : 'Browser journeys: every group passed',
  );
  process.exitCode = failed.length ? 1 : 0;
}
