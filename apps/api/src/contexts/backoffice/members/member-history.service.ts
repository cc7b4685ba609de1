import type { z } from 'zod';
import type {
  AdminMemberBet,
  AdminMemberDeposit,
  AdminMemberLedgerItem,
  AdminMemberReward,
  AdminMemberTransfer,
  AdminMemberWithdrawal,
  Language,
  adminMemberBetsEndpoint,
  adminMemberDepositsEndpoint,
  adminMemberLedgerEndpoint,
  adminMemberNetDepositsEndpoint,
  adminMemberRewardsEndpoint,
  adminMemberTransfersEndpoint,
  adminMemberWithdrawalsEndpoint,
} from '@lobby/contracts';
import { OPERATOR_HISTORY_MONTHS } from '@lobby/contracts';
import { toDecimalString } from '@lobby/money';
import { addDays, addMonthsToDay } from '@lobby/time';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { memberBrandOf } from '../../identity/member/index.ts';
import { decidedByNames } from '../../identity/operator/index.ts';
import { LEDGER_REASONS } from '../../money/ledger/index.ts';
import { memberDepositFlows } from '../../money/records/index.ts';
import { listMemberBetRecords } from '../../games/bet-records/index.ts';
import { querySummaries } from '../../games/transfer/index.ts';
import { brandCurrency, type BrandRegistry } from '../../platform/brand/index.ts';
import { MEMBER_HISTORY_ERRORS } from './member-history.errors.ts';
import {
  memberDeposits,
  memberPostings,
  memberRewards,
  memberTransfers,
  memberWithdrawals,
  type DepositFilter,
  type LedgerFilter,
  type MemberKey,
  type RewardFilter,
  type TimeRange,
  type TransferFilter,
  type WithdrawalFilter,
} from './member-history.repository.ts';
import {
  ACCOUNT_KINDS,
  betView,
  depositView,
  ledgerItemView,
  rewardView,
  transferView,
  withBalances,
  withdrawalView,
  type HistoryMember,
} from './member-history-views.ts';

export type { HistoryMember } from './member-history-views.ts';

type Query<E extends { query: z.ZodType }> = z.infer<E['query']>;
type PageOf<T> = { items: T[]; total: number; page: number; pageSize: number };

/**
 * The history tabs of the member 360 view: what the member's money, games and rewards did,
 * read from the modules that own them, each list one member's and paged on the server.
 */
