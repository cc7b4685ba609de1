import {
  adminReportCohortsExportEndpoint,
  type AdminReportsDashboard,
  type Language,
  type ReportAgentRow,
  type ReportCohortRow,
  type ReportDailyRow,
  type ReportGameRow,
  type ReportPeriodQuery,
  type ReportPlayerRow,
  type ReportPromotionRow,
  type ReportVipRow,
  type adminReportAgentsEndpoint,
  type adminReportAgentsExportEndpoint,
  type adminReportCohortsEndpoint,
  type adminReportGamesEndpoint,
  type adminReportPlayersEndpoint,
} from '@lobby/contracts';
import { catalogGame, catalogPlatform } from '@lobby/game-protocol';
import { addDays, dayOf, dayStart } from '@lobby/time';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { findJobRun } from '../../../jobs/job-runs.repository.ts';
import { csvColumns, type CsvColumn, type CsvExport } from '../../../lib/csv-export.ts';
import { brandFilter, type OperatorIdentity } from '../../../plugins/operator-auth.ts';
import type { PresenceService } from '../../games/presence/index.ts';
import { exportLog, type ActionRecorder } from '../../identity/operator/index.ts';
import { brandCurrency, type Brand, type BrandRegistry } from '../../platform/brand/index.ts';
import {
  agentColumns,
  dailyColumns,
  daysOf,
  gameFigures,
  gameColumns,
  int,
  localizedText,
  money,
  playerColumns,
  promotionColumns,
  topOf,
  totalsOf,
  vipColumns,
  withActiveMembers,
  wholeExport,
} from './reports-format.ts';
import { resolvePeriod, type ResolvedPeriod } from './reports-period.ts';
import {
  activeMembers,
  agentTotals,
  cohortTotals,
  dailyTotals,
  gameTotals,
  keptPlayerTotals,
  periodTotals,
  playerTotals,
  promotionTotals,
  vipTotals,
  type AgentRow,
  spanFacts,
  type BrandSpan,
  type PlayerRow,
  type TotalsRow,
} from './reports.repository.ts';
import { readReportsCursor, REPORTS_ROLLUP } from './reports-sweep.ts';

type Period = Pick<ReportPeriodQuery, 'period' | 'from' | 'to'>;

/** Who asks, for exports' action-log rows. */
export type ReportRequest = { operator: OperatorIdentity; ip: string; language: Language };

/**
 * The dashboard and the reports (`reports.read`): the operator's brands, or the one asked, each
 * over its own days; read from the rollups the sweep keeps.
 */
