import type { Dayjs } from 'dayjs';
import {
  WITHDRAWAL_RISK_FLAGS,
  type WithdrawalRisk,
  type WithdrawalRiskFlag,
} from '@lobby/contracts';
import { dayRangeToApi, formatDateTime, fromApiDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';

/**
 * What the cashier screens work out without React: the queue's page and query, the filter form
 * and the URL, who may decide an order, and how risk signals are summed up and explained.
 */

export const DEFAULT_PAGE_SIZE = 50;

export type QueuePage<Row> = { items: Row[]; total: number; page: number; pageSize: number };

/**
 * The queue query sent to the server: always paged (the queues answer a page only when asked
 * for one), and without `limit`, which only the unpaged form reads.
 */
export function queueQuery<F extends { page?: number; pageSize?: number; limit?: number }>(
  filters: F,
): Omit<F, 'limit'> & { page: number; pageSize: number } {
  const { limit: _limit, ...rest } = filters;
  return { ...rest, page: filters.page ?? 1, pageSize: filters.pageSize ?? DEFAULT_PAGE_SIZE };
}

/** A queue's answer as a page: an array (the unpaged form) is one page of everything. */
export function toQueuePage<Row>(answer: Row[] | QueuePage<Row>): QueuePage<Row> {
  if (!Array.isArray(answer)) return answer;
  return { items: answer, total: answer.length, page: 1, pageSize: answer.length };
}

type Range = [Dayjs | null, Dayjs | null] | null;

/** The filter form of both queues; `status` and `channelType` are each queue's own values. */
export type QueueFormValues = {
  status?: string;
  brand?: string;
  channelType?: string;
  claim?: string;
  username?: string;
  amountMin?: string;
  amountMax?: string;
  period?: Range;
};

/** The queue filters the form edits (the URL's names). */
export type QueueFilterFields = {
  status?: string | undefined;
  brand?: string | undefined;
  channelType?: string | undefined;
  claim?: string | undefined;
  username?: string | undefined;
  amountMin?: string | undefined;
  amountMax?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const blank = (text: string | undefined) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
};

/** The form's values as a change of the URL filters (days picked: from the first's start). */
export function formToFilters(values: QueueFormValues): QueueFilterFields {
  const period = dayRangeToApi(values.period);
  return {
    status: values.status,
    brand: values.brand,
    channelType: values.channelType,
    claim: values.claim,
    username: blank(values.username),
    amountMin: blank(values.amountMin),
    amountMax: blank(values.amountMax),
    from: period.from,
    to: period.to,
  };
}

/** The URL filters as the form's initial values. */
export function filtersToForm(filters: QueueFilterFields): QueueFormValues {
  return {
    status: filters.status,
    brand: filters.brand,
    channelType: filters.channelType,
    claim: filters.claim,
    username: filters.username,
    amountMin: filters.amountMin,
    amountMax: filters.amountMax,
    period:
      filters.from || filters.to
        ? [fromApiDateTime(filters.from), fromApiDateTime(filters.to)]
        : null,
  };
}

/** Every filter the form knows, cleared (Reset); paging and sorting go too. */
export function clearedFilters(filters: Record<string, unknown>): Record<string, undefined> {
  return Object.fromEntries(Object.keys(filters).map((key) => [key, undefined]));
}

/** An amount filter as typed: digits with at most six decimals (the API's rule). */
export const AMOUNT_FILTER_PATTERN = /^\s*\d{1,15}(\.\d{1,6})?\s*$/;

// ---------------------------------------------------------------------------------------------
// Claims.

type ClaimFields = { claimedBy: string | null; claimStale: boolean };

/**
 * Who holds an order, seen by `me`: nobody, me, another operator, or another operator whose
 * claim went stale (anyone may claim it then).
 */
export type ClaimState = 'free' | 'mine' | 'other' | 'stale';

export function claimStateOf(row: ClaimFields, me: string): ClaimState {
  if (row.claimedBy === null) return 'free';
  if (row.claimedBy === me) return 'mine';
  return row.claimStale ? 'stale' : 'other';
}

/**
 * Why `me` may not decide an order now, or null when they may: it is decided already, or
 * another operator's live claim holds it (a decision on a free or stale order claims it).
 */
export function decisionBlock(
  row: ClaimFields & { status: string },
  me: string,
  openStatuses: readonly string[],
): 'closed' | 'claimedByOther' | null {
  if (!openStatuses.includes(row.status)) return 'closed';
  return claimStateOf(row, me) === 'other' ? 'claimedByOther' : null;
}

/** The actions a claim offers `me`: claim a free order, take over a live one, give mine back. */
export function claimActions(
  row: ClaimFields,
  me: string,
  canTakeOver: boolean,
): { claim: boolean; takeover: boolean; release: boolean } {
  const state = claimStateOf(row, me);
  return {
    claim: state === 'free' || state === 'stale',
    takeover: state === 'other' && canTakeOver,
    release: state === 'mine' || (state !== 'free' && canTakeOver),
  };
}

export const DEPOSIT_OPEN_STATUSES = ['pending', 'submitted'] as const;
export const WITHDRAWAL_OPEN_STATUSES = ['pending'] as const;

/** How long ago an instant was, in the largest whole unit: for "claimed 12 min ago". */
export function elapsedSince(
  iso: string | null,
  now: number = Date.now(),
): { unit: 'justNow' | 'minutes' | 'hours' | 'days'; n: number } | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return { unit: 'justNow', n: 0 };
  if (minutes < 60) return { unit: 'minutes', n: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', n: hours };
  return { unit: 'days', n: Math.floor(hours / 24) };
}

// ---------------------------------------------------------------------------------------------
// Risk signals.

export type RiskLevel = 'high' | 'medium' | 'info';

/** How much a signal weighs: money that may not be the member's, then changes, then firsts. */
export const RISK_LEVELS: Record<WithdrawalRiskFlag, RiskLevel> = {
  linked_accounts: 'high',
  large_win: 'high',
  low_wagering: 'high',
  new_payout_account: 'medium',
  ip_changed: 'medium',
  device_changed: 'medium',
  first_withdrawal: 'info',
};

const LEVEL_RANK: Record<RiskLevel, number> = { high: 0, medium: 1, info: 2 };

export const RISK_COLOURS: Record<RiskLevel, string> = {
  high: 'red',
  medium: 'orange',
  info: 'blue',
};

/**
 * A row's risk flags in a compact cell: the heaviest first (then the contract's order), at most
 * `max` shown and the rest counted, and the heaviest level for the row. Unknown flags are kept
 * (at the end) rather than dropped.
 */
export function summarizeRiskFlags(
  flags: readonly string[],
  max = 3,
): { shown: string[]; hidden: string[]; level: RiskLevel | null } {
  const known = WITHDRAWAL_RISK_FLAGS as readonly string[];
  const unique = [...new Set(flags)];
  const sorted = unique.sort((a, b) => {
    const rank = (flag: string) =>
      known.includes(flag) ? LEVEL_RANK[RISK_LEVELS[flag as WithdrawalRiskFlag]] : 3;
    return rank(a) - rank(b) || indexOr(known, a) - indexOr(known, b);
  });
  const levels = sorted
    .filter((flag) => known.includes(flag))
    .map((flag) => RISK_LEVELS[flag as WithdrawalRiskFlag]);
  const level = levels.length === 0 ? null : (levels[0] ?? null);
  // Showing "+1" takes the place of the one it counts: show it instead.
  const cut = sorted.length <= max ? sorted.length : Math.max(1, max - 1);
  return { shown: sorted.slice(0, cut), hidden: sorted.slice(cut), level };
}

function indexOr(list: readonly string[], value: string): number {
  const index = list.indexOf(value);
  return index === -1 ? list.length : index;
}

/** One line of the risk panel: the signal, whether it is raised, and its explanation's text. */
export type RiskExplanation = {
  flag: WithdrawalRiskFlag;
  /** Raised, clear, or unknown (the server could not tell, e.g. no session on record). */
  state: 'raised' | 'clear' | 'unknown';
  /** The key of the explanation under `cashier:riskExplain.<flag>.` and its values. */
  text: string;
  values: Record<string, string | number>;
};

const dash = (text: string | null | undefined) => (text ? text : '-');

/**
 * The risk panel's lines, in the contract's order, from the figures of the detail: each says
 * what was measured, so the reviewer sees why a signal is (or is not) raised.
 */
export function explainRisk(risk: WithdrawalRisk, currency: string): RiskExplanation[] {
  const raised = (flag: WithdrawalRiskFlag) => risk.flags.includes(flag);
  const money = (amount: string) => formatMoney(amount, currency);
  const { wagering, largeWins, linkedAccounts, access, payoutAccount } = risk;
  const lines: RiskExplanation[] = [
    {
      flag: 'first_withdrawal',
      state: raised('first_withdrawal') || risk.firstWithdrawal ? 'raised' : 'clear',
      text: raised('first_withdrawal') || risk.firstWithdrawal ? 'raised' : 'clear',
      values: {},
    },
    {
      flag: 'new_payout_account',
      state: raised('new_payout_account') || payoutAccount.recentlyAdded ? 'raised' : 'clear',
      text: raised('new_payout_account') || payoutAccount.recentlyAdded ? 'raised' : 'clear',
      values: { addedAt: formatDateTime(payoutAccount.addedAt) },
    },
    {
      flag: 'low_wagering',
      state: raised('low_wagering') || wagering.low ? 'raised' : 'clear',
      text: wagering.ratio === null ? 'noDeposits' : wagering.since ? 'since' : 'sinceJoining',
      values: {
        since: formatDateTime(wagering.since),
        deposits: money(wagering.deposits),
        validBets: money(wagering.validBets),
        ratio: wagering.ratio ?? '-',
      },
    },
    {
      flag: 'large_win',
      state: raised('large_win') || largeWins.count > 0 ? 'raised' : 'clear',
      text: largeWins.count > 0 ? 'raised' : 'clear',
      values: {
        n: largeWins.count,
        threshold: money(largeWins.threshold),
        largest: largeWins.largest === null ? '-' : money(largeWins.largest),
      },
    },
    {
      flag: 'linked_accounts',
      state: raised('linked_accounts') || linkedAccounts.total > 0 ? 'raised' : 'clear',
      text: linkedAccounts.total > 0 ? 'raised' : 'clear',
      values: {
        total: linkedAccounts.total,
        byDevice: linkedAccounts.byDevice,
        byIp: linkedAccounts.byIp,
        byPayoutAccount: linkedAccounts.byPayoutAccount,
      },
    },
  ];
  const accessValues = {
    depositAt: formatDateTime(access.depositAt),
    depositIp: dash(access.atDeposit?.ip),
    depositDevice: dash(access.atDeposit?.deviceNo),
    requestIp: dash(access.atRequest?.ip),
    requestDevice: dash(access.atRequest?.deviceNo),
  };
  for (const [flag, changed] of [
    ['ip_changed', access.ipChanged],
    ['device_changed', access.deviceChanged],
  ] as const) {
    const state =
      raised(flag) || changed === true ? 'raised' : changed === null ? 'unknown' : 'clear';
    lines.push({
      flag,
      state,
      text: access.depositAt === null ? 'noDeposit' : state === 'unknown' ? 'unknown' : state,
      values: accessValues,
    });
  }
  return lines;
}
