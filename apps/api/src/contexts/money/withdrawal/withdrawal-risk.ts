import {
  RISK_LARGE_WIN_AMOUNT,
  RISK_LARGE_WIN_HOURS,
  RISK_NEW_ACCOUNT_HOURS,
  type WithdrawalRisk,
  type WithdrawalRiskFlag,
} from '@lobby/contracts';
import { fromDecimalString, isCurrencyCode, toDecimalString } from '@lobby/money';
import type { Executor } from '../../../db/client.ts';
import { depositsInWindows } from '../deposit/index.ts';
import type { PayoutAccountRow } from '../payout/index.ts';
import {
  earlierWithdrawals,
  linkedAccountCounts,
  sessionsAt,
  type SessionAt,
} from './withdrawal-risk.repository.ts';
import type { WithdrawalOrderRow } from './withdrawal.repository.ts';

const HOUR_MS = 3_600_000;

/** Totals of settled rounds in windows of members' time (games, handed in by app.ts). */
export type BetTotals = (
  windows: {
    key: string;
    brandCode: string;
    memberId: bigint;
    currency: string;
    from: Date | null;
    to: Date;
    largeWinMinor: bigint;
  }[],
) => Promise<
  Map<string, { validBetMinor: bigint; largeWinCount: number; largestWinMinor: bigint | null }>
>;

/** Valid bets / deposits with two decimals, rounded down; null without deposits. */
function ratioOf(validBetMinor: bigint, depositsMinor: bigint): string | null {
  if (depositsMinor <= 0n) return null;
  const hundredths = (validBetMinor * 100n) / depositsMinor;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

function accessOf(session: SessionAt | undefined) {
  return session
    ? { sessionAt: session.sessionAt.toISOString(), ip: session.ip, deviceNo: session.deviceNo }
    : null;
}

/** Whether two known values differ; null when either is unknown. */
function changed(before: string | null | undefined, after: string | null | undefined) {
  if (before === null || before === undefined || after === null || after === undefined) return null;
  return before !== after;
}

/**
 * The risk signals of withdrawals (contracts: withdrawal-cashier.ts for what each means), worked
 * out when they are read, for a whole page of orders in a handful of queries.
 */
export async function withdrawalRisks(
  db: Executor,
  betTotals: BetTotals,
  orders: readonly { order: WithdrawalOrderRow; account: PayoutAccountRow }[],
): Promise<Map<string, WithdrawalRisk>> {
  const risks = new Map<string, WithdrawalRisk>();
  if (orders.length === 0) return risks;
  const earlier = await earlierWithdrawals(
    db,
    orders.map(({ order }) => order.id),
  );
  const since = (order: WithdrawalOrderRow) => earlier.get(order.id)?.lastWithdrawalAt ?? null;
  const deposits = await depositsInWindows(
    db,
    orders.map(({ order }) => ({
      key: order.orderNo,
      brandCode: order.brandCode,
      memberId: order.memberId,
      currency: order.currency,
      from: since(order),
      to: order.createdAt,
    })),
  );
  const largeWinOf = (currency: string) =>
    isCurrencyCode(currency) ? fromDecimalString(RISK_LARGE_WIN_AMOUNT, currency) : 0n;
  const bets = await betTotals(
    orders.flatMap(({ order }) => {
      const common = {
        brandCode: order.brandCode,
        memberId: order.memberId,
        currency: order.currency,
        to: order.createdAt,
        largeWinMinor: largeWinOf(order.currency),
      };
      return [
        { ...common, key: `${order.orderNo}:wagering`, from: since(order) },
        {
          ...common,
          key: `${order.orderNo}:wins`,
          from: new Date(order.createdAt.getTime() - RISK_LARGE_WIN_HOURS * HOUR_MS),
        },
      ];
    }),
  );
  const linked = await linkedAccountCounts(db, [
    ...new Set(orders.map(({ order }) => order.memberId)),
  ]);
  const sessions = await sessionsAt(
    db,
    orders.flatMap(({ order }) => {
      const depositAt = deposits.get(order.orderNo)?.lastDepositAt;
      return [
        { key: `${order.orderNo}:request`, memberId: order.memberId, at: order.createdAt },
        ...(depositAt
          ? [{ key: `${order.orderNo}:deposit`, memberId: order.memberId, at: depositAt }]
          : []),
      ];
    }),
  );

  for (const { order, account } of orders) {
    if (!isCurrencyCode(order.currency)) throw new Error(`order ${order.orderNo}: currency`);
    const currency = order.currency;
    const money = (minor: bigint) => toDecimalString(minor, currency);
    const flags: WithdrawalRiskFlag[] = [];
    const firstWithdrawal = !(earlier.get(order.id)?.paidBefore ?? false);
    if (firstWithdrawal) flags.push('first_withdrawal');
    const recentlyAdded =
      account.createdAt.getTime() > order.createdAt.getTime() - RISK_NEW_ACCOUNT_HOURS * HOUR_MS;
    if (recentlyAdded) flags.push('new_payout_account');
    const depositsMinor = deposits.get(order.orderNo)?.depositsMinor ?? 0n;
    const validBetMinor = bets.get(`${order.orderNo}:wagering`)?.validBetMinor ?? 0n;
    const low = depositsMinor > 0n && validBetMinor < depositsMinor;
    if (low) flags.push('low_wagering');
    const wins = bets.get(`${order.orderNo}:wins`);
    if ((wins?.largeWinCount ?? 0) > 0) flags.push('large_win');
    const links = linked.get(order.memberId) ?? {
      total: 0,
      byDevice: 0,
      byIp: 0,
      byPayoutAccount: 0,
    };
    if (links.total > 0) flags.push('linked_accounts');
    const atDeposit = sessions.get(`${order.orderNo}:deposit`);
    const atRequest = sessions.get(`${order.orderNo}:request`);
    const ipChanged = atDeposit ? changed(atDeposit.ip, atRequest?.ip) : null;
    const deviceChanged = atDeposit ? changed(atDeposit.deviceNo, atRequest?.deviceNo) : null;
    if (ipChanged) flags.push('ip_changed');
    if (deviceChanged) flags.push('device_changed');
    const lastDepositAt = deposits.get(order.orderNo)?.lastDepositAt ?? null;
    risks.set(order.orderNo, {
      flags,
      firstWithdrawal,
      payoutAccount: { addedAt: account.createdAt.toISOString(), recentlyAdded },
      wagering: {
        since: since(order)?.toISOString() ?? null,
        deposits: money(depositsMinor),
        validBets: money(validBetMinor),
        ratio: ratioOf(validBetMinor, depositsMinor),
        low,
      },
      largeWins: {
        threshold: money(largeWinOf(currency)),
        count: wins?.largeWinCount ?? 0,
        largest:
          wins?.largestWinMinor === null || wins?.largestWinMinor === undefined
            ? null
            : money(wins.largestWinMinor),
      },
      linkedAccounts: links,
      access: {
        depositAt: lastDepositAt?.toISOString() ?? null,
        atDeposit: accessOf(atDeposit),
        atRequest: accessOf(atRequest),
        ipChanged,
        deviceChanged,
      },
    });
  }
  return risks;
}
