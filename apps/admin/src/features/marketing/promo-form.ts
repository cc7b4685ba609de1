import type { z } from 'zod';
import {
  LANGUAGES,
  PROMOTION_RULE_SCHEMAS,
  adminCreateBannerEndpoint,
  adminCreateGiftEndpoint,
  adminCreatePromotionEndpoint,
  adminUpdateBannerEndpoint,
  adminUpdateGiftEndpoint,
  adminUpdatePromotionEndpoint,
  type AdminBanner,
  type AdminGift,
  type AdminPromotion,
  type Language,
  type PromotionKind,
} from '@lobby/contracts';

/**
 * The marketing forms and the contracts: form values to the bodies the API takes, records back to
 * form values, and the contracts' own zod schemas run on the body before it is sent, their issues
 * placed on the form's fields. Nothing here knows React or antd, so it is tested alone.
 */

/** A text in each language, as the forms edit it ('' for a language not given). */
export type Texts = Record<Language, string>;

/** A field's errors as antd's `form.setFields` takes them. */
export type FieldErrors = { name: (string | number)[]; errors: string[] }[];

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** A record's localized texts in every language of the contract ('' where it has none). */
export function textsOf(record: Record<string, string> | undefined): Texts {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, record?.[language] ?? '']),
  ) as Texts;
}

/** The languages given, trimmed; the empty ones left out (the contract's partial record). */
export function localizedOf(texts: Partial<Texts> | undefined): Partial<Record<Language, string>> {
  const result: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const text = texts?.[language]?.trim();
    if (text) result[language] = text;
  }
  return result;
}

/** A text in the language shown, else the first language that has one. */
export function pickText(texts: Partial<Record<string, string>>, language: string): string {
  const own = texts[language];
  if (own) return own;
  for (const other of LANGUAGES) {
    const text = texts[other];
    if (text) return text;
  }
  return '';
}

/** A zod error's issues on form field names: `['rules', 'tiers', 0, 'percent']`. */
export function fieldErrorsOf(error: z.ZodError, prefix: (string | number)[] = []): FieldErrors {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const issue of error.issues) {
    const name = [
      ...prefix,
      ...issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    ];
    const key = JSON.stringify(name);
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(issue.message);
    byField.set(key, entry);
  }
  return [...byField.values()];
}

