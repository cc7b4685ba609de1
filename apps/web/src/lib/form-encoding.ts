/**
 * Encodes plain objects for the API (SPEC.md section 7: post and put payloads are
 * form-urlencoded, query strings likewise). Arrays become repeated keys, null and undefined
 * are skipped, numbers, bigints and booleans are written as strings.
 */

export type FormScalar = string | number | bigint | boolean | null | undefined;
export type FormValue = FormScalar | readonly FormScalar[];
export type FormValues = Readonly<Record<string, FormValue>>;

export function encodeForm(values: FormValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      for (const item of value as readonly FormScalar[]) appendScalar(params, key, item);
    } else {
      appendScalar(params, key, value as FormScalar);
    }
  }
  return params;
}

/** Adds encoded parameters to a URL that may already have a query string. */
export function withQuery(url: string, values: FormValues | undefined): string {
  if (!values) return url;
  const query = encodeForm(values).toString();
  if (query === '') return url;
  return url + (url.includes('?') ? '&' : '?') + query;
}

function appendScalar(params: URLSearchParams, key: string, value: FormScalar): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    // NaN or Infinity in a payload is always a bug upstream; sending "NaN" would hide it.
    throw new TypeError(`form value ${key} is not a finite number: ${value}`);
  }
  if (!['string', 'number', 'bigint', 'boolean'].includes(typeof value)) {
    throw new TypeError(`form value ${key} must be a string, number, bigint or boolean`);
  }
  params.append(key, String(value));
}
