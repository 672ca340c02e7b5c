import type { ErrorBody } from '@thaiyal/contract';
import { API_BASE } from './paths';

/**
 * An HTTP error from the API, carrying the status and the server's
 * `{message, code, reason?, params?, issues?}` body (docs/architecture.md#errors; contract
 * `ErrorBodySchema`). A network failure has status 0 and code 'network'. To show it, use
 * `serverMessage` (server-message.ts), which says a known `reason` in the shopper's language.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Which message the server sent (`'auth.badCredentials'`), when it named one. */
  readonly reason: ErrorBody['reason'];
  /** The data in that message (`{totalRupees: 1250.5}`). */
  readonly params: ErrorBody['params'];
  readonly issues: ErrorBody['issues'];

  constructor(status: number, body: Partial<ErrorBody>, fallbackMessage: string) {
    super(body.message || fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'network' : `http_${status}`);
    this.reason = body.reason;
    this.params = body.params;
    this.issues = body.issues;
  }
}

/** True when `error` is an ApiError with the given HTTP status. */
export function isApiStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** Options of one API call. */
export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON-serialisable body, or FormData for multipart uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`), sent again on the retry after a refresh. */
  headers?: Record<string, string>;
  /**
   * Skip the 401 → refresh → retry dance. Used by calls whose 401 means "wrong credentials"
   * or "no session" by design (sign-in, the refresh call itself).
   */
  noRefresh?: boolean;
}

/** Paths whose 401 never triggers a token refresh. */
const NO_REFRESH_PATHS = [
  '/auth/refresh-token',
  '/auth/signin',
  '/auth/signup',
  '/auth/verify/otp',
  '/auth/resend-otp',
  '/auth/forgot',
  '/auth/reset/',
  '/auth/logout',
];

let onSessionExpired: () => void = () => {};

/**
 * Registers what happens when a token refresh fails: the app clears the user and the cart
 * (docs/product.md#states-and-transitions Auth state: a failed token refresh clears the user and triggers logout).
 */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/**
 * How a token refresh ended: `refreshed`; `refused` by the server (the session is over); or
 * `unreachable`, no answer at all (no connection), which says nothing of the session, so it is
 * never taken for an expired one (an owner working offline keeps her session and what waits on
 * her phone; docs/decisions/024-owners-day-offline.md#opening-the-dashboard-offline).
 */
type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';

/** The refresh in flight, shared by every request that got a 401 meanwhile (docs/product.md#messages). */
let refreshInFlight: Promise<RefreshOutcome> | null = null;

async function refreshSession(): Promise<RefreshOutcome> {
  try {
    const response = await fetch(`${API_BASE}/auth/refresh-token`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    return response.ok ? 'refreshed' : 'refused';
  } catch {
    return 'unreachable';
  }
}

/** One shared refresh: the first 401 starts it, later ones wait for the same promise. */
function sharedRefresh(): Promise<RefreshOutcome> {
  refreshInFlight ??= refreshSession().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * For a request made outside {@link api} (an upload through XMLHttpRequest, which reports
 * progress where fetch cannot) that got a 401: joins the one shared token refresh. Resolves
 * true when the caller may retry once; false otherwise: after the session-expired handler has run
 * when the server refused the refresh (docs/product.md#messages Any 401), and without it when the
 * refresh found no connection.
 */
export async function refreshAfterUnauthorized(): Promise<boolean> {
  const outcome = await sharedRefresh();
  if (outcome === 'refused') onSessionExpired();
  return outcome === 'refreshed';
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, {}, 'Network error');
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toError(response: Response, body: unknown): ApiError {
  if (body && typeof body === 'object') return new ApiError(response.status, body as Partial<ErrorBody>, response.statusText);
  if (typeof body === 'string' && body.length < 300) return new ApiError(response.status, { message: body }, response.statusText);
  return new ApiError(response.status, {}, response.statusText || `HTTP ${response.status}`);
}

/**
 * Calls the API at `/api{path}` with cookies and JSON, and resolves with the parsed body.
 * A 401 starts one shared `POST /api/auth/refresh-token`; each waiting request is then
 * retried once. If the server refuses the refresh, the registered session-expired handler runs and the
 * original 401 is thrown (a refresh that finds no connection throws it without ending the session) (docs/product.md#api: credentials always sent, no timeout; docs/product.md#messages Any 401).
 *
 * @throws ApiError with the server's status, message and code.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  let response = await send(path, options);
  const mayRefresh = !options.noRefresh && !NO_REFRESH_PATHS.some((prefix) => path.startsWith(prefix));
  if (response.status === 401 && mayRefresh) {
    const outcome = await sharedRefresh();
    if (outcome === 'refreshed') response = await send(path, options);
    else if (outcome === 'refused') onSessionExpired();
  }
  const body = await readBody(response);
  if (!response.ok) throw toError(response, body);
  return body as T;
}

/** Test hook: forget a refresh in flight. */
export function resetApiStateForTests(): void {
  refreshInFlight = null;
  onSessionExpired = () => {};
}
