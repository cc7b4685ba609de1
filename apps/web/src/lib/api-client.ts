import {
  DEFAULT_LANGUAGE,
  HTTP_TIMEOUT_MS,
  isEnvelope,
  normalizeLanguage,
  REQUEST_HEADERS,
  RESPONSE_HEADERS,
  WEB_CLIENT_TYPE,
  type FieldIssue,
} from '@lobby/contracts';
import { ApiError, TRANSPORT_MESSAGES, TransportError } from './api-errors.ts';
import { loadErrorMessage } from './error-texts.ts';
import { encodeForm, withQuery, type FormValues } from './form-encoding.ts';
import { clearToken, getToken, setToken, setVid } from './stored-values.ts';

/**
 * The one API client of the member site: the spec's transport (SPEC.md sections 4, 7, 8, 9
 * and DESIGN.md section 5) over `fetch`.
 */

/** Anything with zod's `parse`: a zod schema from @lobby/contracts fits. */
export type ResponseSchema<T> = { parse(data: unknown): T };

export type ApiClientOptions = {
  /** Prefix of every path; '' calls the page's own origin. */
  baseUrl?: string;
  getLanguage(): string;
  getDeviceId(): string;
  /** Brand override sent as `site_code`, only for the brand that needs it. */
  siteCode?: string | null;
  /** Called after the token is cleared on `{status:false, data:"token"}`. */
  onInvalidSession(): void;
  /** Called for every transport failure except a caller's own abort. */
  onTransportError?(error: TransportError): void;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
};

