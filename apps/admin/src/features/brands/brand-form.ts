import {
  brandSettingsSchema,
  type AdminBrandSettings,
  type BrandSettings,
  type BrandSettingsInput,
} from '@lobby/contracts';

/**
 * The settings form's values: the contract's settings, with the currency symbol as text (empty
 * for none) and the per-host statistics scripts as JSON text.
 */
export type BrandFormValues = Omit<BrandSettingsInput, 'currencySymbol' | 'statistics'> & {
  currencySymbol: string;
  statistics: Omit<BrandSettingsInput['statistics'], 'byHost'> & { byHost: string };
  reason?: string;
};

export type FieldError = { name: (string | number)[]; message: string };

export function toFormValues(stored: AdminBrandSettings['settings']): BrandFormValues {
  return {
    ...(stored as BrandSettingsInput),
    currencySymbol: stored.currencySymbol ?? '',
    statistics: { ...stored.statistics, byHost: JSON.stringify(stored.statistics.byHost, null, 2) },
  };
}

/**
 * The form's values as the PUT's settings, checked by the same schema the API checks them with;
 * otherwise each problem at the form field it belongs to.
 */
export function fromFormValues(
  values: BrandFormValues,
  byHostInvalid: string,
): { ok: true; settings: BrandSettings } | { ok: false; errors: FieldError[] } {
  const { reason: _reason, ...rest } = values;
  let byHost: unknown;
  try {
    byHost = JSON.parse(values.statistics.byHost.trim() === '' ? '{}' : values.statistics.byHost);
  } catch {
    return { ok: false, errors: [{ name: ['statistics', 'byHost'], message: byHostInvalid }] };
  }
  const symbol = values.currencySymbol.trim();
  const parsed = brandSettingsSchema.safeParse({
    ...rest,
    currencySymbol: symbol === '' ? null : symbol,
    statistics: { ...values.statistics, byHost },
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({
      // A problem inside the per-host JSON shows at its text field.
      name:
        issue.path[0] === 'statistics' && issue.path[1] === 'byHost'
          ? ['statistics', 'byHost']
          : issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
      message: issue.message,
    })),
  };
}

/** The columns of a kept row that are bookkeeping, not settings (left out of a comparison). */
const BOOKKEEPING = new Set(['code', 'isDefault', 'revision', 'createdAt', 'updatedAt']);

function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix === '' ? key : `${prefix}.${key}`, into);
    }
  } else {
    into.set(prefix, value);
  }
}

/**
 * What differs between a kept version and the current row, leaf by leaf (`theme.primary`,
 * `settings.wallet.withdrawMinMinor`; lists whole), as the `before`/`after` of a JsonDiff.
 */
export function versionDiff(
  version: Record<string, unknown>,
  current: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  for (const [key, value] of Object.entries(version)) {
    if (!BOOKKEEPING.has(key)) flatten(value, key, left);
  }
  for (const [key, value] of Object.entries(current)) {
    if (!BOOKKEEPING.has(key)) flatten(value, key, right);
  }
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const path of new Set([...left.keys(), ...right.keys()])) {
    if (JSON.stringify(left.get(path)) !== JSON.stringify(right.get(path))) {
      before[path] = left.get(path);
      after[path] = right.get(path);
    }
  }
  return { before, after };
}
