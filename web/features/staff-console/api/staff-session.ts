// Who is signed in as staff and where their second factor stands (/api/staff/me and
// /api/staff/second-factor/), and signing out of the console.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffMe } from '../../../../contract/staff';
import { api } from '../../../lib/api-client';
import { staffKeys } from '../../../staff-shared/api/keys';
import { useRefreshStaff } from '../../../staff-shared/api/refresh-staff';

export type { StaffMe };

export function useStaffMe() {
  return useQuery({
    queryKey: staffKeys.me,
    queryFn: ({ signal }): Promise<StaffMe> => api.get('/api/staff/me', { signal }),
    // A 401 or 403 is an answer (sign in, or not on the staff), not a failure to repeat.
    retry: false,
    staleTime: 60_000,
  });
}

/** Ends the whole session (learner and staff) and opens the address, a fresh page without it. */
export function signOutTo(address: string): void {
  void api
    .post('/api/user/logout')
    .catch(() => undefined)
    .finally(() => window.location.assign(address));
}

export function useStartSetup() {
  return useMutation({
    mutationFn: () => api.post('/api/staff/second-factor/setup'),
  });
}

export function useConfirmSetup() {
  return useMutation({
    mutationFn: (code: string) => api.post('/api/staff/second-factor/confirm', { body: { code } }),
  });
}

export function useVerify() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (code: string) => api.post('/api/staff/second-factor/verify', { body: { code } }),
    onSuccess: () => refresh(),
  });
}

export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: (code: string) => api.post('/api/staff/second-factor/recovery-codes', { body: { code } }),
  });
}