/** Parses a body with a contract's schema: the parsed body, or its issues by field. */
export function checkBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  prefixOf: (path: (string | number)[]) => (string | number)[] = (path) => path,
): Checked<z.output<S>> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: fieldErrorsOf(parsed.error).map((field) => ({ ...field, name: prefixOf(field.name) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Promotions.

/** The rules of a new promotion of each kind: valid for its schema, for the operator to change. */
export function defaultRules(kind: PromotionKind): Record<string, unknown> {
  switch (kind) {
    case 'deposit_bonus':
      return {
        tiers: [{ minDepositMinor: 10_000, percent: 10, maxBonusMinor: 100_000 }],
        requiresJoin: false,
        claimWithinHours: 72,
        autoApprove: true,
      };
    case 'apply':
      return { defaultRewardMinor: 0 };
    case 'sign_in':
      return { streakRewardsMinor: [100, 200, 300], resignCostMinor: 0, resignDaysBack: 7 };
    case 'gift':
    case 'display':
      return {};
  }
}

/** The kinds whose rules are edited as JSON (they have no fields today). */
export const JSON_RULE_KINDS: readonly PromotionKind[] = ['gift', 'display'];

/** A promotion's rules checked by the kind's schema (the API's PROMOTION_RULE_SCHEMAS). */
export function checkRules(kind: PromotionKind, rules: unknown): Checked<Record<string, unknown>> {
  return checkBody(PROMOTION_RULE_SCHEMAS[kind], rules, (path) => ['rules', ...path]) as Checked<
    Record<string, unknown>
  >;
}

/** Rules typed as JSON: the object, or the JSON's own error at the rules field. */
export function parseRulesJson(text: string): Checked<unknown> {
  try {
    return { ok: true, value: JSON.parse(text.trim() === '' ? '{}' : text) };
  } catch (error) {
    return {
      ok: false,
      errors: [{ name: ['rulesJson'], errors: [error instanceof Error ? error.message : 'JSON'] }],
    };
  }
}

/** What the promotion form edits. Dates are ISO strings here (the page converts its pickers). */
export type PromotionValues = {
  kind: PromotionKind;
  category: string;
  title: Texts;
  summary: Texts;
  body: Texts;
  imageUrl: string;
  startsAt: string | undefined;
  endsAt: string | null | undefined;
  sort: number | null | undefined;
  rules: Record<string, unknown>;
  newMembersWithinDays: number | null | undefined;
  minVipLevel: number | null | undefined;
  turnoverMultiplierPercent: number | null | undefined;
  budget: string | null | undefined;
  perMemberLimit: number | null | undefined;
  reason: string | undefined;
};

/** A new promotion's form: the kind's default rules, starting now, no end. */
export function newPromotionValues(kind: PromotionKind, now: Date): PromotionValues {
  return {
    kind,
    category: kind === 'deposit_bonus' ? 'deposit' : kind === 'sign_in' ? 'daily' : 'other',
    title: textsOf(undefined),
    summary: textsOf(undefined),
    body: textsOf(undefined),
    imageUrl: '',
    startsAt: now.toISOString(),
    endsAt: null,
    sort: 0,
    rules: defaultRules(kind),
    newMembersWithinDays: null,
    minVipLevel: null,
    turnoverMultiplierPercent: 100,
    budget: null,
    perMemberLimit: null,
    reason: undefined,
  };
}

/** A promotion as the form edits it. */
export function promotionValuesOf(promotion: AdminPromotion): PromotionValues {
  const eligibility = promotion.eligibility as {
    newMembersWithinDays?: number;
    minVipLevel?: number;
  };
  return {
    kind: promotion.kind,
    category: promotion.category,
    title: textsOf(promotion.title),
    summary: textsOf(promotion.summary),
    body: textsOf(promotion.body),
    imageUrl: promotion.imageUrl,
    startsAt: promotion.startsAt,
    endsAt: promotion.endsAt,
    sort: promotion.sort,
    rules: { ...defaultRules(promotion.kind), ...promotion.rules },
    newMembersWithinDays: eligibility.newMembersWithinDays ?? null,
    minVipLevel: eligibility.minVipLevel ?? null,
    turnoverMultiplierPercent: promotion.turnoverMultiplierPercent,
    budget: promotion.budget,
    perMemberLimit: promotion.perMemberLimit,
    reason: undefined,
  };
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** The fields both the create and the update body carry. */
function promotionFields(values: PromotionValues) {
  const eligibility: { newMembersWithinDays?: number; minVipLevel?: number } = {};
  if (!blank(values.newMembersWithinDays)) {
    eligibility.newMembersWithinDays = values.newMembersWithinDays as number;
  }
  if (!blank(values.minVipLevel)) eligibility.minVipLevel = values.minVipLevel as number;
  return {
    category: values.category?.trim() ?? '',
    title: localizedOf(values.title),
    summary: localizedOf(values.summary),
    // The body keeps its line breaks (Markdown); only blank languages are left out.
    body: Object.fromEntries(
      LANGUAGES.filter((language) => values.body?.[language]?.trim()).map((language) => [
        language,
        values.body[language],
      ]),
    ),
    imageUrl: values.imageUrl?.trim() ?? '',
    startsAt: values.startsAt,
    endsAt: blank(values.endsAt) ? null : values.endsAt,
    sort: blank(values.sort) ? 0 : values.sort,
    rules: values.rules,
    eligibility,
    turnoverMultiplierPercent: blank(values.turnoverMultiplierPercent)
      ? 100
      : values.turnoverMultiplierPercent,
    budget: blank(values.budget) ? null : String(values.budget).trim(),
    perMemberLimit: blank(values.perMemberLimit) ? null : values.perMemberLimit,
    ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
  };
}

export type CreatePromotionBody = z.output<typeof adminCreatePromotionEndpoint.body>;
export type UpdatePromotionBody = z.output<typeof adminUpdatePromotionEndpoint.body>;

/**
 * A contract issue's field in the form: texts are edited at `[field, language]`, so an issue of
 * the whole text ("give it in at least one language") goes to its first language's input.
 */
export function textFieldName(path: (string | number)[]): (string | number)[] {
  const [head] = path;
  if (path.length === 1 && (head === 'title' || head === 'name')) return [head, LANGUAGES[0]];
  return path;
}

/** The eligibility fields sit at the top of the promotion form. */
function promotionFieldName(path: (string | number)[]): (string | number)[] {
  const [head, ...rest] = path;
  if (head === 'eligibility') return rest;
  return textFieldName(path);
}

/**
 * The create body from the form, checked by the endpoint's schema and the kind's rules schema
 * (the API runs both): the body, or every issue on its field.
 */
export function createPromotionBody(
  brand: string,
  values: PromotionValues,
): Checked<CreatePromotionBody> {
  const body = checkBody(
    adminCreatePromotionEndpoint.body,
    { brand, kind: values.kind, status: 'draft', ...promotionFields(values) },
    promotionFieldName,
  );
  const rules = checkRules(values.kind, values.rules);
  if (!body.ok || !rules.ok) {
    return {
      ok: false,
      errors: [...(body.ok ? [] : body.errors), ...(rules.ok ? [] : rules.errors)],
    };
  }
  return { ok: true, value: { ...body.value, rules: rules.value } };
}

/** The update body (every field sent, so the record becomes what the form shows). */
export function updatePromotionBody(values: PromotionValues): Checked<UpdatePromotionBody> {
  const body = checkBody(
    adminUpdatePromotionEndpoint.body,
    promotionFields(values),
    promotionFieldName,
  );
  const rules = checkRules(values.kind, values.rules);
  if (!body.ok || !rules.ok) {
    return {
      ok: false,
      errors: [...(body.ok ? [] : body.errors), ...(rules.ok ? [] : rules.errors)],
    };
  }
  return { ok: true, value: { ...body.value, rules: rules.value } };
}

/** The status changes a promotion in a status offers: publish, pause, end. */
export function nextStatuses(status: AdminPromotion['status']): AdminPromotion['status'][] {
  switch (status) {
    case 'draft':
      return ['active', 'ended'];
    case 'active':
      return ['paused', 'ended'];
    case 'paused':
      return ['active', 'ended'];
    case 'ended':
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Banners and gifts.

export type BannerValues = {
  placement: AdminBanner['placement'];
  title: Texts;
  body: Texts;
  imageUrl: string;
  linkUrl: string;
  sort: number | null | undefined;
  active: boolean;
  startsAt: string | null | undefined;
  endsAt: string | null | undefined;
  reason: string | undefined;
};

export function bannerValuesOf(banner: AdminBanner | null): BannerValues {
  return {
    placement: banner?.placement ?? 'home_top',
    title: textsOf(banner?.title),
    body: textsOf(banner?.body),
    imageUrl: banner?.imageUrl ?? '',
    linkUrl: banner?.linkUrl ?? '',
    sort: banner?.sort ?? 0,
    active: banner?.active ?? true,
    startsAt: banner?.startsAt ?? null,
    endsAt: banner?.endsAt ?? null,
    reason: undefined,
  };
}

function bannerFields(values: BannerValues) {
  return {
    title: localizedOf(values.title),
    body: Object.fromEntries(
      LANGUAGES.filter((language) => values.body?.[language]?.trim()).map((language) => [
        language,
        values.body[language],
      ]),
    ),
    imageUrl: values.imageUrl?.trim() ?? '',
    linkUrl: values.linkUrl?.trim() ?? '',
    sort: blank(values.sort) ? 0 : values.sort,
    active: values.active,
    startsAt: blank(values.startsAt) ? null : values.startsAt,
    endsAt: blank(values.endsAt) ? null : values.endsAt,
    ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
  };
}

export function createBannerBody(brand: string, values: BannerValues) {
  return checkBody(
    adminCreateBannerEndpoint.body,
    { brand, placement: values.placement, ...bannerFields(values) },
    textFieldName,
  );
}

export function updateBannerBody(values: BannerValues) {
  return checkBody(adminUpdateBannerEndpoint.body, bannerFields(values), textFieldName);
}

export type GiftValues = {
  kind: AdminGift['kind'];
  name: Texts;
  imageUrl: string;
  turnoverCost: string;
  reward: string;
  stock: number | null | undefined;
  perMemberLimit: number | null | undefined;
  sort: number | null | undefined;
  active: boolean;
  reason: string | undefined;
};

export function giftValuesOf(gift: AdminGift | null): GiftValues {
  return {
    kind: gift?.kind ?? 'cash',
    name: textsOf(gift?.name),
    imageUrl: gift?.imageUrl ?? '',
    turnoverCost: gift?.turnoverCost ?? '',
    reward: gift?.reward ?? '',
    stock: gift?.stock ?? null,
    perMemberLimit: gift?.perMemberLimit ?? null,
    sort: gift?.sort ?? 0,
    active: gift?.active ?? true,
    reason: undefined,
  };
}

function giftFields(values: GiftValues) {
  return {
    name: localizedOf(values.name),
    imageUrl: values.imageUrl?.trim() ?? '',
    turnoverCost: values.turnoverCost?.trim() ?? '',
    // An item pays nothing into the wallet: its reward is not sent.
    ...(values.kind === 'cash' ? { reward: values.reward?.trim() ?? '' } : {}),
    stock: blank(values.stock) ? null : values.stock,
    perMemberLimit: blank(values.perMemberLimit) ? null : values.perMemberLimit,
    sort: blank(values.sort) ? 0 : values.sort,
    active: values.active,
    ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
  };
}

export function createGiftBody(values: GiftValues) {
  return checkBody(
    adminCreateGiftEndpoint.body,
    { kind: values.kind, ...giftFields(values) },
    textFieldName,
  );
}

export function updateGiftBody(values: GiftValues) {
  return checkBody(adminUpdateGiftEndpoint.body, giftFields(values), textFieldName);
}