export class MemberHistoryService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;

  /** The clock of the history's 12-month bound (tests of fixed-date histories pin it). */
  readonly now: () => Date;

  constructor(options: { db: Database; brands: BrandRegistry; now?: () => Date }) {
    this.#db = options.db;
    this.#brands = options.brands;
    this.now = options.now ?? (() => new Date());
  }

  /** The member's brand, or null when there is none: the operator guard's brand rule. */
  readonly brandOf = (id: string): Promise<string | null> => memberBrandOf(this.#db, BigInt(id));

  /** The member the path names, or member_not_found. */
  async member(id: string): Promise<HistoryMember> {
    const memberId = BigInt(id);
    const code = await memberBrandOf(this.#db, memberId);
    const brand = code === null ? undefined : this.#brands.get(code);
    if (!brand) throw appError(MEMBER_HISTORY_ERRORS, 'member_not_found');
    return { memberId, brand, currency: brandCurrency(brand) };
  }

  async ledger(
    id: string,
    query: Query<typeof adminMemberLedgerEndpoint>,
    language: Language,
  ): Promise<{ items: AdminMemberLedgerItem[]; nextBefore: string | null }> {
    const filter = ledgerFilterOf(query, this.now());
    const member = await this.member(id);
    const rows = await memberPostings(
      this.#db,
      {
        ...memberKey(member),
        ...filter,
        beforeId: query.before === undefined ? undefined : BigInt(query.before),
      },
      // One more than the page: whether there is a next one.
      query.limit + 1,
    );
    const items = withBalances(rows).map(({ row, balanceAfterMinor }) =>
      ledgerItemView(row, balanceAfterMinor, member, language),
    );
    const more = items.length > query.limit;
    const page = items.slice(0, query.limit);
    return { items: page, nextBefore: more ? (page.at(-1)?.id ?? null) : null };
  }

  async deposits(
    id: string,
    query: Query<typeof adminMemberDepositsEndpoint>,
  ): Promise<PageOf<AdminMemberDeposit> & { confirmedTotal: string; currency: string }> {
    const filter = depositFilterOf(query, this.now());
    const member = await this.member(id);
    const { rows, total, confirmedMinor } = await memberDeposits(
      this.#db,
      { ...memberKey(member), ...filter },
      pageOf(query),
    );
    const reviewers = await reviewersOf(this.#db, rows);
    return {
      ...pageResult(
        query,
        rows.map((row) => depositView(row, member, reviewers)),
        total,
      ),
      confirmedTotal: toDecimalString(confirmedMinor, member.currency),
      currency: member.currency,
    };
  }

  async withdrawals(
    id: string,
    query: Query<typeof adminMemberWithdrawalsEndpoint>,
    language: Language,
  ): Promise<PageOf<AdminMemberWithdrawal> & { paidTotal: string; currency: string }> {
    const filter = withdrawalFilterOf(query, this.now());
    const member = await this.member(id);
    const { rows, total, paidMinor } = await memberWithdrawals(
      this.#db,
      { ...memberKey(member), ...filter },
      pageOf(query),
    );
    const reviewers = await reviewersOf(this.#db, rows);
    return {
      ...pageResult(
        query,
        rows.map((row) => withdrawalView(row, member, language, reviewers)),
        total,
      ),
      paidTotal: toDecimalString(paidMinor, member.currency),
      currency: member.currency,
    };
  }

  async transfers(
    id: string,
    query: Query<typeof adminMemberTransfersEndpoint>,
    language: Language,
  ): Promise<PageOf<AdminMemberTransfer>> {
    const filter = transferFilterOf(query, this.now());
    const member = await this.member(id);
    const { rows, total } = await memberTransfers(
      this.#db,
      { ...memberKey(member), ...filter },
      pageOf(query),
    );
    const summaries = await querySummaries(
      this.#db,
      rows.map((row) => row.id),
    );
    return pageResult(
      query,
      rows.map((row) => transferView(row, summaries.get(row.id), member, language)),
      total,
    );
  }

  async bets(
    id: string,
    query: Query<typeof adminMemberBetsEndpoint>,
    language: Language,
  ): Promise<
    PageOf<AdminMemberBet> & {
      totals: { bet: string; validBet: string; payout: string; winLoss: string };
      currency: string;
    }
  > {
    const filter = betFilterOf(query, this.now());
    const member = await this.member(id);
    const currency = member.currency;
    const { rows, total, sums } = await listMemberBetRecords(
      this.#db,
      { ...memberKey(member), currency, ...filter },
      pageOf(query),
    );
    const money = (minor: bigint) => toDecimalString(minor, currency);
    return {
      ...pageResult(
        query,
        rows.map((row) => betView(row, currency, language)),
        total,
      ),
      totals: {
        bet: money(sums.betMinor),
        validBet: money(sums.validBetMinor),
        payout: money(sums.payoutMinor),
        winLoss: money(sums.payoutMinor - sums.betMinor),
      },
      currency,
    };
  }

  /** Deposits less paid withdrawals over the range, from the ledger. */
  async netDeposits(
    id: string,
    query: Query<typeof adminMemberNetDepositsEndpoint>,
  ): Promise<{
    from: string;
    to: string | null;
    deposits: string;
    withdrawals: string;
    netDeposits: string;
    currency: string;
  }> {
    const range = timeRange(query, this.now());
    const member = await this.member(id);
    const flows = await memberDepositFlows(this.#db, {
      ...memberKey(member),
      currency: member.currency,
      ...(range.from ? { from: range.from } : {}),
      ...(range.to ? { to: range.to } : {}),
    });
    const money = (minor: bigint) => toDecimalString(minor, member.currency);
    return {
      from: (range.from ?? historyEarliest(this.now())).toISOString(),
      to: range.to?.toISOString() ?? null,
      deposits: money(flows.depositsMinor),
      withdrawals: money(flows.withdrawalsMinor),
      netDeposits: money(flows.depositsMinor - flows.withdrawalsMinor),
      currency: member.currency,
    };
  }

  async rewards(
    id: string,
    query: Query<typeof adminMemberRewardsEndpoint>,
    language: Language,
  ): Promise<PageOf<AdminMemberReward>> {
    const filter = rewardFilterOf(query, this.now());
    const member = await this.member(id);
    const { rows, total } = await memberRewards(
      this.#db,
      { ...memberKey(member), ...filter },
      pageOf(query),
    );
    return pageResult(
      query,
      rows.map((row) => rewardView(row, member, language)),
      total,
    );
  }
}

/** The member's key in the history reads. */
export function memberKey(member: HistoryMember): MemberKey {
  return { brandCode: member.brand.config.code, memberId: member.memberId };
}

// The tabs' filters (their exports' too): a bad one is a validation error, before any read.
type Filters<E extends { query: z.ZodType }> = Omit<
  Query<E>,
  'page' | 'pageSize' | 'before' | 'limit'
>;

export function ledgerFilterOf(
  query: Filters<typeof adminMemberLedgerEndpoint>,
  now: Date = new Date(),
): Omit<LedgerFilter, keyof MemberKey | 'beforeId'> {
  if (query.reason !== undefined && !Object.hasOwn(LEDGER_REASONS, query.reason)) {
    throw commonError('validation', [{ path: 'reason', code: 'unknown_reason' }]);
  }
  return {
    ...timeRange(query, now),
    kind: query.account === undefined ? undefined : ACCOUNT_KINDS[query.account],
    platformRef: query.platform === undefined ? undefined : String(query.platform),
    reason: query.reason,
  };
}

export function depositFilterOf(
  query: Filters<typeof adminMemberDepositsEndpoint>,
  now: Date = new Date(),
): Omit<DepositFilter, keyof MemberKey> {
  return { ...timeRange(query, now), status: query.status, channelType: query.channel };
}

export function withdrawalFilterOf(
  query: Filters<typeof adminMemberWithdrawalsEndpoint>,
  now: Date = new Date(),
): Omit<WithdrawalFilter, keyof MemberKey> {
  return { ...timeRange(query, now), status: query.status };
}

export function transferFilterOf(
  query: Filters<typeof adminMemberTransfersEndpoint>,
  now: Date = new Date(),
): Omit<TransferFilter, keyof MemberKey> {
  return {
    ...timeRange(query, now),
    status: query.status,
    direction: query.direction,
    platformId: query.platform,
  };
}

/** The bet records' filter (`from` and `to` bound the settled time), less member and currency. */
export function betFilterOf(
  query: Filters<typeof adminMemberBetsEndpoint>,
  now: Date = new Date(),
): {
  from?: Date;
  to?: Date;
  category?: number;
  platformId?: number;
} {
  const range = timeRange(query, now);
  return {
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
    ...(query.category === undefined ? {} : { category: query.category }),
    ...(query.platform === undefined ? {} : { platformId: query.platform }),
  };
}

export function rewardFilterOf(
  query: Filters<typeof adminMemberRewardsEndpoint>,
  now: Date = new Date(),
): Omit<RewardFilter, keyof MemberKey> {
  return { ...timeRange(query, now), kind: query.kind, status: query.status };
}

/**
 * The earliest instant the back office reads of a member's history: the same day twelve months
 * back, at 00:00 UTC less a day, so the whole day counts in every brand's zone.
 */
export function historyEarliest(now: Date): Date {
  const day = addMonthsToDay(now.toISOString().slice(0, 10), -OPERATOR_HISTORY_MONTHS);
  return new Date(Date.parse(`${addDays(day, -1)}T00:00:00Z`));
}

/**
 * `from` and `to` as instants, within the twelve months the back office reads: no `from` reads
 * from the earliest, one before it is `history_range_too_old`; `to` not after the `from` asked
 * is a validation error of `to`.
 */
export function timeRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date = new Date(),
): TimeRange {
  const earliest = historyEarliest(now);
  const from = query.from === undefined ? earliest : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from.getTime() < earliest.getTime()) {
    throw appError(MEMBER_HISTORY_ERRORS, 'history_range_too_old', {
      params: { months: OPERATOR_HISTORY_MONTHS, earliest: earliest.toISOString().slice(0, 10) },
    });
  }
  // A `to` before the bound with no `from` asked reads nothing, as a range of the past does.
  if (query.from !== undefined && to && to.getTime() <= from.getTime()) {
    throw commonError('validation', [{ path: 'to', code: 'not_after_from' }]);
  }
  return { from, to };
}

function pageOf(query: { page: number; pageSize: number }) {
  return { offset: (query.page - 1) * query.pageSize, limit: query.pageSize };
}

/** A page of a tab as the contract answers it. */
function pageResult<T>(
  query: { page: number; pageSize: number },
  items: T[],
  total: number,
): PageOf<T> {
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** The names of the operators who decided the rows (deposits and withdrawals, tab and export). */
export function reviewersOf(
  db: Database,
  rows: readonly { decidedBy: string | null }[],
): ReturnType<typeof decidedByNames> {
  return decidedByNames(
    db,
    rows.map((row) => row.decidedBy),
  );
}
