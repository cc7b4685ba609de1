import { describe, expect, it } from 'vitest';
import {
  PROMOTION_KINDS,
  PROMOTION_RULE_SCHEMAS,
  adminCreatePromotionEndpoint,
  type AdminBanner,
  type AdminPromotion,
} from '@lobby/contracts';
import {
  bannerValuesOf,
  checkRules,
  createBannerBody,
  createGiftBody,
  createPromotionBody,
  defaultRules,
  giftValuesOf,
  localizedOf,
  newPromotionValues,
  nextStatuses,
  parseRulesJson,
  pickText,
  promotionValuesOf,
  textsOf,
  updateBannerBody,
  updatePromotionBody,
} from './promo-form.ts';

const NOW = new Date('2026-03-01T04:00:00.000Z');

function promotion(overrides: Partial<AdminPromotion> = {}): AdminPromotion {
  return {
    id: '12',
    brand: 'demo',
    kind: 'deposit_bonus',
    category: 'deposit',
    title: { 'zh-CN': '首存', en: 'First deposit' },
    summary: {},
    body: { en: '# Rules' },
    imageUrl: '',
    status: 'draft',
    startsAt: '2026-03-01T00:00:00.000Z',
    endsAt: null,
    sort: 3,
    rules: {
      tiers: [{ minDepositMinor: 10_000, percent: 50, maxBonusMinor: 88_800 }],
      requiresJoin: true,
      claimWithinHours: 24,
      autoApprove: false,
    },
    eligibility: { minVipLevel: 2 },
    turnoverMultiplierPercent: 300,
    budget: '5000.00',
    spent: '0.00',
    perMemberLimit: 1,
    updatedBy: 'ops',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('the rules of each kind', () => {
  it('starts every kind with rules its own schema accepts', () => {
    for (const kind of PROMOTION_KINDS) {
      expect(PROMOTION_RULE_SCHEMAS[kind].safeParse(defaultRules(kind)).success, kind).toBe(true);
      expect(checkRules(kind, defaultRules(kind)).ok).toBe(true);
    }
  });

  it("puts the schema's issues on the rule fields the form names", () => {
    const checked = checkRules('deposit_bonus', {
      tiers: [
        { minDepositMinor: 100, percent: 0, maxBonusMinor: 10 },
        { minDepositMinor: 100, percent: 10, maxBonusMinor: null },
      ],
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const names = checked.errors.map((field) => field.name);
    expect(names).toContainEqual(['rules', 'tiers', 0, 'percent']);
    expect(names).toContainEqual(['rules', 'tiers', 1, 'maxBonusMinor']);
    const signIn = checkRules('sign_in', { streakRewardsMinor: [] });
    expect(signIn.ok).toBe(false);
    if (!signIn.ok) expect(signIn.errors[0]?.name).toEqual(['rules', 'streakRewardsMinor']);
  });

  it('refuses keys the strict kinds do not have, and bad JSON', () => {
    const gift = checkRules('gift', { bonus: 1 });
    expect(gift.ok).toBe(false);
    expect(parseRulesJson('{"a":')).toMatchObject({ ok: false });
    expect(parseRulesJson('')).toEqual({ ok: true, value: {} });
    expect(parseRulesJson(' {} ')).toEqual({ ok: true, value: {} });
  });
});

describe('promotion form to the contract', () => {
  it('builds a create body the endpoint schema accepts, blank languages left out', () => {
    const values = newPromotionValues('sign_in', NOW);
    values.title = { 'zh-CN': ' 每日签到 ', 'zh-TW': '', en: 'Daily' };
    values.body = { 'zh-CN': '第一行\n第二行', 'zh-TW': '  ', en: '' };
    values.minVipLevel = 3;
    values.budget = ' 100.50 ';
    values.reason = '  ';
    const checked = createPromotionBody('demo', values);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value).toMatchObject({
      brand: 'demo',
      kind: 'sign_in',
      status: 'draft',
      category: 'daily',
      title: { 'zh-CN': '每日签到', en: 'Daily' },
      body: { 'zh-CN': '第一行\n第二行' },
      startsAt: NOW.toISOString(),
      endsAt: null,
      eligibility: { minVipLevel: 3 },
      budget: '100.50',
      rules: { streakRewardsMinor: [100, 200, 300], resignCostMinor: 0, resignDaysBack: 7 },
    });
    expect(checked.value.title['zh-TW']).toBeUndefined();
    expect('reason' in checked.value).toBe(false);
    expect(adminCreatePromotionEndpoint.body.safeParse(checked.value).success).toBe(true);
  });

  it('answers a missing title and a bad category at their fields, rules too', () => {
    const values = newPromotionValues('apply', NOW);
    values.category = 'Not Valid';
    values.rules = { defaultRewardMinor: -1 };
    values.perMemberLimit = 0;
    const checked = createPromotionBody('demo', values);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const names = checked.errors.map((field) => field.name);
    expect(names).toContainEqual(['title', 'zh-CN']);
    expect(names).toContainEqual(['category']);
    expect(names).toContainEqual(['perMemberLimit']);
    expect(names).toContainEqual(['rules', 'defaultRewardMinor']);
  });

  it('reads a promotion back into the form and sends it unchanged', () => {
    const values = promotionValuesOf(promotion());
    expect(values).toMatchObject({
      title: { 'zh-CN': '首存', 'zh-TW': '', en: 'First deposit' },
      minVipLevel: 2,
      newMembersWithinDays: null,
      budget: '5000.00',
    });
    const checked = updatePromotionBody(values);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value).toMatchObject({
      title: { 'zh-CN': '首存', en: 'First deposit' },
      body: { en: '# Rules' },
      rules: promotion().rules,
      eligibility: { minVipLevel: 2 },
      turnoverMultiplierPercent: 300,
      budget: '5000.00',
      perMemberLimit: 1,
      endsAt: null,
    });
  });

  it('sends a cleared budget and limit as null (no limit)', () => {
    const values = { ...promotionValuesOf(promotion()), budget: '', perMemberLimit: null };
    const checked = updatePromotionBody(values);
    expect(checked.ok && checked.value).toMatchObject({ budget: null, perMemberLimit: null });
  });

  it('offers publish, pause and end as the status allows', () => {
    expect(nextStatuses('draft')).toEqual(['active', 'ended']);
    expect(nextStatuses('active')).toEqual(['paused', 'ended']);
    expect(nextStatuses('paused')).toEqual(['active', 'ended']);
    expect(nextStatuses('ended')).toEqual([]);
  });
});

describe('banners and gifts to the contract', () => {
  const banner: AdminBanner = {
    id: '5',
    brand: 'demo',
    placement: 'home_top',
    title: { en: 'Welcome' },
    body: {},
    imageUrl: '/banners/a.png',
    linkUrl: '/activity/discount',
    sort: 1,
    active: true,
    startsAt: null,
    endsAt: null,
    updatedBy: null,
    updatedAt: '2026-03-01T00:00:00.000Z',
  };

  it('refuses an unsafe link at its field and keeps a site path', () => {
    const bad = createBannerBody('demo', {
      ...bannerValuesOf(null),
      linkUrl: 'javascript:alert(1)',
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.map((field) => field.name)).toEqual(
        expect.arrayContaining([['linkUrl'], ['title', 'zh-CN']]),
      );
    }
    const good = updateBannerBody({ ...bannerValuesOf(banner), imageUrl: ' /banners/b.png ' });
    expect(good.ok && good.value).toMatchObject({
      title: { en: 'Welcome' },
      imageUrl: '/banners/b.png',
      linkUrl: '/activity/discount',
      startsAt: null,
      active: true,
    });
  });

  it('sends no reward for an item gift and a decimal one for cash', () => {
    const item = createGiftBody({
      ...giftValuesOf(null),
      kind: 'item',
      name: textsOf({ 'zh-CN': '水杯' }),
      turnoverCost: '50.00',
      reward: 'ignored',
      stock: 3,
    });
    expect(item.ok && item.value).toMatchObject({ kind: 'item', turnoverCost: '50.00', stock: 3 });
    expect(item.ok && 'reward' in item.value).toBe(false);
    const cash = createGiftBody({
      ...giftValuesOf(null),
      name: textsOf({ en: 'Cash' }),
      turnoverCost: '10',
      reward: '1.88',
    });
    expect(cash.ok && cash.value).toMatchObject({ kind: 'cash', reward: '1.88', stock: null });
    const bad = createGiftBody({
      ...giftValuesOf(null),
      name: textsOf({ en: 'x' }),
      turnoverCost: '1,5',
    });
    expect(bad.ok).toBe(false);
  });
});

describe('texts', () => {
  it('fills every language and picks the shown one, else the first given', () => {
    expect(textsOf({ en: 'A' })).toEqual({ 'zh-CN': '', 'zh-TW': '', en: 'A' });
    expect(localizedOf({ 'zh-CN': ' ', en: ' B ' })).toEqual({ en: 'B' });
    expect(pickText({ en: 'A', 'zh-TW': '乙' }, 'zh-CN')).toBe('乙');
    expect(pickText({ en: 'A' }, 'en')).toBe('A');
    expect(pickText({}, 'en')).toBe('');
  });
});
