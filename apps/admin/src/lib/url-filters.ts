import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * A list's filters live in the URL's search parameters, so a link (or a reload) reproduces the
 * view. They are read with the endpoint's own `query` schema: each field is checked alone and an
 * invalid value is dropped (the field's default, or nothing) rather than failing the whole view.
 */

/** The query schema of a list endpoint: a zod object. */
export type FilterSchema = z.ZodObject;
export type FiltersOf<S extends FilterSchema> = z.output<S>;
/** A change to some filters; undefined or '' removes one. */
export type FilterPatch<S extends FilterSchema> = { [K in keyof z.output<S>]?: unknown };

/** The page-number fields: changing any other filter sends the list back to its first page. */
const PAGE_FIELDS = ['page', 'beforeId'];

function rawValue(search: URLSearchParams, key: string, field: z.ZodType): unknown {
  const values = search.getAll(key);
  if (values.length === 0) return undefined;
  // An array field (a list filter) takes every value; any other field the first.
  return isArrayField(field) ? values : values[0];
}

function isArrayField(field: z.ZodType): boolean {
  let current: unknown = field;
  // Unwrap optional/default/nullable wrappers to see the inner type.
  for (let depth = 0; depth < 5; depth += 1) {
    const def = (current as { def?: { type?: string; innerType?: unknown } }).def;
    if (!def) return false;
    if (def.type === 'array') return true;
    if (def.innerType === undefined) return false;
    current = def.innerType;
  }
  return false;
}

/** The filters a URL's search holds, every field valid or at its default. */
export function parseFilters<S extends FilterSchema>(
  schema: S,
  search: URLSearchParams,
): FiltersOf<S> {
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const raw = rawValue(search, key, field);
    const parsed = raw === undefined || raw === '' ? undefined : field.safeParse(raw);
    if (parsed?.success) {
      result[key] = parsed.data;
      continue;
    }
    const fallback = field.safeParse(undefined);
    if (fallback.success && fallback.data !== undefined) result[key] = fallback.data;
  }
  return result as FiltersOf<S>;
}

/**
 * Filters as search parameters, in the schema's field order: fields at their default and empty
 * ones are left out, so the URL holds only what the operator chose.
 */
export function serializeFilters<S extends FilterSchema>(
  schema: S,
  filters: Record<string, unknown>,
): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const value = filters[key];
    if (value === undefined || value === null || value === '') continue;
    const fallback = field.safeParse(undefined);
    if (fallback.success && fallback.data !== undefined && fallback.data === value) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      search.append(key, String(item as string | number | boolean));
    }
  }
  return search;
}

/** Applies a change: other filters kept, page fields reset unless the change names them. */
export function applyFilterPatch(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current, ...patch };
  const pageOnly = Object.keys(patch).every((key) => PAGE_FIELDS.includes(key));
  if (!pageOnly) {
    for (const key of PAGE_FIELDS) if (!(key in patch)) delete next[key];
  }
  return next;
}

/**
 * `const [filters, setFilters] = useUrlFilters(endpoint.query)`: the parsed filters (defaults
 * filled, ready to pass as the call's query) and a setter that writes a change to the URL (a
 * new history entry, so Back returns to the previous view).
 */
export function useUrlFilters<S extends FilterSchema>(
  schema: S,
): [FiltersOf<S>, (patch: FilterPatch<S>, options?: { replace?: boolean }) => void] {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // Parsed again only when the URL changes, so the object is stable for query keys.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => parseFilters(schema, search), [schema, key]);
  const setFilters = useCallback(
    (patch: FilterPatch<S>, options: { replace?: boolean } = {}) => {
      const next = applyFilterPatch(filters as Record<string, unknown>, patch);
      setSearch(serializeFilters(schema, next), { replace: options.replace ?? false });
    },
    [filters, schema, setSearch],
  );
  return [filters, setFilters];
}
