// What a fault script says and how it ends: numbered steps, checks that print PASS or FAIL with the
// figures behind them, clean-up that runs however the script stops, and a deadline after which the
// script gives up (cleaning up) instead of hanging a CI run.
import { performance } from 'node:perf_hooks';

const started = performance.now();
const failures: string[] = [];
const cleanups: (() => void | Promise<void>)[] = [];

function elapsed(): string {
  return `${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s`;
}

/** A line of what the script is doing. */
export function step(message: string): void {
  console.log(`[${elapsed()}] ${message}`);
}

/** A line of what it found, indented under the step. */
export function found(message: string): void {
  console.log(`          ${message}`);
}

/** A check: printed PASS or FAIL with what was measured; a FAIL makes the script exit 1 at the end. */
export function check(ok: boolean, what: string, figures?: string): boolean {
  console.log(`          ${ok ? 'PASS' : 'FAIL'} ${what}${figures ? ` (${figures})` : ''}`);
  if (!ok) failures.push(what);
  return ok;
}

/** Runs at the end, in reverse order of registration, whether the script passed, failed or timed out. */
export function onCleanup(fn: () => void | Promise<void>): void {
  cleanups.push(fn);
}

async function cleanUp(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (error) {
      console.log(`          (clean-up: ${(error as Error).message})`);
    }
  }
}

/**
 * Runs a fault script: prints its title, gives up after `limitSeconds`, cleans up, prints a summary
 * and exits 0 only when every check passed.
 */
export function runScript(title: string, limitSeconds: number, body: () => Promise<void>): void {
  console.log(`== ${title}`);
  const deadline = setTimeout(() => {
    failures.push(`finished within ${limitSeconds} s`);
    console.log(`          FAIL still running after ${limitSeconds} s: giving up`);
    void cleanUp().finally(() => process.exit(1));
  }, limitSeconds * 1000);
  const stopOnSignal = (signal: NodeJS.Signals) => {
    console.log(`          stopped by ${signal}`);
    void cleanUp().finally(() => process.exit(1));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  body()
    .catch((error: unknown) => {
      failures.push('ran to the end');
      console.log(
        `          FAIL the script stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    })
    .finally(async () => {
      clearTimeout(deadline);
      await cleanUp();
      console.log(
        failures.length === 0
          ? `== PASS ${title} (${elapsed().trim()})`
          : `== FAIL ${title} (${elapsed().trim()}): ${failures.length} check(s) failed: ${failures.join('; ')}`,
      );
      process.exit(failures.length === 0 ? 0 : 1);
    });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The value at quantile q (0 to 1) of the numbers, or 0 when there are none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