export type CallOptions<T> = {
  /** Validates and types the envelope's `data`; without it the result is `unknown`. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
};
export type GetOptions<T> = CallOptions<T> & { params?: FormValues };
export type SendOptions<T> = CallOptions<T> & { body?: FormValues | URLSearchParams };

export type ApiClient = {
  get<T = unknown>(path: string, options?: GetOptions<T>): Promise<T>;
  post<T = unknown>(path: string, options?: SendOptions<T>): Promise<T>;
  put<T = unknown>(path: string, options?: SendOptions<T>): Promise<T>;
  upload<T = unknown>(path: string, formData: FormData, options?: CallOptions<T>): Promise<T>;
};

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

type RequestPlan = {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: string | FormData;
  contentType?: string;
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const defaultTimeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  // Looked up per call so a test or polyfill that replaces fetch later is honoured.
  const fetchImpl: typeof fetch =
    options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  function buildHeaders(contentType: string | undefined): Headers {
    const headers = new Headers();
    headers.set(REQUEST_HEADERS.clientType, WEB_CLIENT_TYPE);
    headers.set(REQUEST_HEADERS.lang, options.getLanguage());
    headers.set(REQUEST_HEADERS.deviceNo, options.getDeviceId());
    const token = getToken();
    if (token) headers.set(REQUEST_HEADERS.token, token);
    if (options.siteCode) headers.set(REQUEST_HEADERS.siteCode, options.siteCode);
    headers.set(REQUEST_HEADERS.responseType, 'json');
    headers.set('accept', 'application/json');
    if (contentType) headers.set('content-type', contentType);
    return headers;
  }

  async function send<T>(plan: RequestPlan, callOptions: CallOptions<T>): Promise<T> {
    try {
      return await exchange(plan, callOptions);
    } catch (error) {
      if (error instanceof TransportError && error.kind !== 'aborted') {
        options.onTransportError?.(error);
      }
      throw error;
    }
  }

  async function exchange<T>(plan: RequestPlan, callOptions: CallOptions<T>): Promise<T> {
    if (!hasHttpProtocol(plan.url)) {
      throw new TransportError('unsupported-protocol', TRANSPORT_MESSAGES.unsupportedProtocol);
    }
    const callerSignal = callOptions.signal;
    if (callerSignal?.aborted) throw new TransportError('aborted', TRANSPORT_MESSAGES.aborted);

    const headers = buildHeaders(plan.contentType);
    const timeoutMs = callOptions.timeoutMs ?? defaultTimeoutMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    callerSignal?.addEventListener('abort', abortFromCaller, { once: true });

    // Any failure before the body is read is classified the same way: our timeout, the
    // caller's abort, or the network.
    const failure = (cause: unknown): TransportError => {
      if (timedOut) {
        return new TransportError('timeout', TRANSPORT_MESSAGES.timeout(timeoutMs), { cause });
      }
      if (callerSignal?.aborted) {
        return new TransportError('aborted', TRANSPORT_MESSAGES.aborted, { cause });
      }
      return new TransportError('network', TRANSPORT_MESSAGES.network, { cause });
    };

    try {
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(plan.url, {
          method: plan.method,
          headers,
          body: plan.body ?? null,
          signal: controller.signal,
          credentials: 'same-origin',
        });
        rememberSessionHeaders(response.headers);
        text = await response.text();
      } catch (error) {
        throw failure(error);
      }
      return await readAnswer(text, response.status, callOptions.schema);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abortFromCaller);
    }
  }

  async function readAnswer<T>(
    text: string,
    httpStatus: number,
    schema?: ResponseSchema<T>,
  ): Promise<T> {
    const body = parseJson(text);
    if (!isEnvelope(body)) {
      if (httpStatus >= 400 && httpStatus < 500) {
        throw new TransportError('bad-request', TRANSPORT_MESSAGES.failedWithStatus(httpStatus), {
          httpStatus,
        });
      }
      if (httpStatus >= 500) {
        throw new TransportError('bad-response', TRANSPORT_MESSAGES.failedWithStatus(httpStatus), {
          httpStatus,
        });
      }
      throw new TransportError('invalid-response', TRANSPORT_MESSAGES.invalidResponse, {
        httpStatus,
      });
    }
    if (body.status) {
      if (!schema) return body.data as T;
      try {
        return schema.parse(body.data);
      } catch (cause) {
        throw new TransportError('invalid-response', TRANSPORT_MESSAGES.invalidResponse, {
          httpStatus,
          cause,
        });
      }
    }
    const failure = await apiErrorOf(body, httpStatus);
    if (failure.isInvalidSession) {
      clearToken();
      options.onInvalidSession();
    }
    throw failure;
  }

  async function apiErrorOf(body: Record<string, unknown>, httpStatus: number): Promise<ApiError> {
    const code = typeof body.data === 'string' && body.data !== '' ? body.data : 'internal';
    const language = normalizeLanguage(options.getLanguage()) ?? DEFAULT_LANGUAGE;
    const message =
      typeof body.message === 'string' && body.message !== ''
        ? body.message
        : await loadErrorMessage(code, language);
    const issues = readFieldIssues(body.fields);
    const retryAfter = body.retryAfterSeconds;
    const retryAfterSeconds =
      typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0
        ? retryAfter
        : undefined;
    return new ApiError(code, message, httpStatus, issues, retryAfterSeconds);
  }

  function url(path: string): string {
    return baseUrl + path;
  }

  return {
    get: (path, callOptions = {}) =>
      send({ method: 'GET', url: withQuery(url(path), callOptions.params) }, callOptions),
    post: (path, callOptions = {}) => send(formPlan('POST', url(path), callOptions), callOptions),
    put: (path, callOptions = {}) => send(formPlan('PUT', url(path), callOptions), callOptions),
    // No content type: the browser writes the multipart boundary itself.
    upload: (path, formData, callOptions = {}) =>
      send({ method: 'POST', url: url(path), body: formData }, callOptions),
  };
}

function formPlan(
  method: 'POST' | 'PUT',
  url: string,
  callOptions: SendOptions<unknown>,
): RequestPlan {
  const { body } = callOptions;
  if (body === undefined) return { method, url };
  const encoded = body instanceof URLSearchParams ? body : encodeForm(body);
  return { method, url, body: encoded.toString(), contentType: FORM_CONTENT_TYPE };
}

/** A response's `id` header replaces the stored token and `vid` is stored likewise. */
function rememberSessionHeaders(headers: Headers): void {
  const token = headers.get(RESPONSE_HEADERS.token);
  if (token) setToken(token);
  const vid = headers.get(RESPONSE_HEADERS.vid);
  if (vid) setVid(vid);
}

/**
 * The envelope's `fields` when well formed (failureEnvelopeSchema's shape, checked by hand so
 * that the client needs no zod of its own), else undefined.
 */
function readFieldIssues(value: unknown): FieldIssue[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const issues: FieldIssue[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { path, code } = item as Record<string, unknown>;
    if (typeof path !== 'string' || typeof code !== 'string') return undefined;
    issues.push({ path, code });
  }
  return issues;
}

function hasHttpProtocol(target: string): boolean {
  // Relative paths resolve against the page; outside a page any base with http works.
  const base = globalThis.location?.href ?? 'http://localhost/';
  let protocol: string;
  try {
    protocol = new URL(target, base).protocol;
  } catch {
    return false;
  }
  return protocol === 'http:' || protocol === 'https:';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export { ApiError, TransportError } from './api-errors.ts';
export type { TransportErrorKind } from './api-errors.ts';
