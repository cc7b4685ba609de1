import { INVITE_CODE_QUERY } from '@lobby/contracts';

/**
 * The spec's query reader (SPEC.md section 5). Parameters are split on `&`; a parameter's
 * value is the text after its first `=`. Invite codes (`invite_code`, `i_code`) are returned
 * whole, because codes may end in `=` padding; any other parameter's value stops at the next
 * `=`, as the spec's reader did (`a=1=2` reads as `1`).
 *
 * Percent-escapes are decoded (`+` is left alone: invite codes may contain it); a malformed
 * escape keeps the raw text rather than failing.
 */

export const WHOLE_VALUE_PARAMS: ReadonlySet<string> = new Set(['invite_code', INVITE_CODE_QUERY]);

/**
 * The value of `name` in a query string (with or without the leading `?`; anything after `#`
 * is ignored). Null when the parameter is absent or has no `=`; '' when its value is empty.
 * The first occurrence wins. Names are compared exactly (case-sensitive).
 */
export function readQueryParam(search: string, name: string): string | null {
  const query = search.split('#', 1)[0]?.replace(/^\?/, '') ?? '';
  if (query === '' || name === '') return null;
  for (const pair of query.split('&')) {
    const equalsAt = pair.indexOf('=');
    if (equalsAt < 0) continue;
    if (safeDecode(pair.slice(0, equalsAt)) !== name) continue;
    const rest = pair.slice(equalsAt + 1);
    const value = WHOLE_VALUE_PARAMS.has(name) ? rest : (rest.split('=', 1)[0] ?? '');
    return safeDecode(value);
  }
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
