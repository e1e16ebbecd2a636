// Staff accounts and the audit log (/api/staff/members, /api/staff/audit): admins add people to the
// staff, change their roles and languages, deactivate them and reset their second factor, and read
// every staff write.
import type { AuditAction } from '../../../../contract/audit-actions';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditPage, StaffMemberSummary } from '../../../../contract/staff';
import type { StaffRole } from '../../../../contract/staff-roles';
import type { LanguageCode } from '../../../../contract/languages';
import { api } from '../../../lib/api-client';
import { staffKeys } from '../../../staff-shared/api/keys';
import { useRefreshStaff } from '../../../staff-shared/api/refresh-staff';

export type { StaffMemberSummary };
export type AuditEntry = AuditPage['rows'][number];

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
  action?: AuditAction;
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
