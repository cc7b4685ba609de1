/**
 * Whether every value of a form object is filled (SPEC.md section 5), to enable a submit
 * button. Zero counts as filled, and so does `false` (a chosen "no" is an answer). Empty are:
 * null, undefined, NaN (what `Number('')` gives), strings that are empty or only whitespace
 * (a member who typed spaces has not filled the field), and empty arrays. An empty object has
 * no values, so it is all filled.
 */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return !Number.isNaN(value);
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function isAllFilled(values: Readonly<Record<string, unknown>>): boolean {
  return Object.values(values).every(isFilled);
}
