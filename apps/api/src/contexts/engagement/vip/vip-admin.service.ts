import type { z } from 'zod';
import {
  VIP_JOBS,
  type AdminVipJobState,
  type AdminVipLevel,
  type adminRunVipJobEndpoint,
  type adminVipJobsEndpoint,
  type adminUpdateVipLevelEndpoint,
  type adminVipLevelsEndpoint,
  type adminVipRewardsEndpoint,
  type VipJob,
} from '@lobby/contracts';
import { parseAmount, toDecimalString } from '@lobby/money';
import { addDays, dayOf, monthOf } from '@lobby/time';
import type { Database } from '../../../db/client.ts';
import { findJobRun } from '../../../jobs/job-runs.repository.ts';
import { appError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import {
  changes,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import type { VipJobReport } from './vip-payments.service.ts';
import { VIP_JOB_SWEEPS, type VipRebateCursor } from './vip-job-sweeps.ts';
import { VIP_ERRORS } from './vip.errors.ts';
import {
  brandMemberIds,
  latestRewardOfKind,
  listRewardsForOperator,
  lockLevels,
  updateLevel,
  type VipLevelChange,
} from './vip.repository.ts';
import { assertThresholdsInOrder, zonedDayRange } from './vip.rules.ts';
import { brandLevels, maxRebateRateBp } from './vip.seed.ts';
import { adminLevelView, rewardView } from './vip.views.ts';

type AdminLevelsResponse = z.infer<typeof adminVipLevelsEndpoint.response>;
type UpdateLevelInput = Omit<z.infer<typeof adminUpdateVipLevelEndpoint.body>, 'brand'>;
type RunJobInput = Omit<z.infer<typeof adminRunVipJobEndpoint.body>, 'brand'>;

/** The jobs an operator may run now, as the sweeps run them. */
export type VipJobs = {
  upgradeMembers(brand: Brand, memberIds: bigint[]): Promise<VipJobReport>;
  payRebates(brand: Brand, day: string): Promise<VipJobReport>;
  payMonthly(brand: Brand, month: string): Promise<VipJobReport>;
};

/**
 * The operators' VIP tools: the level table and its changes, running a job for a brand and
 * period, and the list of rewards paid. Changes and runs write action-log rows.
 */
export class VipAdminService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  readonly #jobs: VipJobs;

  constructor(dependencies: { db: Database; operators: OperatorService; jobs: VipJobs }) {
    this.#db = dependencies.db;
    this.#operators = dependencies.operators;
    this.#jobs = dependencies.jobs;
  }

  async levels(brand: Brand): Promise<AdminLevelsResponse> {
    const currency = brandCurrency(brand);
    const levels = await brandLevels(this.#db, brand);
    return {
      brand: brand.config.code,
      currency,
      maxRebateRatePercent: brand.config.settings.maxRebateRatePercent,
      levels: levels.map((level) => adminLevelView(level, currency)),
    };
  }

  /**
   * Changes one level after checking the whole table as it would be: thresholds growing with
   * the level (level 0's zero), rates within the brand's maximum, amounts not negative. The
   * brand's level rows are locked meanwhile, so two operators' changes cannot together break
   * the order that each alone keeps.
   */
  async updateLevel(
    operator: OperatorIdentity,
    brand: Brand,
    levelNumber: number,
    input: UpdateLevelInput,
    context: { ip: string },
  ): Promise<AdminVipLevel> {
    const currency = brandCurrency(brand);
    const maxBp = maxRebateRateBp(brand);
    await brandLevels(this.#db, brand);
    const amount = (text: string | undefined): bigint | undefined => {
      if (text === undefined) return undefined;
      const parsed = parseAmount(text, currency);
      if (!parsed.ok) throw appError(VIP_ERRORS, 'vip_amount_invalid');
      return parsed.minor;
    };
    const change: VipLevelChange = {};
    const set = <K extends keyof VipLevelChange>(key: K, value: VipLevelChange[K] | undefined) => {
      if (value !== undefined) change[key] = value;
    };
    set('depositThresholdMinor', amount(input.depositThreshold));
    set('turnoverThresholdMinor', amount(input.turnoverThreshold));
    set('upgradeBonusMinor', amount(input.upgradeBonus));
    set('monthlyBonusMinor', amount(input.monthlyBonus));
    set('withdrawDailyMaxMinor', amount(input.withdrawDailyMax));
    set('withdrawDailyCount', input.withdrawDailyCount);
    set('bonusTurnoverMultiplierPercent', input.bonusTurnoverMultiplierPercent);
    if (input.rebateRatesBp) {
      for (const rate of Object.values(input.rebateRatesBp)) {
        if (rate > maxBp) {
          throw appError(VIP_ERRORS, 'vip_rate_above_max', {
            params: { max: brand.config.settings.maxRebateRatePercent },
          });
        }
      }
    }

    return this.#db.transaction(async (transaction) => {
      const levels = await lockLevels(transaction, brand.config.code);
      const old = levels.find((level) => level.level === levelNumber);
      if (!old) throw appError(VIP_ERRORS, 'vip_level_not_found');
      if (input.rebateRatesBp) {
        change.rebateRatesBp = { ...old.rebateRatesBp, ...input.rebateRatesBp };
      }
      const proposed = levels.map((level) =>
        level.level === levelNumber ? { ...level, ...change } : level,
      );
      assertThresholdsInOrder(proposed);
      const updated = await updateLevel(
        transaction,
        brand.config.code,
        levelNumber,
        change,
        operator.username,
      );
      if (!updated) throw appError(VIP_ERRORS, 'vip_level_not_found');
      const beforeView = adminLevelView(old, currency);
      const afterView = adminLevelView(updated, currency);
      const changed: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of Object.keys(afterView) as (keyof AdminVipLevel)[]) {
        if (key === 'updatedAt' || key === 'updatedBy') continue;
        if (JSON.stringify(beforeView[key]) !== JSON.stringify(afterView[key])) {
          changed[key] = { from: beforeView[key], to: afterView[key] };
        }
      }
      await this.#operators.record(transaction, operator, {
        action: 'vip_level_update',
        brandCode: brand.config.code,
        targetType: 'vip_level',
        targetId: `${brand.config.code}:${levelNumber}`,
        ...(input.reason ? { reason: input.reason } : {}),
        details: {
          changed,
          ...changes(beforeView, afterView, ['updatedAt', 'updatedBy']),
        },
        ip: context.ip,
      });
      return afterView;
    });
  }

  /**
   * An operator's run of a job for a brand now (catching up); idempotent like the sweeps. Days
   * and months are the brand's time zone's: by default yesterday's rebate and this month's bonus.
   */
  async runJob(
    operator: OperatorIdentity,
    brand: Brand,
    input: RunJobInput,
    context: { ip: string },
    now = new Date(),
  ): Promise<z.infer<typeof adminRunVipJobEndpoint.response>> {
    const currency = brandCurrency(brand);
    const timeZone = brand.config.settings.timeZone;
    let period: string;
    let report: VipJobReport;
    const job: VipJob = input.job;
    if (job === 'rebate') {
      period = input.day ?? addDays(dayOf(now, timeZone), -1);
      const range = zonedDayRange(period, timeZone);
      if (!range || range.to.getTime() > now.getTime()) {
        throw appError(VIP_ERRORS, 'vip_period_invalid');
      }
      report = await this.#jobs.payRebates(brand, period);
    } else if (job === 'monthly') {
      period = input.month ?? monthOf(now, timeZone);
      const start = zonedDayRange(`${period}-01`, timeZone);
      if (!start || start.from.getTime() > now.getTime()) {
        throw appError(VIP_ERRORS, 'vip_period_invalid');
      }
      report = await this.#jobs.payMonthly(brand, period);
    } else {
      period = '';
      report = await this.#jobs.upgradeMembers(
        brand,
        await brandMemberIds(this.#db, brand.config.code),
      );
    }
    const view = {
      job,
      period,
      members: report.members,
      paid: report.paid,
      amount: toDecimalString(report.amountMinor, currency),
    };
    // The run is many movements, each its own idempotent entry by the job (as the sweep makes
    // them), not one change: the row records that this operator ran it, once it has run.
    await this.#operators.record(this.#db, operator, {
      action: 'vip_job_run',
      brandCode: brand.config.code,
      targetType: 'vip_job',
      targetId: period ? `${job}:${period}` : job,
      // What the run paid: nothing of it existed before (a run that paid nothing: paid 0).
      details: {
        ...view,
        before: null,
        after: { members: view.members, paid: view.paid, amount: view.amount },
      },
      ip: context.ip,
    });
    return view;
  }

  /**
   * The three jobs as they stand for a brand: each sweep's last run (the sweeps serve every
   * brand at once), the day the rebate sweep has paid up to for this brand, and the brand's
   * newest reward of each kind.
   */
  async jobs(brand: Brand): Promise<z.infer<typeof adminVipJobsEndpoint.response>> {
    const currency = brandCurrency(brand);
    const code = brand.config.code;
    const jobs = await Promise.all(
      VIP_JOBS.map(async (job): Promise<AdminVipJobState> => {
        const sweep = VIP_JOB_SWEEPS[job];
        const [run, reward] = await Promise.all([
          findJobRun(this.#db, sweep.name),
          latestRewardOfKind(this.#db, code, job),
        ]);
        let sweptThrough: string | null = null;
        if (job === 'rebate' && run) {
          const cursor = run.cursor as VipRebateCursor;
          const day = cursor.days?.[code] ?? cursor.day;
          sweptThrough = typeof day === 'string' ? day : null;
        }
        const status = run?.lastStatus;
        return {
          job,
          intervalMinutes: sweep.intervalMinutes,
          runCount: run?.runCount ?? 0,
          lastStartedAt: run?.lastStartedAt?.toISOString() ?? null,
          lastFinishedAt: run?.lastFinishedAt?.toISOString() ?? null,
          lastStatus:
            status === 'running' || status === 'succeeded' || status === 'failed' ? status : null,
          lastError: run?.lastError ?? null,
          nextDueAt: run?.nextDueAt.toISOString() ?? null,
          sweptThrough,
          lastReward: reward
            ? {
                period: reward.period,
                amount: toDecimalString(reward.amountMinor, currency),
                createdAt: reward.createdAt.toISOString(),
              }
            : null,
        };
      }),
    );
    return { brand: code, currency, timeZone: brand.config.settings.timeZone, jobs };
  }

  async rewards(
    brand: Brand,
    filter: Omit<z.infer<typeof adminVipRewardsEndpoint.query>, 'brand'>,
  ): Promise<z.infer<typeof adminVipRewardsEndpoint.response>> {
    const currency = brandCurrency(brand);
    const { rows, total } = await listRewardsForOperator(
      this.#db,
      { brandCode: brand.config.code, username: filter.username, kind: filter.kind },
      { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize },
    );
    return {
      items: rows.map((row) => ({
        ...rewardView(row, currency),
        username: row.username,
        breakdown: row.breakdown,
      })),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }
}
