/**
 * A brand's platform list as the platforms screen edits it: the offered platforms' ids in the
 * brand's order. Each edit gives the whole new list, which is what the API stores.
 */

/** The ids after moving `id` one place up (-1) or down (+1); unchanged at either end. */
export function moved(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const next = [...ids];
  const at = next.indexOf(id);
  const to = at + step;
  if (at === -1 || to < 0 || to >= next.length) return next;
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** The ids after switching `id` on (it goes last) or off (it leaves the list). */
export function toggled(ids: readonly number[], id: number, on: boolean): number[] {
  const without = ids.filter((other) => other !== id);
  return on ? [...without, id] : without;
}
