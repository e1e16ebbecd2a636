// Sending one file with its progress (the staff's media library): fetch cannot report how much of a
// request body has gone, so this call uses XMLHttpRequest, with the same origin, cookie, 401
// announcement and ApiError as every other call (api-client.ts). A module of its own, so the public
// pages, which never upload, do not load it.
import {
  addressOf,
  announceUnauthorized,
  ApiError,
  errorOfBody,
  type ApiAnswer,
  type ApiInput,
  type ApiPath,
} from './api-client';

export interface UploadOptions {
  /** Called as the body goes out: bytes sent so far and the body's total (the file plus the form's envelope). */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting stops the upload; the promise then rejects with an AbortError DOMException, as fetch does. */
  signal?: AbortSignal;
}

/** Sends one file as a multipart form (`file`) to a POST route of the API, with the upload's progress. */
export function apiUpload<P extends ApiPath<'post'>>(
  path: P,
  file: Blob & { name?: string },
  options: UploadOptions & Pick<ApiInput<P, 'post'>, 'path' | 'query'>,
): Promise<ApiAnswer<P, 'post'>> {
  type T = ApiAnswer<P, 'post'>;
  const form = new FormData();
  form.append('file', file, file.name ?? 'file');
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const { signal, onProgress } = options;
    const aborted = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal?.aborted) return aborted();
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    request.open('POST', addressOf(path, options));
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    if (onProgress)
      request.upload.addEventListener('progress', (event) =>
        onProgress(event.loaded, event.lengthComputable ? event.total : file.size),
      );
    request.addEventListener('loadend', () => signal?.removeEventListener('abort', abort));
    request.addEventListener('abort', aborted);
    request.addEventListener('error', () => reject(new ApiError(0, 'Network error')));
    request.addEventListener('load', () => {
      let data: unknown;
      if ((request.getResponseHeader('content-type') ?? '').includes('application/json')) {
        try {
          data = JSON.parse(request.responseText) as unknown;
        } catch {
          data = undefined;
        }
      }
      if (request.status === 401) announceUnauthorized();
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else reject(errorOfBody(request.status, request.statusText, data));
    });
    request.send(form);
  });
}
