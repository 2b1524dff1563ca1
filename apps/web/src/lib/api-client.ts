import { type ErrorCode, isErrorCode, STORAGE_KEYS } from '@verdict/contract';

/**
 * The one way the app talks to the API (docs/product/README.md, "Conventions every call
 * follows"): JSON in and out, the bearer token from local storage on every call, and no
 * timeout. Failures throw `ApiError`; use `errorText` to turn one into the screen's words
 * (docs/product/README.md, "Errors", and each page's error texts).
 */

const API_BASE = import.meta.env.VITE_API_BASE ?? '';
/**
 * Calls that check the email and password in their body and need no session: their 401 says the
 * password typed is wrong, not that the session ended, so it never signs the app out.
 */
const CREDENTIAL_PATHS: ReadonlySet<string> = new Set(['/api/auth/login', '/api/auth/totp/setup']);

/**
 * - `response`: the server answered with a non-2xx status (or a body that is not JSON).
 * - `no-response`: the request went out but nothing came back (network down, server stopped).
 * - `request`: the request could not even be built (e.g. a body that cannot be serialised).
 */
export type ApiErrorKind = 'response' | 'no-response' | 'request';

interface ApiErrorInit {
  kind: ApiErrorKind;
  status?: number;
  reason: string;
  body?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The answer's `message` field, when the server sent one. */
  readonly serverMessage: string | undefined;
  /** The answer's `error` field, when the server sent one. */
  readonly serverError: string | undefined;
  /** The answer's machine-readable `code` (the contract's ERROR_CODES): screens switch on it, never on words. */
  readonly code: ErrorCode | undefined;
  /** Why it failed in technical words ('HTTP 500 Internal Server Error', 'Failed to fetch'). */
  readonly reason: string;
  /** The parsed answer body, when there was one. */
  readonly body: unknown;

  constructor({ kind, status = 0, reason, body }: ApiErrorInit) {
    const serverMessage = stringField(body, 'message');
    super(serverMessage ?? reason);
    this.kind = kind;
    this.status = status;
    this.reason = reason;
    this.body = body;
    this.serverMessage = serverMessage;
    this.serverError = stringField(body, 'error');
    const code = stringField(body, 'code');
    this.code = isErrorCode(code) ? code : undefined;
  }

  get hasResponse(): boolean {
    return this.kind === 'response';
  }

  get noResponse(): boolean {
    return this.kind === 'no-response';
  }
}

function stringField(body: unknown, field: 'message' | 'error' | 'code'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export interface ErrorTextOptions {
  /** Use the answer's `error` field when it has no `message` (create sub-user, create run). */
  errorField?: boolean;
  /** Use the failure's reason before the fallback (create run). */
  reason?: boolean;
  /** Text when no response arrived, e.g. 'No response from server' (change role). */
  noResponse?: string;
  /** Answer 'Request failed: {reason}' when the request could not be sent (change role). */
  requestFailed?: boolean;
}

/**
 * The text a screen shows for a failed call: the server's message, else (per options) its
 * error field or the reason, else `fallback`. Non-`ApiError` values get `fallback`.
 */
export function errorText(error: unknown, fallback: string, options: ErrorTextOptions = {}): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.kind === 'no-response' && options.noResponse) return options.noResponse;
  if (error.kind === 'request' && options.requestFailed) return `Request failed: ${error.reason}`;
  return (
    error.serverMessage ??
    (options.errorField ? error.serverError : undefined) ??
    (options.reason ? error.reason : undefined) ??
    fallback
  );
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called when a call that carried a token is answered 401 (expired, revoked or deactivated
 * account). The auth provider subscribes and signs the user out. Returns an unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function request<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: string | undefined;
  try {
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  } catch (cause) {
    throw new ApiError({ kind: 'request', reason: reasonOf(cause) });
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      signal: options.signal,
    });
  } catch (cause) {
    // A cancelled query is not a failure; TanStack Query expects the AbortError itself.
    if (isAbortError(cause)) throw cause;
    throw new ApiError({ kind: 'no-response', reason: reasonOf(cause) });
  }

  const parsed = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token && !CREDENTIAL_PATHS.has(path)) {
      for (const listener of [...unauthorizedListeners]) listener();
    }
    const statusText = response.statusText ? ` ${response.statusText}` : '';
    throw new ApiError({
      kind: 'response',
      status: response.status,
      reason: `HTTP ${response.status}${statusText}`,
      body: parsed.value,
    });
  }
  if (!parsed.ok) {
    throw new ApiError({
      kind: 'response',
      status: response.status,
      reason: 'The server answered with something that is not JSON',
    });
  }
  return parsed.value as T;
}

/**
 * Sends a file as the raw request body (an import: CSV, XLSX) and answers the `Response` itself,
 * for a caller that reads it as it comes (a stream of JSON lines). The same token, sign-out on
 * 401 and `ApiError`s as `request`: a non-2xx answer throws with its parsed body.
 */
export async function sendFile(
  path: string,
  file: Blob,
  contentType: string,
  options: RequestOptions & { accept?: string } = {},
): Promise<Response> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    'Content-Type': contentType,
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers,
      body: file,
      signal: options.signal,
    });
  } catch (cause) {
    if (isAbortError(cause)) throw cause;
    throw new ApiError({ kind: 'no-response', reason: reasonOf(cause) });
  }
  if (response.ok) return response;
  const parsed = await readBody(response);
  if (response.status === 401 && token) {
    for (const listener of [...unauthorizedListeners]) listener();
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  throw new ApiError({
    kind: 'response',
    status: response.status,
    reason: `HTTP ${response.status}${statusText}`,
    body: parsed.value,
  });
}

async function readBody(response: Response): Promise<{ ok: boolean; value: unknown }> {
  const text = await response.text().catch(() => '');
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: text };
  }
}

function isAbortError(cause: unknown): boolean {
  return cause instanceof DOMException && cause.name === 'AbortError';
}

function reasonOf(cause: unknown): string {
  return cause instanceof Error && cause.message ? cause.message : String(cause);
}

/** Typed helpers: `api.get<User[]>('/api/users/list')`, `api.post<UserMutation>(path, body)`. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  del: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
