import { type Envelope, EXPIRED_TOKEN, type FieldError, type Locale } from '@conversa/domain';
import { currentLocale, i18n } from './i18n';
import { notify } from './notify';
import { clearSession, getSession } from './session';

/**
 * How a failed call is reported (spec section 8):
 * - 'notify' (default): the server's info shows in the snackbar;
 * - 'page': a page-level fetch; 404 opens /404 with the info, other errors show in the snackbar;
 * - 'caller': the caller shows the error itself (forms map `errors` onto their fields).
 * An expired session is always handled here, whatever the mode.
 */
export type ErrorMode = 'notify' | 'page' | 'caller';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  errors?: ErrorMode;
  signal?: AbortSignal;
  /** Extra headers, for the few calls that prove something besides the session (the sandbox secret). */
  headers?: Record<string, string>;
};

/** A path under /api/v1/{locale}/, or a builder for the few routes that place the locale elsewhere. */
export type ApiPath = string | ((locale: Locale) => string);

export class ApiError extends Error {
  readonly status: number;
  readonly info: string;
  readonly errors: FieldError[];

  constructor(status: number, info: string, errors: FieldError[] = []) {
    super(info);
    this.name = 'ApiError';
    this.status = status;
    this.info = info;
    this.errors = errors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export type ApiClientDeps = {
  fetch: typeof fetch;
  getToken: () => string | null;
  getLocale: () => Locale;
  navigate: (to: string, state?: { info: string }) => void;
  notify: (message: string) => void;
  translate: (key: string) => string;
  /** Drops the session and stored filters; the app also disconnects the socket when the token goes. */
  endSession: () => void;
};

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && 'status_codes' in value && 'data' in value;

export const createApiClient = (deps: ApiClientDeps) => {
  const request = async <T>(path: ApiPath, options: RequestOptions = {}): Promise<Envelope<T>> => {
    const mode = options.errors ?? 'notify';
    const locale = deps.getLocale();
    const url = typeof path === 'function' ? path(locale) : `/api/v1/${locale}/${path}`;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // Multipart bodies set their own content type with the boundary.
    const isForm = options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: isForm
          ? (options.body as FormData)
          : options.body === undefined
            ? undefined
            : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      const error = new ApiError(0, deps.translate('errors.network'));
      if (mode !== 'caller') deps.notify(error.info);
      throw error;
    }

    const payload: unknown = await response.json().catch(() => null);
    const envelope: Envelope<T> = isEnvelope(payload)
      ? (payload as Envelope<T>)
      : { status_codes: response.status, data: [], info: response.statusText };
    if (response.ok) return envelope;

    const error = new ApiError(response.status, envelope.info || response.statusText, envelope.errors);
    if ((response.status === 401 || response.status === 500) && error.info === EXPIRED_TOKEN) {
      deps.endSession();
      deps.navigate('/');
      throw error;
    }
    if (response.status === 404 && mode === 'page') {
      deps.navigate('/404', { info: error.info });
      throw error;
    }
    if (mode !== 'caller') deps.notify(error.info || deps.translate('errors.generic'));
    throw error;
  };

  return { request };
};

// The router is created after this module; until it registers, a plain page load does the navigation.
let navigateTo: ApiClientDeps['navigate'] = (to) => window.location.assign(to);

export const setApiNavigator = (navigate: ApiClientDeps['navigate']): void => {
  navigateTo = navigate;
};

export const api = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  getToken: () => getSession()?.token ?? null,
  getLocale: currentLocale,
  navigate: (to, state) => navigateTo(to, state),
  notify: (message) => notify(message, 'error'),
  translate: (key) => i18n.t(key),
  endSession: clearSession,
});

/** The first record of an envelope, for the calls that answer exactly one. */
export const firstOf = <T>(envelope: Envelope<T>): T => {
  const [first] = envelope.data;
  if (first === undefined) throw new ApiError(envelope.status_codes, envelope.info);
  return first;
};
