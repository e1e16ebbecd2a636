// How long a piece of work held up everything else: the longest gap between turns of a task that
// runs whenever the event loop is free, which is what a request arriving meanwhile would wait.
export async function measureHold<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; longestHoldMs: number }> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, longestHoldMs: Math.max(longest, performance.now() - last) };
  } finally {
    running = false;
  }
}
