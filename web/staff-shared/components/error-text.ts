// What a failed staff call says: the API's message in the interface language, by its code.
import { ApiError } from '../../lib/api-client';
import { localMessage } from '../../i18n/server-messages';

export function errorText(error: unknown): string {
  if (error instanceof ApiError)
    return localMessage({ code: error.code, message: error.message, params: error.params });
  return error instanceof Error ? error.message : String(error);
}

/** Each field a 400 names (`details: [{field, message}]`, in English, as the console's interface is). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const details = (error.details as { details?: { field: string; message: string }[] } | undefined)?.details;
  return Object.fromEntries((details ?? []).map((d) => [d.field, d.message]));
}
