/**
 * The one HTTP client of the app. Every call goes to the base path `/boot` and carries the
 * access token, the tenant id, the UI language and the browser's time zone (`X-Time-Zone`, an
 * IANA name: the server writes the times of its xlsx exports in it); GET requests get a `_t` cache-buster (except
 * the dictionary-item calls, spec section 7); calls
 * time out after 5 minutes. Failures are shown as a "System notice" from the error catalogue
 * (spec section 8) unless the caller opts out with `notify: false` and shows them itself.
 */
import { isCoreReady, message as coreMessage, type CatalogueKey } from '../core';
import i18n, { currentLanguage } from '../i18n';
import { clearSession, getTenantId, getToken } from '../lib/session';
import { openSessionExpired } from '../lib/session-expiry';
import { browserTimeZone } from '../lib/utcTime';
import { toaster } from '../components/ui/toaster';

export const BASE_PATH = '/boot';
export const TIMEOUT_MS = 300_000;
export const NOTICE_DURATION_MS = 4_000;
export const RELOAD_DELAY_MS = 1_500;

/** The server's response envelope. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** A failed call: HTTP status (0 for network failures, 504 for the client timeout) and the message shown. */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: Envelope<unknown> | undefined;

  constructor(status: number, message: string, envelope?: Envelope<unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Query;
  body?: unknown;
  /** A multipart body (uploads); sent as is, with the browser's content type. */
  form?: FormData;
  /** Show the catalogue notice on failure (default true); pages that show errors inline pass false. */
  notify?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra request headers (e.g. `If-None-Match`). */
  headers?: Record<string, string>;
}

/** Statuses whose notice text comes from the catalogue rather than from the server. */
const CATALOGUE_BY_STATUS: Partial<Record<number, CatalogueKey>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  504: 'gateway_timeout',
};

/** Dictionary-item reads carry no `_t` timestamp (spec section 7), so their answers may be cached. */
const UNSTAMPED_PATHS = [/^\/?sys\/dict\/getDictItems\//, /^\/?sys\/dict\/queryAllDictItems\/?$/];

/** Whether a GET of `path` gets the `_t` cache-buster. */
export function carriesTimestamp(path: string): boolean {
  return !UNSTAMPED_PATHS.some((pattern) => pattern.test(path));
}

function buildUrl(path: string, params: Query | undefined, method: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  if (method === 'GET' && carriesTimestamp(path)) search.set('_t', String(Date.now()));
  const query = search.toString();
  const normalized = path.startsWith('/') ? path : `/${path}`;
  return `${BASE_PATH}${normalized}${query ? `?${query}` : ''}`;
}

/**
 * What every request says of its context, API calls and downloads alike: the tenant, the UI
 * language and, where the browser knows it, its time zone.
 */
export function contextHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'tenant-id': String(getTenantId()), 'Accept-Language': currentLanguage() };
  const zone = browserTimeZone();
  if (zone) headers['X-Time-Zone'] = zone;
  return headers;
}

