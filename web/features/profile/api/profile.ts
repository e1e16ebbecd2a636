// The learner's own profile, their course stats, the certificate and their data (DPDP Act:
// download and erase).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardianConsentBody, GuardianConsentCodeBody, UpdateProfileBody } from '../../../../contract/users';
import type { LanguageCode } from '../../../../contract/languages';
import { api, apiAddress, apiBlob, ApiError } from '../../../lib/api-client';
import { profileKeys } from './keys';
import { personalRead } from '../../../lib/learner-data';
import { offlineSide } from '../../../lib/when-offline';

export function useMe(enabled = true) {
  return useQuery({
    queryKey: profileKeys.me,
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api/user/me', { signal });
      } catch (error) {
        // Without a network: the profile kept on the phone with a course saved for offline (ADR 42).
        if (error instanceof ApiError && error.status === 0) {
          const kept = await (await offlineSide()).keptProfile();
          if (kept) return kept;
        }
        throw error;
      }
    },
    meta: personalRead(apiAddress('/api/user/me')),
    select: (data) => data.user,
    staleTime: 0,
  });
}

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    // The header's name comes from the session: web/app/query-reactions.ts refreshes it.
    mutationKey: profileKeys.updateMe,
    mutationFn: (body: UpdateProfileBody) => api.patch('/api/user/me', { body }),
    onSuccess: (data) => client.setQueryData(profileKeys.me, data),
  });
}

/** The first step of consent: a one-time password to the guardian's own number. */
export const sendGuardianConsentCode = (body: GuardianConsentCodeBody) =>
  api.post('/api/user/me/guardian-consent/code', { body });

export function useGuardianConsent() {
  const client = useQueryClient();
  return useMutation({
    // What was refused for want of consent is read again: web/app/query-reactions.ts.
    mutationKey: profileKeys.guardianConsent,
    mutationFn: (body: GuardianConsentBody) => api.post('/api/user/me/guardian-consent', { body }),
    onSuccess: (data) => client.setQueryData(profileKeys.me, data),
  });
}

export function useStats(lang: LanguageCode) {
  return useQuery({
    queryKey: profileKeys.stats(lang),
    queryFn: ({ signal }) => api.get('/api/progress/{lang}/stats', { path: { lang }, signal }),
    staleTime: 0,
  });
}

export const downloadCertificate = (lang: LanguageCode) =>
  apiBlob('/api/progress/{lang}/certificate', { path: { lang } });
export const downloadMyData = () => apiBlob('/api/user/me/export');
export const deleteAccount = () => api.delete('/api/user/me');

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
