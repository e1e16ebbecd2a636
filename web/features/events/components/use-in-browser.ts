import { useSyncExternalStore } from 'react';

const nothing = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML (so both draw the same), true
 * from the next render on: for what only the browser can know (the phone's clock, the entrant's entry).
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    nothing,
    () => true,
    () => false,
  );
}
