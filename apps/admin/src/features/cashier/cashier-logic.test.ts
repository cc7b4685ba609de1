import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  adminDepositsEndpoint,
  adminWithdrawalsEndpoint,
  type WithdrawalRisk,
} from '@lobby/contracts';
import { parseFilters, serializeFilters } from '../../lib/url-filters.ts';
import {
  claimActions,
  claimStateOf,
  decisionBlock,
  DEPOSIT_OPEN_STATUSES,
  elapsedSince,
  explainRisk,
  filtersToForm,
  formToFilters,
  queueQuery,
  summarizeRiskFlags,
  toQueuePage,
  WITHDRAWAL_OPEN_STATUSES,
} from './cashier-logic.ts';

describe('the queue query and page', () => {
  it('always asks for a page, without the unpaged limit', () => {
    const filters = parseFilters(adminWithdrawalsEndpoint.query, new URLSearchParams('claim=mine'));
    expect(filters.limit).toBe(100);
    const query = queueQuery(filters);
    expect(query).toMatchObject({ status: 'pending', claim: 'mine', page: 1, pageSize: 50 });
    expect(query).not.toHaveProperty('limit');
    expect(queueQuery({ ...filters, page: 3, pageSize: 20 })).toMatchObject({
      page: 3,
      pageSize: 20,
    });
  });

  it('reads an unpaged answer as one page and keeps a page as it is', () => {
    expect(toQueuePage([1, 2])).toEqual({ items: [1, 2], total: 2, page: 1, pageSize: 2 });
    const page = { items: [1], total: 40, page: 2, pageSize: 20 };
    expect(toQueuePage(page)).toBe(page);
  });
});

