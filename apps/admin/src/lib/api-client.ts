import type { z } from 'zod';
import { failureEnvelopeSchema, isEnvelope, type FieldIssue } from '@lobby/contracts';

/**
 * The console's one way to the operator API: `call(endpoint, { params, query, body })` with an
 * endpoint object of @lobby/contracts. JSON over fetch with the operator's bearer token and the
 * interface language; the `{status, data}` envelope is unwrapped and `data` parsed with the
 * endpoint's response schema, a failure becomes an ApiError carrying the code and the server's
 * message in the operator's language.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The shape of every endpoint object in packages/contracts. */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
};

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
/** What the server answers for an endpoint: the `data` of its envelope. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
/** The query an endpoint reads, after its schema filled the defaults. */
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.output<E['query']>
  : never;
export type BodyOf<E extends Endpoint> = InputOf<E['body']>;

export type CallInput<E extends Endpoint> = {
  params?: InputOf<E['params']>;
  /** Values that are undefined, null or '' are left out of the query string. */
  query?: Partial<InputOf<E['query']>> | Record<string, unknown>;
  body?: InputOf<E['body']>;
  signal?: AbortSignal;
};

/** Codes of failures the client itself detects (no envelope came back). */
export const CLIENT_ERROR_CODES = ['network', 'bad_response'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Error codes that mean the operator's session is gone: log in again. */
export const SESSION_ENDED_CODES: readonly string[] = ['operator_token', 'token'];
/** The operator must enrol TOTP before anything else. */
export const ENROLMENT_REQUIRED_CODE = 'totp_enrolment_required';

export class ApiError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  readonly fields: FieldIssue[] | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: string,
    message: string,
    httpStatus: number,
    extra: { fields?: FieldIssue[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.fields = extra.fields;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export type ApiClientOptions = {
  /** The bearer token of the operator's session, when there is one. */
  getToken(): string | null;
  /** The interface language (`zh-CN`, `en`): the server's messages come back in it. */
  getLanguage(): string;
  /** The text of a failure the client detects itself, in the interface language. */
  clientMessage(code: ClientErrorCode): string;
  /** Called once per answer saying the session ended (expired, logged out elsewhere, disabled). */
  onSessionEnded?(error: ApiError): void;
  /** Called when the server asks the operator to enrol TOTP first. */
  onEnrolmentRequired?(error: ApiError): void;
  fetchImpl?: typeof fetch;
};

export type ApiClient = {
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<ResponseOf<E>>;
  /** GET `path` as a file (the CSV exports); a failure answers the envelope and throws. */
  download(path: string, query?: URLSearchParams): Promise<{ blob: Blob; filename: string | null }>;
  /** POSTs a multipart form (an image) to an endpoint; answered and parsed as `call` does. */
  upload<E extends Endpoint>(
    endpoint: E,
    input: { params?: InputOf<E['params']>; form: FormData },
  ): Promise<ResponseOf<E>>;
  /** The session's bearer token, for the chat WebSocket's first frame (sockets take no header). */
  bearerToken(): string | null;
};

/** `/admin/api/operators/:id/:action` with `{id: 7, action: 'disable'}` -> `.../7/disable`. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`path ${path} needs the parameter ${name}`);
    }
    return encodeURIComponent(String(value as string | number));
  });
}

/** A query object as a query string: empty values left out, arrays repeated. */
export function toSearchParams(query: Record<string, unknown> = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item as string | number | boolean));
    }
  }
  return search;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl: typeof fetch =
    options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  function headers(json: boolean): Headers {
    const result = new Headers();
    // The API reads `lang` (plugins/request-context.ts); accept-language says the same.
    result.set('lang', options.getLanguage());
    result.set('accept-language', options.getLanguage());
    result.set('accept', 'application/json');
    if (json) result.set('content-type', 'application/json');
    const token = options.getToken();
    if (token) result.set('authorization', `Bearer ${token}`);
    return result;
  }

  async function exchange(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, credentials: 'same-origin' });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      throw new ApiError('network', options.clientMessage('network'), 0, { cause });
    }
  }

  /** The failure an envelope (or a body that is none) stands for, with the session hooks. */
  function failure(body: unknown, httpStatus: number): ApiError {
    const parsed = failureEnvelopeSchema.safeParse(body);
    if (!parsed.success) {
      return new ApiError('bad_response', options.clientMessage('bad_response'), httpStatus);
    }
    const { data: code, message, fields, retryAfterSeconds } = parsed.data;
    const error = new ApiError(code, message, httpStatus, { fields, retryAfterSeconds });
    if (SESSION_ENDED_CODES.includes(code)) options.onSessionEnded?.(error);
    if (code === ENROLMENT_REQUIRED_CODE) options.onEnrolmentRequired?.(error);
    return error;
  }

  /** The envelope of an answer, unwrapped and parsed with the endpoint's response schema. */
  async function answer<E extends Endpoint>(endpoint: E, response: Response) {
    const body = parseJson(await response.text());
    if (!isEnvelope(body)) {
      throw new ApiError('bad_response', options.clientMessage('bad_response'), response.status);
    }
    if (!body.status) throw failure(body, response.status);
    const data = endpoint.response.safeParse(body.data);
    if (!data.success) {
      throw new ApiError('bad_response', options.clientMessage('bad_response'), response.status, {
        cause: data.error,
      });
    }
    return data.data as ResponseOf<E>;
  }

  return {
    async call(endpoint, input = {}) {
      const path = fillPath(endpoint.path, (input.params ?? {}) as Record<string, unknown>);
      const search = toSearchParams((input.query ?? {}) as Record<string, unknown>).toString();
      const hasBody = endpoint.method !== 'GET' && input.body !== undefined;
      const response = await exchange(search ? `${path}?${search}` : path, {
        method: endpoint.method,
        headers: headers(hasBody),
        body: hasBody ? JSON.stringify(input.body) : null,
        signal: input.signal ?? null,
      });
      return answer(endpoint, response);
    },

    async upload(endpoint, input) {
      const path = fillPath(endpoint.path, (input.params ?? {}) as Record<string, unknown>);
      // No content type of ours: the browser writes the multipart boundary.
      const response = await exchange(path, {
        method: 'POST',
        headers: headers(false),
        body: input.form,
      });
      return answer(endpoint, response);
    },

    bearerToken: () => options.getToken(),

    async download(path, query) {
      const search = query?.toString() ?? '';
      const response = await exchange(search ? `${path}?${search}` : path, {
        method: 'GET',
        headers: headers(false),
      });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || type.includes('application/json')) {
        throw failure(parseJson(await response.text()), response.status);
      }
      return { blob: await response.blob(), filename: filenameOf(response.headers) };
    },
  };
}

/** The file name of a `content-disposition: attachment; filename="x.csv"` answer. */
export function filenameOf(headers: Headers): string | null {
  const disposition = headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Fall through to the plain form.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}
