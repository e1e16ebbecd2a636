import { useQuery } from '@tanstack/react-query';
import type { CertificateNotFound, CertificateVerified } from '../../../../contract/certificates';
import { api, ApiError } from '../../../lib/api-client';
import { certificateKeys } from './keys';

/** The certificate behind a number, or {valid: false} when no certificate has it. */
export function useVerifyCertificate(number: string) {
  return useQuery({
    queryKey: certificateKeys.verify(number),
    queryFn: async ({ signal }): Promise<CertificateVerified | CertificateNotFound> => {
      try {
        return await api.get<CertificateVerified>(`/api/certificates/verify/${encodeURIComponent(number)}`, undefined, signal);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { valid: false, message: error.message };
        throw error;
      }
    },
  });
}
