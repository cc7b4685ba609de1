import { INVALID_SESSION_CODE, type FieldIssue } from '@lobby/contracts';

/**
 * The two ways a call fails. An `ApiError` is the server's answer `{status:false, data:<code>,
 * message}`; a `TransportError` means no envelope arrived at all, and its message is the
 * spec's transport text (SPEC.md section 8) so logs read the same as the original client's.
 */

export class ApiError extends Error {
  /** The error code: the envelope's `data`. */
  readonly code: string;
  readonly httpStatus: number;
  readonly fields: FieldIssue[] | undefined;
  /** For a temporary refusal (rate limit, lock): seconds until trying again makes sense. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: string,
    message: string,
    httpStatus: number,
    fields?: FieldIssue[],
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get isInvalidSession(): boolean {
    return this.code === INVALID_SESSION_CODE;
  }
}

export type TransportErrorKind =
  | 'bad-request'
  | 'bad-response'
  | 'network'
  | 'aborted'
  | 'timeout'
  | 'unsupported-protocol'
  | 'invalid-response';

const TRANSPORT_TEXT_KEYS: Record<TransportErrorKind, string> = {
  'bad-request': 'transport.badRequest',
  'bad-response': 'transport.badResponse',
  network: 'transport.network',
  aborted: 'transport.aborted',
  timeout: 'transport.timeout',
  'unsupported-protocol': 'transport.unsupportedProtocol',
  'invalid-response': 'transport.invalidResponse',
};

export class TransportError extends Error {
  readonly kind: TransportErrorKind;
  /** The HTTP status when a response arrived, else null. */
  readonly httpStatus: number | null;

  constructor(
    kind: TransportErrorKind,
    message: string,
    details: { httpStatus?: number | null; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'TransportError';
    this.kind = kind;
    this.httpStatus = details.httpStatus ?? null;
  }

  /** Key of the display text in the `client` namespace, to use with the app's `t`. */
  get i18nKey(): string {
    return `client:${TRANSPORT_TEXT_KEYS[this.kind]}`;
  }

  get i18nValues(): { status: number | null } {
    return { status: this.httpStatus };
  }
}

/** The spec's transport texts. */
export const TRANSPORT_MESSAGES = {
  failedWithStatus: (httpStatus: number) => `Request failed with status code ${httpStatus}`,
  network: 'Network Error',
  aborted: 'Request aborted',
  timeout: (timeoutMs: number) => `timeout of ${timeoutMs} ms exceeded`,
  unsupportedProtocol: 'Unsupported protocol',
  invalidResponse: 'Invalid response',
} as const;

/**
 * Translates a key of the `client` namespace in the member's language: the app's i18next `t`
 * fixed to that namespace, which the language pack loads with the screens' texts (app/i18n.ts).
 */
export type ClientTexts = (key: string, values?: Record<string, unknown>) => string;

/**
 * A text to show a member for any failure: the server's own message for an `ApiError`, the
 * localized transport text for a `TransportError`, and a generic text for anything else.
 */
export function errorText(error: unknown, texts: ClientTexts): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TransportError) {
    return texts(TRANSPORT_TEXT_KEYS[error.kind], { ...error.i18nValues });
  }
  return texts('transport.unknown');
}