export class ReportsService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;
  readonly #presence: PresenceService;
  readonly #operators: ActionRecorder;
  readonly #now: () => Date;

  constructor(options: {
    db: Database;
    brands: BrandRegistry;
    presence: PresenceService;
    operators: ActionRecorder;
    now?: () => Date;
  }) {
    this.#db = options.db;
    this.#brands = options.brands;
    this.#presence = options.presence;
    this.#operators = options.operators;
    this.#now = options.now ?? (() => new Date());
  }

  /** The brands of the request, by code. */
  #scope(operator: OperatorIdentity, requested: string | undefined): Brand[] {
    const codes = brandFilter(operator, requested === '' ? undefined : requested);
    const brands = this.#brands
      .all()
      .filter((brand) => codes === null || codes.includes(brand.config.code));
    return brands.sort((left, right) => left.config.code.localeCompare(right.config.code));
  }

  /** The period in the first brand's days (the answer's from/to) and every brand's span. */
  #spans(
    brands: readonly Brand[],
    query: Period,
    which: 'current' | 'previous' = 'current',
  ): { period: ResolvedPeriod; spans: BrandSpan[] } {
    const now = this.#now();
    const zoneOf = (brand: Brand) => brand.config.settings.timeZone;
    const first = brands[0];
    // Validates the query even when the scope is empty.
    const period = resolvePeriod(query, now, first ? zoneOf(first) : 'Asia/Shanghai');
    const spans = brands.map((brand) => {
      const own = resolvePeriod(query, now, zoneOf(brand));
      const from = which === 'current' ? own.from : own.previousFrom;
      const to = which === 'current' ? own.to : own.previousTo;
      return {
        brandCode: brand.config.code,
        timeZone: zoneOf(brand),
        from,
        to,
        start: dayStart(from, zoneOf(brand)),
        end: dayStart(addDays(to, 1), zoneOf(brand)),
      };
    });
    return { period, spans };
  }

  /**
   * Totals per currency over the spans, with the distinct active members: kept by the sweep for
   * the spans it keeps, computed from the rollups for the others.
   */
  async #periodTotals(spans: readonly BrandSpan[]): Promise<TotalsRow[]> {
    const [sums, kept] = await Promise.all([
      periodTotals(this.#db, spans),
      spanFacts(this.#db, spans),
    ]);
    const keptBrands = new Set(kept.map((row) => row.brand_code));
    const rest = spans.filter((span) => !keptBrands.has(span.brandCode));
    const computed = rest.length === 0 ? [] : await activeMembers(this.#db, rest);
    return withActiveMembers(sums, [
      ...kept.map((row) => ({ currency: row.currency, active: row.active_members })),
      ...computed,
    ]);
  }

  /** When the rollups were last complete (ISO), or null before the first sweep finished. */
  async asOf(): Promise<string | null> {
    const run = await findJobRun(this.#db, REPORTS_ROLLUP);
    return run ? readReportsCursor(run.cursor).asOf : null;
  }

  async dashboard(
    operator: OperatorIdentity,
    query: ReportPeriodQuery,
    language: Language,
  ): Promise<AdminReportsDashboard> {
    const brands = this.#scope(operator, query.brand);
    const { period, spans } = this.#spans(brands, query);
    const { spans: previousSpans } = this.#spans(brands, query, 'previous');
    if (spans.length === 0) {
      return {
        from: period.from,
        to: period.to,
        previousFrom: period.previousFrom,
        previousTo: period.previousTo,
        asOf: await this.asOf(),
        onlineNow: 0,
        currencies: [],
      };
    }
    const [totals, previous, byDay, previousByDay, platforms, categories, asOf, online] =
      await Promise.all([
        this.#periodTotals(spans),
        this.#periodTotals(previousSpans),
        dailyTotals(this.#db, spans, false),
        dailyTotals(this.#db, previousSpans, false),
        gameTotals(this.#db, spans, 'platform'),
        gameTotals(this.#db, spans, 'category'),
        this.asOf(),
        Promise.all(brands.map((brand) => this.#presence.report(brand.config.code, language))),
      ]);
    const currencies = [...new Set(brands.map((brand) => brandCurrency(brand) as string))].sort();
    const { spans: prev } = { spans: previousSpans };
    const firstPrevious = prev[0];
    return {
      from: period.from,
      to: period.to,
      previousFrom: firstPrevious?.from ?? period.previousFrom,
      previousTo: firstPrevious?.to ?? period.previousTo,
      asOf,
      onlineNow: online.reduce((sum, report) => sum + report.online, 0),
      currencies: currencies.map((currency) => {
        const dayRows = (rows: typeof byDay, from: string, to: string) => {
          const byKey = new Map(
            rows.filter((row) => row.currency === currency).map((row) => [row.day, row]),
          );
          return daysOf(from, to).map((day) => ({ day, ...totalsOf(byKey.get(day), currency) }));
        };
        return {
          currency,
          totals: totalsOf(
            totals.find((row) => row.currency === currency),
            currency,
          ),
          previous: totalsOf(
            previous.find((row) => row.currency === currency),
            currency,
          ),
          byDay: dayRows(byDay, period.from, period.to),
          previousByDay: dayRows(previousByDay, period.previousFrom, period.previousTo),
          byPlatform: platforms
            .filter((row) => row.currency === currency)
            .map((row) => ({
              platformId: String(row.platform_id),
              platformName:
                catalogPlatform(row.platform_id)?.name[language] ?? String(row.platform_id),
              ...gameFigures(row, currency),
            })),
          byCategory: categories
            .filter((row) => row.currency === currency)
            .map((row) => ({
              category: String(row.category),
              ...gameFigures(row, currency),
            })),
        };
      }),
    };
  }

  async daily(operator: OperatorIdentity, query: ReportPeriodQuery) {
    const brands = this.#scope(operator, query.brand);
    const { period, spans } = this.#spans(brands, query);
    const rows = spans.length === 0 ? [] : await dailyTotals(this.#db, spans, true);
    const items: ReportDailyRow[] = rows.map((row) => ({
      brand: row.brand_code ?? '',
      day: row.day,
      currency: row.currency,
      ...totalsOf(row, row.currency),
    }));
    return { from: period.from, to: period.to, asOf: await this.asOf(), items };
  }

  async games(
    operator: OperatorIdentity,
    query: z.infer<typeof adminReportGamesEndpoint.query>,
    language: Language,
  ) {
    const brands = this.#scope(operator, query.brand);
    const { period, spans } = this.#spans(brands, query);
    const platformId = query.platformId === undefined ? undefined : Number(query.platformId);
    const category = query.category === undefined ? undefined : Number(query.category);
    const valid = (value: number | undefined) => value === undefined || Number.isSafeInteger(value);
    const rows =
      spans.length === 0 || !valid(platformId) || !valid(category)
        ? []
        : await gameTotals(this.#db, spans, platformId === undefined ? 'platform' : 'game', {
            ...(platformId === undefined ? {} : { platformId }),
            ...(category === undefined ? {} : { category }),
          });
    const items: ReportGameRow[] = rows.map((row) => ({
      platformId: String(row.platform_id),
      platformName: catalogPlatform(row.platform_id)?.name[language] ?? String(row.platform_id),
      gameCode: row.game_code,
      gameName:
        row.game_code === null
          ? null
          : (catalogGame(row.platform_id, row.game_code)?.name[language] ?? null),
      category: row.category === null ? null : String(row.category),
      currency: row.currency,
      ...gameFigures(row, row.currency),
      rounds: int(row.rounds),
    }));
    return { from: period.from, to: period.to, asOf: await this.asOf(), items };
  }

  async promotions(operator: OperatorIdentity, query: ReportPeriodQuery, language: Language) {
    const brands = this.#scope(operator, query.brand);
    const { period, spans } = this.#spans(brands, query);
    const rows = spans.length === 0 ? [] : await promotionTotals(this.#db, spans);
    const items: ReportPromotionRow[] = rows.map((row) => ({
      promotionId: row.promotion_id,
      brand: row.brand_code,
      title: localizedText(row.title, language),
      kind: row.kind,
      currency: row.currency,
      claims: int(row.claims),
      members: int(row.members),
      cost: money(row.cost_minor, row.currency),
    }));
    const kinds = new Map<
      string,
      { kind: string; currency: string; claims: number; members: number; cost: bigint }
    >();
    for (const row of rows) {
      const key = `${row.kind}|${row.currency}`;
      const entry = kinds.get(key) ?? {
        kind: row.kind,
        currency: row.currency,
        claims: 0,
        members: 0,
        cost: 0n,
      };
      entry.claims += int(row.claims);
      entry.members += int(row.members);
      entry.cost += BigInt(row.cost_minor);
      kinds.set(key, entry);
    }
    const byKind = [...kinds.values()]
      .sort(
        (left, right) =>
          left.kind.localeCompare(right.kind) || left.currency.localeCompare(right.currency),
      )
      .map((entry) => ({ ...entry, cost: money(entry.cost, entry.currency) }));
    return { from: period.from, to: period.to, asOf: await this.asOf(), items, byKind };
  }

  async vip(operator: OperatorIdentity, query: ReportPeriodQuery) {
    const brands = this.#scope(operator, query.brand);
    const { period, spans } = this.#spans(brands, query);
    const currencyOf = new Map(
      brands.map((brand) => [brand.config.code, brandCurrency(brand) as string]),
    );
    const rows =
      spans.length === 0
        ? []
        : await vipTotals(this.#db, spans, (code) => currencyOf.get(code) ?? '');
    const items: ReportVipRow[] = rows.map((row) => ({
      level: Number(row.level),
      currency: row.currency,
      members: int(row.members),
      rewardCount: int(row.reward_count),
      rewards: money(row.rewards_minor, row.currency),
      rebates: money(row.rebates_minor, row.currency),
    }));
    return { from: period.from, to: period.to, asOf: await this.asOf(), items };
  }

  #agentRow(row: AgentRow): ReportAgentRow {
    return {
      agentId: row.agent_id,
      username: row.username,
      brand: row.brand_code,
      currency: row.currency ?? '',
      downlineMembers: int(row.downline),
      newMembers: int(row.new_members),
      activeMembers: int(row.active),
      deposits: money(row.deposit_minor, row.currency ?? ''),
      validBets: money(row.valid_bet_minor, row.currency ?? ''),
      ggr: money(row.ggr_minor, row.currency ?? ''),
      commission: money(row.commission_minor, row.currency ?? ''),
    };
  }

  async agents(operator: OperatorIdentity, query: z.infer<typeof adminReportAgentsEndpoint.query>) {
    const brands = this.#scope(operator, query.brand);
    const { period, spans } = this.#spans(brands, query);
    const rows =
      spans.length === 0
        ? []
        : await agentTotals(this.#db, spans, {
            order: 'ggr',
            limit: query.pageSize,
            offset: (query.page - 1) * query.pageSize,
          });
    const currencyOf = new Map(
      brands.map((brand) => [brand.config.code, brandCurrency(brand) as string]),
    );
    return {
      from: period.from,
      to: period.to,
      asOf: await this.asOf(),
      items: rows.map((row) =>
        this.#agentRow({ ...row, currency: row.currency ?? currencyOf.get(row.brand_code) ?? '' }),
      ),
      total: int(rows[0]?.total),
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async cohorts(
    operator: OperatorIdentity,
    query: z.infer<typeof adminReportCohortsEndpoint.query>,
  ) {
    const brands = this.#scope(operator, query.brand);
    const { period, spans } = this.#spans(brands, query);
    const rows = spans.length === 0 ? [] : await cohortTotals(this.#db, spans, query.weeks);
    const today = spans.reduce((latest, span) => {
      const own = dayOf(this.#now(), span.timeZone);
      return own > latest ? own : latest;
    }, period.to);
    const cohorts = new Map<string, ReportCohortRow>();
    for (const row of rows) {
      let cohort = cohorts.get(row.week);
      if (!cohort) {
        cohort = {
          week: row.week,
          size: int(row.size),
          weeks: Array.from({ length: query.weeks }, (_, week) =>
            addDays(row.week, week * 7) > today
              ? { week, active: null, depositing: null }
              : { week, active: 0, depositing: 0 },
          ),
        };
        cohorts.set(row.week, cohort);
      }
      const cell = row.offset_week === null ? undefined : cohort.weeks[Number(row.offset_week)];
      if (cell && cell.active !== null) {
        cell.active = int(row.active);
        cell.depositing = int(row.depositing);
      }
    }
    return {
      from: period.from,
      to: period.to,
      asOf: await this.asOf(),
      items: [...cohorts.values()],
    };
  }

  async players(
    operator: OperatorIdentity,
    query: z.infer<typeof adminReportPlayersEndpoint.query>,
  ) {
    const brands = this.#scope(operator, query.brand);
    const { period, spans } = this.#spans(brands, query);
    const rows = await this.#players(spans, query.order, query.limit);
    const items: ReportPlayerRow[] = rows.map((row) => ({
      memberId: row.member_id,
      username: row.username,
      brand: row.brand_code,
      currency: row.currency,
      bets: money(row.bet_minor, row.currency),
      validBets: money(row.valid_bet_minor, row.currency),
      payouts: money(row.payout_minor, row.currency),
      net: money(BigInt(row.payout_minor) - BigInt(row.bet_minor), row.currency),
      rounds: int(row.rounds),
    }));
    return { from: period.from, to: period.to, asOf: await this.asOf(), items };
  }

  /**
   * The top of the spans: the lists the sweep kept for its spans, computed from the member days
   * for the others, merged (a member plays in one brand, so each brand's top holds its part of
   * the whole top).
   */
  async #players(
    spans: readonly BrandSpan[],
    order: 'winners' | 'losers',
    limit: number,
  ): Promise<PlayerRow[]> {
    if (spans.length === 0) return [];
    const keptBrands = new Set((await spanFacts(this.#db, spans)).map((row) => row.brand_code));
    const kept = spans.filter((span) => keptBrands.has(span.brandCode));
    const rest = spans.filter((span) => !keptBrands.has(span.brandCode));
    const [fromKept, computed] = await Promise.all([
      kept.length === 0 ? [] : keptPlayerTotals(this.#db, kept, order, limit),
      rest.length === 0 ? [] : playerTotals(this.#db, rest, order, limit),
    ]);
    return topOf([...fromKept, ...computed], order, limit);
  }

  // -------------------------------------------------------------------------------------------
  // CSV exports.

  #log(request: ReportRequest, list: string, filter: Record<string, unknown>) {
    return exportLog(this.#operators, this.#db, request.operator, { list, filter, ip: request.ip });
  }

  dailyExport(query: ReportPeriodQuery, request: ReportRequest): CsvExport<ReportDailyRow> {
    return wholeExport(
      'report-daily',
      dailyColumns,
      async () => (await this.daily(request.operator, query)).items,
      this.#log(request, 'report_daily', query),
    );
  }

  gamesExport(
    query: z.infer<typeof adminReportGamesEndpoint.query>,
    request: ReportRequest,
  ): CsvExport<ReportGameRow> {
    return wholeExport(
      'report-games',
      gameColumns,
      async () => (await this.games(request.operator, query, request.language)).items,
      this.#log(request, 'report_games', query),
    );
  }

  promotionsExport(
    query: ReportPeriodQuery,
    request: ReportRequest,
  ): CsvExport<ReportPromotionRow> {
    return wholeExport(
      'report-promotions',
      promotionColumns,
      async () => (await this.promotions(request.operator, query, request.language)).items,
      this.#log(request, 'report_promotions', query),
    );
  }

  vipExport(query: ReportPeriodQuery, request: ReportRequest): CsvExport<ReportVipRow> {
    return wholeExport(
      'report-vip',
      vipColumns,
      async () => (await this.vip(request.operator, query)).items,
      this.#log(request, 'report_vip', query),
    );
  }

  /** Every agent, in agent id order, a keyset batch at a time. */
  agentsExport(
    query: z.infer<typeof adminReportAgentsExportEndpoint.query>,
    request: ReportRequest,
  ): CsvExport<ReportAgentRow> {
    const brands = this.#scope(request.operator, query.brand);
    const { spans } = this.#spans(brands, query);
    const currencyOf = new Map(
      brands.map((brand) => [brand.config.code, brandCurrency(brand) as string]),
    );
    return {
      name: 'report-agents',
      columns: agentColumns,
      read: async (after, limit) =>
        spans.length === 0
          ? []
          : (
              await agentTotals(this.#db, spans, {
                order: 'id',
                limit,
                afterId: after?.agentId ?? '0',
              })
            ).map((row) =>
              this.#agentRow({
                ...row,
                currency: row.currency ?? currencyOf.get(row.brand_code) ?? '',
              }),
            ),
      log: this.#log(request, 'report_agents', query),
    };
  }

  cohortsExport(
    query: z.infer<typeof adminReportCohortsEndpoint.query>,
    request: ReportRequest,
  ): CsvExport<ReportCohortRow> {
    const weekColumns: CsvColumn<ReportCohortRow>[] = Array.from(
      { length: query.weeks },
      (_, week) => [
        { header: `w${week}_active`, value: (row: ReportCohortRow) => row.weeks[week]?.active },
        {
          header: `w${week}_depositing`,
          value: (row: ReportCohortRow) => row.weeks[week]?.depositing,
        },
      ],
    ).flat();
    return wholeExport(
      'report-cohorts',
      [
        ...csvColumns<ReportCohortRow, (typeof adminReportCohortsExportEndpoint.columns)[number]>(
          adminReportCohortsExportEndpoint.columns,
          { week: (row) => row.week, size: (row) => row.size },
        ),
        ...weekColumns,
      ],
      async () => (await this.cohorts(request.operator, query)).items,
      this.#log(request, 'report_cohorts', query),
    );
  }

  playersExport(
    query: z.infer<typeof adminReportPlayersEndpoint.query>,
    request: ReportRequest,
  ): CsvExport<ReportPlayerRow> {
    return wholeExport(
      'report-players',
      playerColumns,
      async () => (await this.players(request.operator, query)).items,
      this.#log(request, 'report_players', query),
    );
  }
}
