// The server's log lines kept in memory, for tests that check what is logged (and what never is).
export interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

export interface LogCapture {
  lines: LogLine[];
  /** Pass as the app's logger. */
  logger: { level: string; stream: { write(line: string): void } };
  /** The lines whose message matches. */
  matching(pattern: RegExp): LogLine[];
}

export function captureLog(level = 'info'): LogCapture {
  const lines: LogLine[] = [];
  return {
    lines,
    logger: { level, stream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
    matching: (pattern) => lines.filter((line) => pattern.test(line.msg ?? '')),
  };
}
