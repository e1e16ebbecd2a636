// The one way the web app talks to the API: same origin, the session cookie, JSON both ways, and
// every failure turned into an ApiError {status, code, message, params}; api-upload.ts sends a file
// with its progress the same way. A 401 is announced once here, so the session state
// (web/lib/session.ts) can forget the user without each caller checking for it. The learner reads
// an error through localMessage (web/i18n/server-messages.ts), by its code. Every call names a path
// of the API's OpenAPI document and is checked against it at compile time (api-types.generated.ts,
// ADR 30); the checks are types only, so the bundle carries nothing for them.
import type { MessageParams } from '../../contract/messages';
import type { paths } from './api-types.generated';

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

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * The API's paths that have an operation for the method, as the OpenAPI document names them
 * (`/api/blog/public/{blogId}`): a path or method the API lacks is a type error. The types are
 * generated from the server's document (`npm run api:types`, ADR 30) and cost the bundle nothing.
 */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

type Operation<P extends keyof paths, M extends Method> = Extract<paths[P][M], { responses: unknown }>;

type JsonOf<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** What a call answers when it succeeds: the JSON of its success answer, as the document declares it. */
export type ApiAnswer<P extends ApiPath<M>, M extends Method> = {
  [Status in keyof Operation<P, M>['responses']]: JsonOf<Operation<P, M>['responses'][Status]>;
}[keyof Operation<P, M>['responses']];

type RequestBody<Op> = Op extends { requestBody?: infer Body } ? Body : never;

/** A JSON body where the operation takes one (required unless the document says it is optional). */
type BodyInput<Op> = [NonNullable<RequestBody<Op>>] extends [{ content: { 'application/json': infer Body } }]
  ? undefined extends RequestBody<Op>
    ? { body?: Body }
    : { body: Body }
  : { body?: never };

/**
 * What a call sends besides its path, as the document declares it: the path's parameters (filled
 * into its `{name}`s), the query and the JSON body; each required where the document requires it.
 */
export type ApiInput<P extends ApiPath<M>, M extends Method> = Pick<Operation<P, M>['parameters'], 'path' | 'query'> &
  BodyInput<Operation<P, M>> & { signal?: AbortSignal };

/** The input as the call's last argument: left out only when nothing in it is required. */
export type ApiArgs<P extends ApiPath<M>, M extends Method> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} is "no required key"
  {} extends Omit<ApiInput<P, M>, 'signal'> ? [input?: ApiInput<P, M>] : [input: ApiInput<P, M>];

/** The parts of an input that make the address. */
interface AddressInput {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
}

/**
 * The address of a call: its path with the `{name}`s filled in (each value encoded) and its query.
 * Only the path and query are sent (same origin), so any base serves to build it.
 */
export function addressOf(path: string, input: object = {}): string {
  const { path: params, query } = input as AddressInput;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const url = new URL(filled, 'http://localhost');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** The address of a GET call, for a plain link (a CSV download: the session cookie goes with it). */
export function apiAddress<P extends ApiPath<'get'>>(path: P, ...[input]: ApiArgs<P, 'get'>): string {
  return addressOf(path, input);
}

interface SendOptions {
  method: Method;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Sends a call and hands back the answer when it is a success. Every call goes this way: a
 * failure to reach the API, a 401 announced to the listeners, and an error answer all come out
 * the same whatever the caller does with the body.
 */
async function send(address: string, options: SendOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(address, {
      method: options.method.toUpperCase(),
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

/** One call: its address from the path and input, its JSON body, its answer read as JSON. */
async function call(method: Method, path: string, input: { body?: unknown; signal?: AbortSignal } = {}) {
  const address = addressOf(path, input);
  return jsonBody(await send(address, { method, body: input.body, signal: input.signal }, 'application/json'));
}

/**
 * The API's calls, each checked against the document: `api.get('/api/blog/public/{blogId}',
 * { path: { blogId }, signal })` answers the route's success answer, typed.
 */
export const api = {
  get: <P extends ApiPath<'get'>>(path: P, ...[input]: ApiArgs<P, 'get'>) =>
    call('get', path, input) as Promise<ApiAnswer<P, 'get'>>,
  post: <P extends ApiPath<'post'>>(path: P, ...[input]: ApiArgs<P, 'post'>) =>
    call('post', path, input) as Promise<ApiAnswer<P, 'post'>>,
  put: <P extends ApiPath<'put'>>(path: P, ...[input]: ApiArgs<P, 'put'>) =>
    call('put', path, input) as Promise<ApiAnswer<P, 'put'>>,
  patch: <P extends ApiPath<'patch'>>(path: P, ...[input]: ApiArgs<P, 'patch'>) =>
    call('patch', path, input) as Promise<ApiAnswer<P, 'patch'>>,
  delete: <P extends ApiPath<'delete'>>(path: P, ...[input]: ApiArgs<P, 'delete'>) =>
    call('delete', path, input) as Promise<ApiAnswer<P, 'delete'>>,
};

/** A file download (certificate, data export) as a Blob; failures are ApiErrors like any call. */
export async function apiBlob<P extends ApiPath<'get'>>(path: P, ...[input]: ApiArgs<P, 'get'>): Promise<Blob> {
  return (await send(addressOf(path, input), { method: 'get', signal: input?.signal }, '*/*')).blob();
}

/** Stored files are addressed by a relative path (`uploads/...`); the API host is this origin. */
export function fileUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^https?:\/\//.test(path)) return path;
  return `/${path.replace(/^\/+/, '')}`;
}
