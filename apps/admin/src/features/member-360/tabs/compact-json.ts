/**
 * JSON indented, with lists of plain values on one line (cards, reels, stops): operators read
 * the provider's own fields.
 */
export function compactJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /\[\s+([^[\]{}]*?)\s+\]/g,
    (_, items: string) => `[${items.split(/,\s+/).join(', ')}]`,
  );
}
