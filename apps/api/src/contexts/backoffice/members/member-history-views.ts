import type {
  AdminMemberBet,
  AdminMemberDeposit,
  AdminMemberLedgerItem,
  AdminMemberReward,
  AdminMemberTransfer,
  AdminMemberWithdrawal,
  AdminTransferQuery,
  Language,
} from '@lobby/contracts';
import { catalogGame, catalogPlatform } from '@lobby/game-protocol';
import { isCurrencyCode, toDecimalString, type CurrencyCode } from '@lobby/money';
import { institutionNameOf, toPayoutAccountView } from '../../money/payout/index.ts';
import type { TransferQueryRow } from '../../games/transfer/index.ts';
import type { Brand } from '../../platform/brand/index.ts';
import type { DecidedByNames } from '../../identity/operator/index.ts';
import {
  type DepositRow,
  type LedgerAccountKind,
  type LedgerRow,
  type RewardRow,
  type TransferRow,
  type WithdrawalRow,
} from './member-history.repository.ts';

/**
 * The rows of the member 360 history tabs as operators see them, shared by the tabs (JSON
 * pages) and their CSV exports (batches), so both show the same thing.
 */

/** A member the path names: their id and brand (with its currency). */
export type HistoryMember = { memberId: bigint; brand: Brand; currency: CurrencyCode };

export const ACCOUNT_KINDS: Record<AdminMemberLedgerItem['account'], LedgerAccountKind> = {
  centre: 'member_wallet',
  locked: 'member_locked',
  platform: 'member_platform',
};
const ACCOUNT_OF: Record<LedgerAccountKind, AdminMemberLedgerItem['account']> = {
  member_wallet: 'centre',
  member_locked: 'locked',
  member_platform: 'platform',
};

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A stored currency as @lobby/money knows it, else the brand's (rows hold the brand's). */
function currencyOf(code: string, member: HistoryMember): CurrencyCode {
  return isCurrencyCode(code) ? code : member.currency;
}

/** A text in the operator's language, else the brand's, else any. */
function pickText(
  texts: Partial<Record<string, string>> | null,
  language: Language,
  brandLanguage: string,
): string | null {
  if (!texts) return null;
  const filled = (value: string | undefined) => (value ? value : undefined);
  return (
    filled(texts[language]) ??
    filled(texts[brandLanguage]) ??
    Object.values(texts).find((value) => value) ??
    null
  );
}

function platformName(platformId: number, language: Language): string {
  return catalogPlatform(platformId)?.name[language] ?? String(platformId);
}

function queryView(query: TransferQueryRow): AdminTransferQuery {
  return {
    id: String(query.id),
    askedAt: query.askedAt.toISOString(),
    source: query.source,
    operator: query.source === 'sweep' ? null : query.operatorName,
    answer: query.answer,
    status: query.status,
    detail: query.detail,
    latencyMs: query.latencyMs,
  };
}

/**
 * Each account's balance after the last row read of it, and that row's id: carried from one
 * batch of an export to the next, so each row's balance is read back from its account's once.
 */
export type LedgerCarry = Map<string, { id: string; balanceAfterMinor: bigint }>;

/**
 * Each row's account balance right after it: the account's balance less the postings newer
 * than the row, the rows of an account taken newest first (from `carry` when an earlier batch
 * read the account, which it then updates).
 */
export function withBalances(
  rows: LedgerRow[],
  carry: LedgerCarry = new Map(),
): { row: LedgerRow; balanceAfterMinor: bigint }[] {
  return rows.map((row) => {
    const before =
      carry.get(row.account_id)?.balanceAfterMinor ?? BigInt(row.account_balance_minor);
    const balanceAfterMinor = before - BigInt(row.gap_minor);
    carry.set(row.account_id, { id: row.id, balanceAfterMinor });
    return { row, balanceAfterMinor };
  });
}

export function ledgerItemView(
  row: LedgerRow,
  balanceAfterMinor: bigint,
  member: HistoryMember,
  language: Language,
): AdminMemberLedgerItem {
  const currency = currencyOf(row.currency, member);
  const platformId = row.kind === 'member_platform' ? Number(row.ref) : null;
  return {
    id: row.id,
    entryId: row.entry_id,
    account: ACCOUNT_OF[row.kind],
    platformId,
    platformName: platformId === null ? null : platformName(platformId, language),
    reason: row.reason,
    amount: toDecimalString(BigInt(row.amount_minor), currency),
    balanceAfter: toDecimalString(balanceAfterMinor, currency),
    currency,
    reference: row.reference,
    memo: row.memo,
    actorType: row.actor_type,
    actorId: row.actor_id,
    createdAt: iso(row.created_at),
  };
}

