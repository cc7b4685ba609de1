import { COMMON_ERRORS, type ErrorCodeTable, type FieldIssue } from '@lobby/contracts';

/**
 * An operational error the client should see: a code (answered as `data`), its HTTP status and
 * optionally which fields were wrong. Its text comes from i18n in the request's language, never
 * from here, so nothing internal leaks.
 */
export class AppError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  readonly fields: FieldIssue[] | undefined;
  /** For temporary refusals: seconds until a retry makes sense (also sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;
  /** Values for the message's placeholders (`{{minutes}}`). */
  readonly params: Record<string, string | number> | undefined;

  constructor(
    code: string,
    httpStatus: number,
    fields?: FieldIssue[],
    retryAfterSeconds?: number,
    params?: Record<string, string | number>,
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.fields = fields;
    this.retryAfterSeconds =
      retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds));
    this.params = params;
  }
}

/** What an error may carry besides its code: field problems, a wait, message placeholders. */
export type AppErrorExtras = {
  fields?: FieldIssue[];
  retryAfterSeconds?: number;
  params?: Record<string, string | number>;
};

/**
 * A throw helper for one domain's code table: `appError(BRAND_ERRORS, 'unknown_site')`, with
 * the field problems, or the extras, of the refusal.
 */
export function appError<T extends ErrorCodeTable>(
  table: T,
  code: keyof T & string,
  extras?: FieldIssue[] | AppErrorExtras,
): AppError {
  const httpStatus = table[code];
  if (httpStatus === undefined) throw new Error(`error code ${code} is not in its table`);
  const { fields, retryAfterSeconds, params } = Array.isArray(extras)
    ? { fields: extras }
    : (extras ?? {});
  return new AppError(code, httpStatus, fields, retryAfterSeconds, params);
}

export function commonError(
  code: keyof typeof COMMON_ERRORS,
  extras?: FieldIssue[] | AppErrorExtras,
): AppError {
  return appError(COMMON_ERRORS, code, extras);
}
