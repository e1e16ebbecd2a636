// The one way the web app talks to the API: same origin, the session cookie, JSON both ways, and
// every failure turned into an ApiError {status, code, message, params}; api-upload.ts sends a file
// with its progress the same way. A 401 is announced once here, so the session state
// (web/lib/session.ts) can forget the user without each caller checking for it. The learner reads
// an error through localMessage (web/i18n/server-messages.ts), by its code.
import type { MessageParams } from '../../contract/messages';

export class ApiError extends Error {
  /**
   * What happened: a code of contract/messages.ts as the server sent it, "network" when the
   * server could not be reached, or undefined when the answer carried none.
   */
  readonly code: string | undefined;
  /** The numbers in the message, by placeholder name. */
  readonly params: MessageParams | undefined;

  constructor(
    readonly status: number,
    /** The server's message, in English. */
    message: string,
    /** The error's JSON body, for fields beyond the message (e.g. retryAfter of a 429, validation's details). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    // The body of an error is the contract's ErrorResponse.
    const body = (details ?? {}) as { code?: string; params?: MessageParams };
    this.code = body.code ?? (status === 0 ? 'network' : undefined);
    this.params = body.params;
  }
}

/** A 4xx: the request itself is wrong (an unknown id, say); asking again will not help. */
export function isClientError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The address names nothing: a 404, or a 400 `validation` of a read whose only input is the
 * address's ids (a mistyped or cut-off link, /courses/en/not-a-course). Asking again will not help.
 */
export function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || (error.status === 400 && error.code === 'validation'));
}

/** The server refused because a minor's parent or guardian has not agreed yet (403 consentRequired). */
export function isConsentRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === 'consentRequired';
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called whenever the API answers 401; returns the function that stops listening. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Tells the listeners the session has ended (an answer of 401). */
export function announceUnauthorized(): void {
  unauthorizedListeners.forEach((listener) => listener());
}

/** How a call reaches the API: the browser's fetch, or on the server an in-process request. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Server-side rendering answers the app's calls inside the server (web/entry-server.tsx), with the
 * visitor's cookie, instead of over the network.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

/**
 * Sends a call and hands back the answer when it is a success. Every call goes this way: a
 * failure to reach the API, a 401 announced to the listeners, and an error answer all come out
 * the same whatever the caller does with the body.
 */
/** The path and query of a call: only they are sent (same origin), so any base serves to build them. */
export function addressOf(path: string, query: RequestOptions['query']): string {
  const url = new URL(path, 'http://localhost');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(addressOf(path, options.query), {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error');
  }

  if (response.status === 401) announceUnauthorized();
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** The JSON body of an answer, or undefined when it has none (or none that parses). */
async function jsonBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') ? response.json().catch(() => undefined) : undefined;
}

/** The ApiError an error answer stands for: its body's message, else the status. */
async function errorOf(response: Response): Promise<ApiError> {
  return errorOfBody(response.status, response.statusText, await jsonBody(response));
}

export function errorOfBody(status: number, statusText: string, data: unknown): ApiError {
  const message =
    data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
      ? data.message
      : statusText || `Request failed (${status})`;
  return new ApiError(status, message, data);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await jsonBody(await send(path, options, 'application/json'))) as T;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
    apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** A file download (certificate, data export) as a Blob; failures are ApiErrors like any call. */
export async function apiBlob(path: string): Promise<Blob> {
  return (await send(path, {}, '*/*')).blob();
}

/** Stored files are addressed by a relative path (`uploads/...`); the API host is this origin. */
export function fileUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^https?:\/\//.test(path)) return path;
  return `/${path.replace(/^\/+/, '')}`;
}
