import { addDays, dayOf, monthOf } from '@lobby/time';
import type { Sweep, SweepContext } from '../../../jobs/scheduler.ts';
import { membersWithBetsSyncedSince } from '../../games/bet-records/index.ts';
import type { Brand } from '../../platform/brand/index.ts';
import { membersWithDepositsConfirmedSince } from '../../money/deposit/index.ts';
import type { VipService } from './vip.service.ts';
import {
  VIP_JOB_SWEEPS,
  VIP_MONTHLY_SWEEP,
  VIP_REBATE_SWEEP,
  VIP_UPGRADE_SWEEP,
  type VipRebateCursor,
} from './vip-job-sweeps.ts';

const MINUTE_MS = 60_000;
const UPGRADE_INTERVAL_MS = VIP_JOB_SWEEPS.upgrade.intervalMinutes * MINUTE_MS;
const REBATE_INTERVAL_MS = VIP_JOB_SWEEPS.rebate.intervalMinutes * MINUTE_MS;
const MONTHLY_INTERVAL_MS = VIP_JOB_SWEEPS.monthly.intervalMinutes * MINUTE_MS;

export type VipSweepOptions = {
  vip: VipService;
  /** The brands now served (the registry's list). */
  brands: () => readonly Brand[];
  now?: () => Date;
};

/**
 * How far before its saved instant the upgrade sweep looks again. A deposit is stamped with
 * the time its transaction began and a bet record with its insert time, and either may commit
 * a little later than a run that read past that time; looking back re-reads them, and the
 * upgrade being idempotent makes the second look harmless.
 */
const UPGRADE_OVERLAP_MS = 5 * MINUTE_MS;
/** The rebate of a day is paid once this much of the next day has passed (late bet records). */
const REBATE_DELAY_MS = 10 * MINUTE_MS;
/** A rebate sweep that was off longer than this catches up only this many days. */
const REBATE_MAX_CATCH_UP_DAYS = 31;

function brandsByCode(brands: readonly Brand[]): Map<string, Brand> {
  return new Map(brands.map((brand) => [brand.config.code, brand]));
}

/**
 * Upgrades, every minute. It evaluates only the members whose totals may have changed since
 * the last run: those with a deposit confirmed or a bet record written since then (minus the
 * overlap). Totals only grow through those two events, so nobody else can have crossed a
 * threshold; the work per run follows the recent activity instead of the number of members,
 * which one aggregate over every member's deposits and bets each minute would not. A member
 * the sweep has not reached yet is also upgraded when they open their VIP page. The first
 * run (no cursor) looks at all history once.
 */
export function vipUpgradeSweep(options: VipSweepOptions): Sweep {
  const now = options.now ?? (() => new Date());
  return {
    name: VIP_UPGRADE_SWEEP,
    intervalMs: UPGRADE_INTERVAL_MS,
    async run(context: SweepContext) {
      const startedAt = now();
      const saved =
        typeof context.cursor.since === 'string' ? Date.parse(context.cursor.since) : NaN;
      const since = new Date(Number.isNaN(saved) ? 0 : saved - UPGRADE_OVERLAP_MS);
      const candidates = [
        ...(await membersWithDepositsConfirmedSince(context.db, since)),
        ...(await membersWithBetsSyncedSince(context.db, since)),
      ];
      const byBrand = new Map<string, Set<bigint>>();
      for (const { brandCode, memberId } of candidates) {
        const set = byBrand.get(brandCode) ?? new Set<bigint>();
        set.add(memberId);
        byBrand.set(brandCode, set);
      }
      const brands = brandsByCode(options.brands());
      for (const [brandCode, memberIds] of byBrand) {
        const brand = brands.get(brandCode);
        if (!brand) continue;
        const report = await options.vip.upgradeMembers(brand, [...memberIds], context.signal);
        if (report.paid > 0) {
          context.log.info(
            { brand: brandCode, ...report, amountMinor: String(report.amountMinor) },
            'vip upgrades paid',
          );
        }
        // Stopped half way: the cursor stays, and the next run looks at these members again.
        if (context.signal.aborted) return;
      }
      await context.saveCursor({ since: startedAt.toISOString() });
    },
  };
}