describe('the filter form and the URL', () => {
  it('maps every form field to the URL and back', () => {
    const from = dayjs('2025-03-01T10:00:00');
    const to = dayjs('2025-03-05T10:00:00');
    const patch = formToFilters({
      status: 'submitted',
      brand: 'jinsheng',
      channelType: 'bank',
      claim: 'unclaimed',
      username: '  alice ',
      amountMin: ' 100 ',
      amountMax: '2000.50',
      period: [from, to],
    });
    expect(patch).toMatchObject({
      status: 'submitted',
      brand: 'jinsheng',
      channelType: 'bank',
      claim: 'unclaimed',
      username: 'alice',
      amountMin: '100',
      amountMax: '2000.50',
    });
    // Whole days: from the first day's start to the last day's end.
    expect(dayjs(patch.from).format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-01 00:00:00');
    expect(dayjs(patch.to).format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-05 23:59:59');

    // Through the URL with the endpoint's own schema, and back into the form.
    const search = serializeFilters(adminDepositsEndpoint.query, patch);
    const parsed = parseFilters(adminDepositsEndpoint.query, search);
    expect(parsed).toMatchObject({ ...patch, limit: 100 });
    const form = filtersToForm(parsed);
    expect(form.username).toBe('alice');
    expect(form.period?.[0]?.isSame(dayjs(patch.from))).toBe(true);
    expect(form.period?.[1]?.isSame(dayjs(patch.to))).toBe(true);
  });

  it('leaves out what is empty, and drops invalid values from a pasted URL', () => {
    const patch = formToFilters({ username: '   ', amountMin: '', period: null });
    expect(patch.username).toBeUndefined();
    expect(patch.amountMin).toBeUndefined();
    expect(patch.from).toBeUndefined();
    expect(filtersToForm({}).period).toBeNull();
    const parsed = parseFilters(
      adminWithdrawalsEndpoint.query,
      new URLSearchParams('status=lost&claim=everyone&amountMin=1e9&sort=amount&order=asc'),
    );
    expect(parsed).toMatchObject({ status: 'pending', sort: 'amount', order: 'asc' });
    expect(parsed.claim).toBeUndefined();
    expect(parsed.amountMin).toBeUndefined();
  });
});

describe('claims', () => {
  const free = { claimedBy: null, claimStale: false, status: 'pending' };
  const mine = { claimedBy: 'me', claimStale: false, status: 'pending' };
  const other = { claimedBy: 'ann', claimStale: false, status: 'pending' };
  const stale = { claimedBy: 'ann', claimStale: true, status: 'pending' };

  it('tells whose an order is', () => {
    expect(claimStateOf(free, 'me')).toBe('free');
    expect(claimStateOf(mine, 'me')).toBe('mine');
    expect(claimStateOf(other, 'me')).toBe('other');
    expect(claimStateOf(stale, 'me')).toBe('stale');
  });

  it('blocks a decision only on another operator’s live claim, or a decided order', () => {
    expect(decisionBlock(free, 'me', WITHDRAWAL_OPEN_STATUSES)).toBeNull();
    expect(decisionBlock(mine, 'me', WITHDRAWAL_OPEN_STATUSES)).toBeNull();
    expect(decisionBlock(stale, 'me', WITHDRAWAL_OPEN_STATUSES)).toBeNull();
    expect(decisionBlock(other, 'me', WITHDRAWAL_OPEN_STATUSES)).toBe('claimedByOther');
    expect(decisionBlock({ ...mine, status: 'approved' }, 'me', WITHDRAWAL_OPEN_STATUSES)).toBe(
      'closed',
    );
    expect(decisionBlock({ ...free, status: 'submitted' }, 'me', DEPOSIT_OPEN_STATUSES)).toBeNull();
    expect(decisionBlock({ ...free, status: 'expired' }, 'me', DEPOSIT_OPEN_STATUSES)).toBe(
      'closed',
    );
  });

  it('offers claim, take over and release as the server allows them', () => {
    expect(claimActions(free, 'me', false)).toEqual({
      claim: true,
      takeover: false,
      release: false,
    });
    expect(claimActions(mine, 'me', false)).toEqual({
      claim: false,
      takeover: false,
      release: true,
    });
    expect(claimActions(other, 'me', false)).toEqual({
      claim: false,
      takeover: false,
      release: false,
    });
    expect(claimActions(other, 'me', true)).toEqual({
      claim: false,
      takeover: true,
      release: true,
    });
    expect(claimActions(stale, 'me', false)).toEqual({
      claim: true,
      takeover: false,
      release: false,
    });
  });

  it('says how long ago a claim was made', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(elapsedSince(null, now)).toBeNull();
    expect(elapsedSince('junk', now)).toBeNull();
    expect(elapsedSince('2025-03-01T11:59:30Z', now)).toEqual({ unit: 'justNow', n: 0 });
    expect(elapsedSince('2025-03-01T11:48:00Z', now)).toEqual({ unit: 'minutes', n: 12 });
    expect(elapsedSince('2025-03-01T07:00:00Z', now)).toEqual({ unit: 'hours', n: 5 });
    expect(elapsedSince('2025-02-25T12:00:00Z', now)).toEqual({ unit: 'days', n: 4 });
  });
});

describe('risk flags in a row', () => {
  it('puts the heaviest first and counts what does not fit', () => {
    const summary = summarizeRiskFlags(
      ['first_withdrawal', 'ip_changed', 'large_win', 'linked_accounts', 'device_changed'],
      3,
    );
    expect(summary.level).toBe('high');
    expect(summary.shown).toEqual(['large_win', 'linked_accounts']);
    expect(summary.hidden).toEqual(['ip_changed', 'device_changed', 'first_withdrawal']);
  });

  it('shows everything when it fits, and keeps unknown flags at the end', () => {
    expect(summarizeRiskFlags([], 3)).toEqual({ shown: [], hidden: [], level: null });
    expect(summarizeRiskFlags(['first_withdrawal'], 3)).toEqual({
      shown: ['first_withdrawal'],
      hidden: [],
      level: 'info',
    });
    const withUnknown = summarizeRiskFlags(['new_flag', 'ip_changed', 'ip_changed'], 3);
    expect(withUnknown.shown).toEqual(['ip_changed', 'new_flag']);
    expect(withUnknown.level).toBe('medium');
  });
});

describe('the risk panel', () => {
  const risk: WithdrawalRisk = {
    flags: ['low_wagering', 'ip_changed', 'linked_accounts'],
    firstWithdrawal: false,
    payoutAccount: { addedAt: '2025-01-01T00:00:00Z', recentlyAdded: false },
    wagering: {
      since: '2025-02-01T00:00:00Z',
      deposits: '1000.00',
      validBets: '250.00',
      ratio: '0.25',
      low: true,
    },
    largeWins: { threshold: '10000.00', count: 0, largest: null },
    linkedAccounts: { total: 2, byDevice: 1, byIp: 1, byPayoutAccount: 0 },
    access: {
      depositAt: '2025-02-20T00:00:00Z',
      atDeposit: { sessionAt: '2025-02-19T00:00:00Z', ip: '10.0.0.1', deviceNo: 'dev-a' },
      atRequest: { sessionAt: '2025-02-25T00:00:00Z', ip: '10.0.0.2', deviceNo: null },
      ipChanged: true,
      deviceChanged: null,
    },
  };

  it('explains every signal with its figures, raised or not', () => {
    const lines = explainRisk(risk, 'CNY');
    expect(lines.map((line) => line.flag)).toEqual([
      'first_withdrawal',
      'new_payout_account',
      'low_wagering',
      'large_win',
      'linked_accounts',
      'ip_changed',
      'device_changed',
    ]);
    const by = Object.fromEntries(lines.map((line) => [line.flag, line]));
    expect(by.first_withdrawal).toMatchObject({ state: 'clear', text: 'clear' });
    expect(by.low_wagering).toMatchObject({
      state: 'raised',
      text: 'since',
      values: { deposits: '1,000.00 CNY', validBets: '250.00 CNY', ratio: '0.25' },
    });
    expect(by.large_win).toMatchObject({ state: 'clear', values: { threshold: '10,000.00 CNY' } });
    expect(by.linked_accounts).toMatchObject({
      state: 'raised',
      values: { total: 2, byDevice: 1, byIp: 1, byPayoutAccount: 0 },
    });
    expect(by.ip_changed).toMatchObject({
      state: 'raised',
      text: 'raised',
      values: { depositIp: '10.0.0.1', requestIp: '10.0.0.2' },
    });
    // The device at the request is unknown: neither raised nor clear.
    expect(by.device_changed).toMatchObject({
      state: 'unknown',
      text: 'unknown',
      values: { requestDevice: '-' },
    });
  });

  it('reads the member’s first withdrawal, a new account and no deposit before', () => {
    const lines = explainRisk(
      {
        ...risk,
        flags: ['first_withdrawal', 'new_payout_account'],
        firstWithdrawal: true,
        payoutAccount: { addedAt: '2025-02-24T00:00:00Z', recentlyAdded: true },
        wagering: { since: null, deposits: '0.00', validBets: '0.00', ratio: null, low: false },
        largeWins: { threshold: '10000.00', count: 2, largest: '25000.00' },
        access: {
          depositAt: null,
          atDeposit: null,
          atRequest: null,
          ipChanged: null,
          deviceChanged: null,
        },
      },
      'CNY',
    );
    const by = Object.fromEntries(lines.map((line) => [line.flag, line]));
    expect(by.first_withdrawal?.state).toBe('raised');
    expect(by.new_payout_account?.state).toBe('raised');
    expect(by.low_wagering).toMatchObject({ state: 'clear', text: 'noDeposits' });
    expect(by.large_win).toMatchObject({
      state: 'raised',
      values: { n: 2, largest: '25,000.00 CNY' },
    });
    expect(by.ip_changed).toMatchObject({ state: 'unknown', text: 'noDeposit' });
  });
});
