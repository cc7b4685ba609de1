/**
 * Errors are codes (DESIGN.md convention 4). Each code maps to one HTTP status and to the
 * i18n key `errors:<code>`. Domains declare their own codes with `defineErrorCodes`; the
 * codes below belong to the transport and every domain may answer them.
 */
export type ErrorCodeTable = Readonly<Record<string, number>>;

const definedCodes = new Set<string>();

export function defineErrorCodes<const T extends ErrorCodeTable>(table: T): T {
  for (const code of Object.keys(table)) definedCodes.add(code);
  return table;
}

/** Every code defined so far in this process: a test proves each has its texts. */
export function definedErrorCodes(): string[] {
  return [...definedCodes].sort();
}

export const COMMON_ERRORS = defineErrorCodes({
  /** The call needs a member session and there is none, or it expired. Spec: data "token". */
  token: 401,
  validation: 400,
  malformed_body: 400,
  /** A path with a bad percent-escape. */
  malformed_url: 400,
  /** A path parameter longer than any identifier. */
  url_too_long: 414,
  body_too_large: 413,
  unsupported_media_type: 415,
  not_found: 404,
  method_not_allowed: 405,
  unknown_site: 400,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
});

export type CommonErrorCode = keyof typeof COMMON_ERRORS;

/** The invalid-session code of the spec: `{status:false, data:"token"}`. */
export const INVALID_SESSION_CODE = 'token' satisfies CommonErrorCode;