function buildHeaders(hasJsonBody: boolean, extra?: Record<string, string>): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json', ...contextHeaders() });
  if (hasJsonBody) headers.set('Content-Type', 'application/json;charset=UTF-8');
  const token = getToken();
  if (token) headers.set('X-Access-Token', token);
  return headers;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value && 'code' in value;
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | undefined> {
  try {
    const body: unknown = await response.json();
    return isEnvelope(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** The catalogue's text, once the WASM core is here (the sign-in page may call before it is). */
function catalogueMessage(key: CatalogueKey, lang: Parameters<typeof coreMessage>[1]): string | undefined {
  return isCoreReady() ? coreMessage(key, lang) : undefined;
}

/**
 * The text a user sees for a failed call: the catalogue for 401/403/404/504 (spec section 8),
 * else the server's. A server error with a more specific key of its own (`login_failed`,
 * `account_frozen`, `old_password_wrong`...) keeps the server's message, which says more.
 */
export function errorMessage(status: number, serverMessage: string | undefined, serverKey?: string): string {
  const key = CATALOGUE_BY_STATUS[status];
  const specific = serverKey !== undefined && serverKey !== key && serverMessage;
  const catalogued = key && !specific ? catalogueMessage(key, currentLanguage()) : undefined;
  if (catalogued) return catalogued;
  if (serverMessage) return serverMessage;
  return i18n.t(status === 0 ? 'notice.networkError' : 'notice.requestFailed');
}

/** Shows a "System notice" toast for 4 seconds. */
export function showNotice(description: string): void {
  toaster.create({
    type: 'error',
    title: i18n.t('notice.title'),
    description,
    duration: NOTICE_DURATION_MS,
    closable: true,
  });
}

/** The catalogue key a failed call's envelope names (`result.key`), if any. */
export function errorKey(envelope: Envelope<unknown> | undefined): string | undefined {
  const result = envelope?.result;
  if (typeof result === 'object' && result !== null && 'key' in result) {
    const key = (result as { key: unknown }).key;
    return typeof key === 'string' ? key : undefined;
  }
  return undefined;
}

/**
 * An expired or revoked token: the server answers 401 with key `token_expired`, or (spec
 * section 8, JeecgBoot) 500 or 401 whose message is "Token失效，请重新登录" in either language.
 */
export function isTokenExpired(status: number, envelope: Envelope<unknown> | undefined): boolean {
  if (status !== 401 && status !== 500) return false;
  if (errorKey(envelope) === 'token_expired') return true;
  const text = envelope?.message ?? '';
  return text !== '' && (['zh-CN', 'en-US'] as const).some((lang) => catalogueMessage('token_expired', lang) === text);
}

let reloadScheduled = false;

/**
 * 401 on a call that carried a token: the session is gone; forget it and reload once after
 * 1.5 s so the route guard sends the user to login. (A 401 without a token is just an error.)
 */
function handleUnauthorized(): void {
  clearSession();
  if (reloadScheduled) return;
  reloadScheduled = true;
  window.setTimeout(() => {
    reloadScheduled = false;
    window.location.reload();
  }, RELOAD_DELAY_MS);
}

function fail(status: number, envelope: Envelope<unknown> | undefined, notify: boolean, hadToken: boolean): never {
  if (hadToken && isTokenExpired(status, envelope)) {
    // One dialog however many calls fail; its button signs out and reloads.
    openSessionExpired();
    throw new ApiError(status, envelope?.message || catalogueMessage('token_expired', currentLanguage()) || errorMessage(status, undefined), envelope);
  }
  const text = errorMessage(status, envelope?.message, errorKey(envelope));
  if (notify) showNotice(text);
  if (status === 401 && hadToken) handleUnauthorized();
  throw new ApiError(status, text, envelope);
}

/** What {@link requestWithResponse} answers: the HTTP status and headers, and the envelope (none for a 304). */
export interface RawResult<T> {
  status: number;
  headers: Headers;
  envelope: Envelope<T> | undefined;
}

/**
 * Like {@link request}, but answers the status and headers too, and a 304 Not Modified (a
 * conditional GET with `If-None-Match`) resolves with no envelope instead of failing.
 */
export async function requestWithResponse<T>(path: string, options: RequestOptions = {}): Promise<RawResult<T>> {
  const method = options.method ?? 'GET';
  const notify = options.notify ?? true;
  const hadToken = getToken() !== undefined;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params, method), {
      method,
      headers: buildHeaders(options.form === undefined && options.body !== undefined, options.headers),
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return fail(timedOut ? 504 : 0, undefined, notify, hadToken);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  if (response.status === 304) return { status: 304, headers: response.headers, envelope: undefined };
  const envelope = await readEnvelope(response);
  if (!response.ok || !envelope) return fail(response.status, envelope, notify, hadToken);
  if (!envelope.success) {
    // Some endpoints answer HTTP 200 with the error status in the envelope's code.
    return fail(envelope.code >= 400 ? envelope.code : response.status, envelope, notify, hadToken);
  }
  return { status: response.status, headers: response.headers, envelope: envelope as Envelope<T> };
}

/**
 * Calls the API and resolves with the envelope of a successful call (`success` true, HTTP 2xx).
 * Rejects with an {@link ApiError} otherwise.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { status, envelope } = await requestWithResponse<T>(path, options);
  // Only a conditional request can be answered 304; a plain one treats it as a failure.
  if (!envelope) return fail(status, undefined, options.notify ?? true, getToken() !== undefined);
  return envelope;
}

export const api = {
  get: <T>(path: string, params?: Query, options?: Omit<RequestOptions, 'method' | 'params'>) =>
    request<T>(path, { ...options, method: 'GET', params }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  /** Multipart upload (`file` plus extra fields); the answer's `result.url` is the stored file. */
  upload: <T>(path: string, form: FormData, options?: Omit<RequestOptions, 'method' | 'body' | 'form'>) =>
    request<T>(path, { ...options, method: 'POST', form }),
  delete: <T>(path: string, params?: Query, options?: Omit<RequestOptions, 'method' | 'params'>) =>
    request<T>(path, { ...options, method: 'DELETE', params }),
};
