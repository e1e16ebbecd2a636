// Runs jobs one after another: a photo decodes to up to 200 MB (limits.ts), so the process holds
// at most one at a time however many staff upload together; the others wait their turn.
export interface SerialQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(job: () => Promise<T>): Promise<T> {
      const result = tail.then(job);
      // A failed job must not stop the ones queued after it.
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
