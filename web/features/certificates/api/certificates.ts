import { useQuery } from '@tanstack/react-query';
import type { CertificateVerified } from '../../../../contract/certificates';
import type { CodedMessage } from '../../../i18n/server-messages';
import { api, ApiError } from '../../../lib/api-client';
import { certificateKeys } from './keys';

/** No certificate has the number (404), or it is not a certificate number (400): the server's message. */
export type CertificateRefused = { valid: false } & CodedMessage;

/** The certificate behind a number, or {valid: false} when no certificate has it. */
export function useVerifyCertificate(number: string) {
  return useQuery({
    queryKey: certificateKeys.verify(number),
    queryFn: async ({ signal }): Promise<CertificateVerified | CertificateRefused> => {
      try {
        return await api.get('/api/certificates/verify/{number}', { path: { number }, signal });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          return { valid: false, code: error.code, message: error.message, params: error.params };
        throw error;
      }
    },
  });
}
