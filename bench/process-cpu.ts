// CPU time used by processes, read from /proc (Linux): what a benchmark uses to say which part of the
// machine was busy (the instances, the balancer, PostgreSQL, the load itself) during a stretch of it.
import fs from 'node:fs';

/** Linux's clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's times: 100 on every common build. */
const TICKS_PER_SECOND = 100;

/** The process's command name and its user + system CPU seconds so far, or undefined once it is gone. */
function readStat(pid: number): { name: string; seconds: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The name is in parentheses and may itself hold spaces or parentheses: the fields follow the last ')'.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // Fields 14 and 15 of the whole line (utime, stime) are 11 and 12 after the name and state.
  return {
    name: text.slice(text.indexOf('(') + 1, close),
    seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
  };
}

/** CPU seconds so far of one process. */
export function cpuSecondsOf(pid: number): number {
  return readStat(pid)?.seconds ?? 0;
}

/**
 * CPU seconds so far of every process with this command name (`postgres`, `nginx`), summed. A process
 * that ended in between is no longer counted, so a difference of two readings can fall a little short.
 */
export function cpuSecondsNamed(name: string): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.name === name) total += stat.seconds;
  }
  return total;
}
