/**
 * Pure helpers of the reports: money and counts as the contract shows them, the days of a span,
 * and the CSV columns of each report's export.
 */
import {
  adminReportAgentsExportEndpoint,
  adminReportDailyExportEndpoint,
  adminReportGamesExportEndpoint,
  adminReportPlayersExportEndpoint,
  adminReportPromotionsExportEndpoint,
  adminReportVipExportEndpoint,
  type DashboardTotals,
  type Language,
  type ReportAgentRow,
  type ReportDailyRow,
  type ReportGameRow,
  type ReportPlayerRow,
  type ReportPromotionRow,
  type ReportVipRow,
} from '@lobby/contracts';
import { formatDecimal, isCurrencyCode, scaleOf } from '@lobby/money';
import { addDays } from '@lobby/time';
import { csvColumns, type CsvColumn, type CsvExport } from '../../../lib/csv-export.ts';
import type { PlayerRow, TotalsRow } from './reports.repository.ts';

export function money(minor: string | bigint, currency: string): string {
  const scale = isCurrencyCode(currency) ? scaleOf(currency) : 2;
  return formatDecimal(BigInt(minor), scale);
}

export function int(value: string | number | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

export function localizedText(value: Record<string, string> | string, language: Language): string {
  const text = typeof value === 'string' ? (JSON.parse(value) as Record<string, string>) : value;
  return text[language] ?? Object.values(text)[0] ?? '';
}

export function totalsOf(row: TotalsRow | undefined, currency: string): DashboardTotals {
  const get = (key: keyof TotalsRow) => BigInt(row?.[key] ?? '0');
  const bets = get('bet_minor');
  const payouts = get('payout_minor');
  const bonus = get('bonus_minor');
  const rebate = get('rebate_minor');
  const commission = get('commission_minor');
  const deposits = get('deposit_minor');
  const withdrawals = get('withdrawal_minor');
  const ggr = bets - payouts;
  return {
    registrations: int(row?.registrations),
    ftdCount: int(row?.ftd_count),
    ftdAmount: money(get('ftd_minor'), currency),
    deposits: money(deposits, currency),
    depositCount: int(row?.deposit_count),
    withdrawals: money(withdrawals, currency),
    withdrawalCount: int(row?.withdrawal_count),
    netDeposits: money(deposits - withdrawals, currency),
    bets: money(bets, currency),
    validBets: money(get('valid_bet_minor'), currency),
    payouts: money(payouts, currency),
    ggr: money(ggr, currency),
    bonus: money(bonus, currency),
    rebate: money(rebate, currency),
    commission: money(commission, currency),
    ngr: money(ggr - bonus - rebate - commission, currency),
    activeMembers: int(row?.active_members),
  };
}

/** Totals per currency with the distinct active members summed per currency from `active`. */
export function withActiveMembers(
  sums: readonly TotalsRow[],
  active: readonly { currency: string; active: string }[],
): TotalsRow[] {
  const byCurrency = new Map<string, bigint>();
  for (const row of active) {
    byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0n) + BigInt(row.active));
  }
  return sums.map((row) => ({
    ...row,
    active_members: (byCurrency.get(row.currency) ?? 0n).toString(),
  }));
}

/** The first `limit` of players by net win (winners: highest first), then by member id. */
export function topOf(
  rows: readonly PlayerRow[],
  order: 'winners' | 'losers',
  limit: number,
): PlayerRow[] {
  const net = (row: PlayerRow) => BigInt(row.payout_minor) - BigInt(row.bet_minor);
  const sign = order === 'winners' ? -1 : 1;
  return [...rows]
    .sort((left, right) => {
      const byNet = net(left) === net(right) ? 0 : net(left) < net(right) ? -1 : 1;
      if (byNet !== 0) return sign * byNet;
      return BigInt(left.member_id) < BigInt(right.member_id) ? -1 : 1;
    })
    .slice(0, limit);
}

/** A game row's money as the contract shows it, with its GGR and players. */
export function gameFigures(
  row: { bet_minor: string; valid_bet_minor: string; payout_minor: string; players: string },
  currency: string,
) {
  return {
    bets: money(row.bet_minor, currency),
    validBets: money(row.valid_bet_minor, currency),
    payouts: money(row.payout_minor, currency),
    ggr: money(BigInt(row.bet_minor) - BigInt(row.payout_minor), currency),
    players: int(row.players),
  };
}