/** The last day of the zone whose rebate may be paid at `instant`: yesterday from 00:10 on. */
export function lastPayableRebateDay(instant: Date, timeZone: string): string {
  return addDays(dayOf(new Date(instant.getTime() - REBATE_DELAY_MS), timeZone), -1);
}

/** A saved day, if it is a real calendar day (YYYY-MM-DD). */
function savedDay(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return addDays(value, 0) === value ? value : null;
}

function readRebateCursor(cursor: Record<string, unknown>): {
  fallback: string | null;
  days: Map<string, string>;
} {
  const days = new Map<string, string>();
  const saved = cursor.days;
  if (saved !== null && typeof saved === 'object') {
    for (const [brandCode, value] of Object.entries(saved)) {
      const day = savedDay(value);
      if (day) days.set(brandCode, day);
    }
  }
  return { fallback: savedDay(cursor.day), days };
}

/**
 * Daily rebates. Each brand's days are its time zone's: each run pays, brand by brand, every
 * day from the one after the brand's saved day up to its last day that ended at least ten
 * minutes ago, saving the day after each; so missed days (the node was down) are caught up and
 * a re-run pays nothing twice. With no saved day it starts at the last payable day rather than
 * paying all of history.
 */
export function vipRebateSweep(options: VipSweepOptions): Sweep {
  const now = options.now ?? (() => new Date());
  return {
    name: VIP_REBATE_SWEEP,
    intervalMs: REBATE_INTERVAL_MS,
    async run(context: SweepContext) {
      const at = now();
      const brands = options.brands();
      const { fallback, days } = readRebateCursor(context.cursor);
      const save = async () => {
        const paid: Record<string, string> = {};
        for (const brand of brands) {
          const day = days.get(brand.config.code);
          if (day) paid[brand.config.code] = day;
        }
        const earliest = Object.values(paid).sort()[0];
        await context.saveCursor({
          ...(earliest ? { day: earliest } : {}),
          days: paid,
        } satisfies VipRebateCursor);
      };
      for (const brand of brands) {
        const code = brand.config.code;
        const last = lastPayableRebateDay(at, brand.config.settings.timeZone);
        const oldest = addDays(last, -(REBATE_MAX_CATCH_UP_DAYS - 1));
        const saved = days.get(code) ?? fallback;
        let day = saved ? addDays(saved, 1) : last;
        if (day < oldest) day = oldest;
        for (; day <= last; day = addDays(day, 1)) {
          if (context.signal.aborted) return;
          const report = await options.vip.payRebates(brand, day, context.signal);
          if (report.paid > 0) {
            context.log.info(
              { brand: code, day, ...report, amountMinor: String(report.amountMinor) },
              'vip rebates paid',
            );
          }
          if (context.signal.aborted) return;
          days.set(code, day);
          await save();
        }
      }
    },
  };
}

/**
 * Monthly bonuses: every run pays each brand's bonus of the current month of its time zone to
 * members who have none for it yet (those who reached level 1 since the last run included).
 * Which members are owed is read from the rewards, so the sweep needs no cursor and a re-run
 * pays nothing twice.
 */
export function vipMonthlySweep(options: VipSweepOptions): Sweep {
  const now = options.now ?? (() => new Date());
  return {
    name: VIP_MONTHLY_SWEEP,
    intervalMs: MONTHLY_INTERVAL_MS,
    async run(context: SweepContext) {
      const at = now();
      for (const brand of options.brands()) {
        if (context.signal.aborted) return;
        const month = monthOf(at, brand.config.settings.timeZone);
        const report = await options.vip.payMonthly(brand, month, context.signal);
        if (report.paid > 0) {
          context.log.info(
            { brand: brand.config.code, month, ...report, amountMinor: String(report.amountMinor) },
            'vip monthly bonuses paid',
          );
        }
      }
    },
  };
}

export function vipSweeps(options: VipSweepOptions): Sweep[] {
  return [vipUpgradeSweep(options), vipRebateSweep(options), vipMonthlySweep(options)];
}