/** A reviewer as shown: an operator by username (`decidedByNames` of the operator module). */
export type Reviewers = DecidedByNames;

export function depositView(
  row: DepositRow,
  member: HistoryMember,
  reviewers: Reviewers,
): AdminMemberDeposit {
  const currency = currencyOf(row.currency, member);
  return {
    orderNo: row.orderNo,
    status: row.status,
    channelCode: row.channelCode,
    channelType: row.channelType as AdminMemberDeposit['channelType'],
    channelName: row.channelName ?? row.channelCode,
    amount: toDecimalString(row.amountMinor, currency),
    currency,
    coinAmount: row.coinAmountMinor === null ? null : toDecimalString(row.coinAmountMinor, 'USDT'),
    rate: row.rate,
    details: row.details,
    reason: row.reason,
    reviewer: reviewers(row.decidedBy),
    ledgerEntryId: row.ledgerEntryId === null ? null : String(row.ledgerEntryId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function withdrawalView(
  row: WithdrawalRow,
  member: HistoryMember,
  language: Language,
  reviewers: Reviewers,
): AdminMemberWithdrawal {
  const currency = currencyOf(row.currency, member);
  // The member's own masked view: members.read is held by roles that pay nothing.
  const masked = toPayoutAccountView(row.account, language);
  return {
    orderNo: row.orderNo,
    status: row.status,
    amount: toDecimalString(row.amountMinor, currency),
    currency,
    account: {
      type: row.account.type,
      institution: row.account.institution,
      institutionName: institutionNameOf(row.account),
      holderName: masked.holderName,
      accountNumber: masked.account,
      deleted: row.account.deletedAt !== null,
    },
    reason: row.reason,
    reviewer: reviewers(row.decidedBy),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function transferView(
  row: TransferRow,
  summary: { last: TransferQueryRow; total: number } | undefined,
  member: HistoryMember,
  language: Language,
): AdminMemberTransfer {
  const inTransit = row.status === 'in_transit';
  return {
    id: String(row.id),
    orderNo: row.orderNo,
    platformId: row.platformId,
    platformName: platformName(row.platformId, language),
    direction: row.direction,
    amount: toDecimalString(row.amountMinor, currencyOf(row.currency, member)),
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    recycleBatch: row.recycleBatch,
    attempts: row.checkAttempts,
    nextCheckAt: inTransit ? (row.nextCheckAt?.toISOString() ?? null) : null,
    lastError: row.lastError,
    queries: summary?.total ?? 0,
    lastQuery: summary ? queryView(summary.last) : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A settled round; amounts in `currency` (the tab reads the brand's currency only). */
export function betView(
  row: {
    roundId: string;
    platformId: number;
    gameCode: string;
    category: number;
    betMinor: bigint;
    validBetMinor: bigint;
    payoutMinor: bigint;
    placedAt: Date;
    settledAt: Date;
  },
  currency: CurrencyCode,
  language: Language,
): AdminMemberBet {
  const money = (minor: bigint) => toDecimalString(minor, currency);
  return {
    roundId: row.roundId,
    platformId: row.platformId,
    platformName: platformName(row.platformId, language),
    gameCode: row.gameCode,
    // A game the catalog no longer lists still shows, under its code.
    gameName: catalogGame(row.platformId, row.gameCode)?.name[language] ?? row.gameCode,
    category: row.category,
    status: 'settled' as const,
    bet: money(row.betMinor),
    validBet: money(row.validBetMinor),
    payout: money(row.payoutMinor),
    winLoss: money(row.payoutMinor - row.betMinor),
    currency,
    placedAt: row.placedAt.toISOString(),
    settledAt: row.settledAt.toISOString(),
  };
}

export function rewardView(
  row: RewardRow,
  member: HistoryMember,
  language: Language,
): AdminMemberReward {
  const currency = currencyOf(row.currency, member);
  const turnoverCost =
    row.turnover_cost_minor === null
      ? null
      : toDecimalString(BigInt(row.turnover_cost_minor), currency);
  return {
    kind: row.kind,
    id: row.id,
    title:
      row.level !== null
        ? `VIP ${row.level}`
        : (pickText(row.title, language, member.brand.config.language) ?? ''),
    promotionId: row.promotion_id,
    amount: toDecimalString(BigInt(row.amount_minor), currency),
    currency,
    status: row.status,
    turnoverCost,
    detail: row.detail,
    reviewer: row.reviewer,
    note: row.note,
    ledgerEntryId: row.ledger_entry_id,
    createdAt: iso(row.created_at),
    decidedAt: isoOrNull(row.decided_at),
  };
}