/** Days from `from` to `to`, in order. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** An export of rows the report computes whole (bounded: days, games, levels, weeks, top N). */
export function wholeExport<Row>(
  name: string,
  columns: readonly CsvColumn<Row>[],
  rows: () => Promise<readonly Row[]>,
  log: CsvExport<Row>['log'],
): CsvExport<Row> {
  let all: readonly Row[] | undefined;
  let position = 0;
  return {
    name,
    columns,
    log,
    read: async (_after, limit) => {
      all ??= await rows();
      const batch = all.slice(position, position + limit);
      position += batch.length;
      return batch;
    },
  };
}

/** The DashboardTotals cells of a CSV row. */
const totalsCells = {
  registrations: (row: DashboardTotals) => row.registrations,
  ftd_count: (row: DashboardTotals) => row.ftdCount,
  ftd_amount: (row: DashboardTotals) => row.ftdAmount,
  deposits: (row: DashboardTotals) => row.deposits,
  deposit_count: (row: DashboardTotals) => row.depositCount,
  withdrawals: (row: DashboardTotals) => row.withdrawals,
  withdrawal_count: (row: DashboardTotals) => row.withdrawalCount,
  net_deposits: (row: DashboardTotals) => row.netDeposits,
  bets: (row: DashboardTotals) => row.bets,
  valid_bets: (row: DashboardTotals) => row.validBets,
  payouts: (row: DashboardTotals) => row.payouts,
  ggr: (row: DashboardTotals) => row.ggr,
  bonus: (row: DashboardTotals) => row.bonus,
  rebate: (row: DashboardTotals) => row.rebate,
  commission: (row: DashboardTotals) => row.commission,
  ngr: (row: DashboardTotals) => row.ngr,
  active_members: (row: DashboardTotals) => row.activeMembers,
};

export const dailyColumns = csvColumns<
  ReportDailyRow,
  (typeof adminReportDailyExportEndpoint.columns)[number]
>(adminReportDailyExportEndpoint.columns, {
  day: (row) => row.day,
  brand: (row) => row.brand,
  currency: (row) => row.currency,
  ...totalsCells,
});

export const gameColumns = csvColumns<
  ReportGameRow,
  (typeof adminReportGamesExportEndpoint.columns)[number]
>(adminReportGamesExportEndpoint.columns, {
  platform_id: (row) => row.platformId,
  platform_name: (row) => row.platformName,
  game_code: (row) => row.gameCode,
  game_name: (row) => row.gameName,
  category: (row) => row.category,
  currency: (row) => row.currency,
  bets: (row) => row.bets,
  valid_bets: (row) => row.validBets,
  payouts: (row) => row.payouts,
  ggr: (row) => row.ggr,
  rounds: (row) => row.rounds,
  players: (row) => row.players,
});

export const promotionColumns = csvColumns<
  ReportPromotionRow,
  (typeof adminReportPromotionsExportEndpoint.columns)[number]
>(adminReportPromotionsExportEndpoint.columns, {
  promotion_id: (row) => row.promotionId,
  brand: (row) => row.brand,
  title: (row) => row.title,
  kind: (row) => row.kind,
  currency: (row) => row.currency,
  claims: (row) => row.claims,
  members: (row) => row.members,
  cost: (row) => row.cost,
});

export const vipColumns = csvColumns<
  ReportVipRow,
  (typeof adminReportVipExportEndpoint.columns)[number]
>(adminReportVipExportEndpoint.columns, {
  level: (row) => row.level,
  currency: (row) => row.currency,
  members: (row) => row.members,
  reward_count: (row) => row.rewardCount,
  rewards: (row) => row.rewards,
  rebates: (row) => row.rebates,
});

export const agentColumns = csvColumns<
  ReportAgentRow,
  (typeof adminReportAgentsExportEndpoint.columns)[number]
>(adminReportAgentsExportEndpoint.columns, {
  agent_id: (row) => row.agentId,
  username: (row) => row.username,
  brand: (row) => row.brand,
  currency: (row) => row.currency,
  downline_members: (row) => row.downlineMembers,
  new_members: (row) => row.newMembers,
  active_members: (row) => row.activeMembers,
  deposits: (row) => row.deposits,
  valid_bets: (row) => row.validBets,
  ggr: (row) => row.ggr,
  commission: (row) => row.commission,
});

export const playerColumns = csvColumns<
  ReportPlayerRow,
  (typeof adminReportPlayersExportEndpoint.columns)[number]
>(adminReportPlayersExportEndpoint.columns, {
  member_id: (row) => row.memberId,
  username: (row) => row.username,
  brand: (row) => row.brand,
  currency: (row) => row.currency,
  bets: (row) => row.bets,
  valid_bets: (row) => row.validBets,
  payouts: (row) => row.payouts,
  net: (row) => row.net,
  rounds: (row) => row.rounds,
});
