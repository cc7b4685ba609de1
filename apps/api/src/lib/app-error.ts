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

  constructor(code: string, httpStatus: number, fields?: FieldIssue[]) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.fields = fields;
  }
}

/** A throw helper for one domain's code table: `fail(BRAND_ERRORS, 'unknown_site')`. */
export function appError<T extends ErrorCodeTable>(
  table: T,
  code: keyof T & string,
  fields?: FieldIssue[],
): AppError {
  const httpStatus = table[code];
  if (httpStatus === undefined) throw new Error(`error code ${code} is not in its table`);
  return new AppError(code, httpStatus, fields);
}

export function commonError(code: keyof typeof COMMON_ERRORS, fields?: FieldIssue[]): AppError {
  return appError(COMMON_ERRORS, code, fields);
}
