/**
 * Texts from the server or the locales may carry `%v` placeholders, filled in order, and
 * newlines that show as line breaks (SPEC.md section 9). Rendering goes through `toLines` and
 * React elements, never innerHTML, so a value can never inject markup.
 */

export const PLACEHOLDER = '%v';

export type FillValue = string | number | bigint;

/**
 * Replaces each `%v` with the next value. Inserted values are not scanned again, so a value
 * that itself contains `%v` stays as it is. A placeholder without a value is left visible
 * rather than blanked, so a missing value shows up in review; extra values are ignored.
 */
export function fillText(template: string, values: readonly FillValue[]): string {
  let next = 0;
  return template.replaceAll(PLACEHOLDER, (placeholder) => {
    if (next >= values.length) return placeholder;
    return String(values[next++]);
  });
}

/** Splits a text at its newlines (\n, \r\n or \r) for rendering with a <br /> between lines. */
export function toLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
