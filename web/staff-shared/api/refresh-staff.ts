// Every staff call read again: after a second factor is confirmed (what was refused until then now
// answers) and after a change to staff accounts (one's own roles may be among the changes). The
// console's keys share one prefix (keys.ts), so this reaches every staff feature's data.
import { useQueryClient } from '@tanstack/react-query';
import { staffKeys } from './keys';

export function useRefreshStaff() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: staffKeys.all });
}
