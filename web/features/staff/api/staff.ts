// The staff console's calls (/api/staff/): who is signed in as staff and where their second factor
// stands, the translation matrix, staff accounts and the audit log.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentKind } from '../../../../contract/content-kinds';
import type { TranslationMatrix } from '../../../../contract/authoring';
import type { AuditPage, StaffMe, StaffMemberSummary } from '../../../../contract/staff';
import type { StaffRole } from '../../../../contract/staff-roles';
import type { LanguageCode } from '../../../../contract/languages';
import { api } from '../../../lib/api-client';
import { staffKeys } from './keys';

export type { StaffMe, StaffMemberSummary };
export type MatrixItem = TranslationMatrix['items'][number];
export type MatrixCell = MatrixItem['cells'][number];
export type AuditEntry = AuditPage['rows'][number];

export function useStaffMe() {
  return useQuery({
    queryKey: staffKeys.me,
    queryFn: ({ signal }): Promise<StaffMe> => api.get('/api/staff/me', { signal }),
    // A 401 or 403 is an answer (sign in, or not on the staff), not a failure to repeat.
    retry: false,
    staleTime: 60_000,
  });
}

/** After a second factor is confirmed, the console asks again who is signed in, with every staff call. */
export function useRefreshStaff() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: staffKeys.all });
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

export function useTranslationMatrix(kind: ContentKind | undefined) {
  return useQuery({
    queryKey: staffKeys.translations(kind),
    queryFn: ({ signal }) => api.get('/api/staff/content/translations', { query: kind ? { kind } : {}, signal }),
  });
}

export function useMembers() {
  return useQuery({
    queryKey: staffKeys.members,
    queryFn: ({ signal }) => api.get('/api/staff/members', { signal }),
    select: (data) => data.rows,
  });
}

export interface MemberChange {
  roles?: StaffRole[];
  languages?: LanguageCode[];
}

/** Every change to staff accounts refreshes the list and the audit log (and, for one's own account, who is signed in). */
function useMemberMutation<V>(call: (variables: V) => Promise<StaffMemberSummary>) {
  const refresh = useRefreshStaff();
  return useMutation({ mutationFn: call, onSuccess: () => refresh() });
}

export function useAddMember() {
  return useMemberMutation((body: { mobile: string; name?: string; roles: StaffRole[]; languages?: LanguageCode[] }) =>
    api.post('/api/staff/members', { body }),
  );
}

export function useChangeMember() {
  return useMemberMutation(({ userId, change }: { userId: string; change: MemberChange }) =>
    api.patch('/api/staff/members/{userId}', { path: { userId }, body: change }),
  );
}

export function useSetMemberActive() {
  return useMemberMutation(({ userId, active }: { userId: string; active: boolean }) =>
    api.post(active ? '/api/staff/members/{userId}/reactivate' : '/api/staff/members/{userId}/deactivate', {
      path: { userId },
    }),
  );
}

export function useResetSecondFactor() {
  return useMemberMutation((userId: string) =>
    api.delete('/api/staff/members/{userId}/second-factor', { path: { userId } }),
  );
}

export interface AuditFilters {
  actor?: string;
  action?: string;
  entityKind?: string;
  entityId?: string;
  from?: string;
  to?: string;
}

/** The audit log, newest first, a page at a time (each page asks for entries older than the last). */
export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: staffKeys.audit(filters),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/staff/audit', { query: { ...filters, ...(pageParam ? { before: pageParam } : {}) }, signal }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
