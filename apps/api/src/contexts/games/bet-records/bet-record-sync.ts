import type { FastifyBaseLogger } from 'fastify';
import { eurCentsToBrandMinor } from '@lobby/contracts';
import { catalogPlatform, type BetRecord } from '@lobby/game-protocol';
import { scaleOf } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import type { Sweep, SweepContext } from '../../../jobs/scheduler.ts';
import type { AuditLog } from '../../platform/audit/index.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { reduceTurnover } from '../../money/turnover/index.ts';
import { memberIdOfPlayer, type ProviderClient } from '../games/index.ts';
import {
  existingMembers,
  insertNewBetRecords,
  type NewBetRecordRow,
} from './bet-records.repository.ts';

export const BET_RECORD_SYNC = 'bet-record-sync';

export type BetRecordSyncOptions = {
  provider: ProviderClient;
  /** Where a round paying at least the brand's large-win threshold is recorded (issue 15). */
  audit?: AuditLog | undefined;
  /** The brands now served (the registry's list): whose platforms to ask, whose players are ours. */
  brands: () => readonly Brand[];
  intervalMs?: number;
  /**
   * How far back before the saved cursor each run starts again. A round settled just before the
   * cursor may only have become visible at the platform after we read past it; re-reading the
   * tail catches it, and deduplication by round makes the re-read harmless.
   */
  overlapMs?: number;
  /** Where a platform with no cursor starts. */
  initialLookbackMs?: number;
  /** The longest window asked at once; a platform far behind catches up window by window. */
  maxWindowMs?: number;
  /** Windows end this far before now, so a round being written now is read next time. */
  settleLagMs?: number;
  pageSize?: number;
  /** Platforms asked at once. */
  concurrency?: number;
  /** How often progress is saved during a run (it is always saved at the end). */
  saveEveryMs?: number;
  now?: () => number;
};

export const BET_RECORD_SYNC_DEFAULTS = {
  intervalMs: 30_000,
  overlapMs: 10 * 60_000,
  initialLookbackMs: 24 * 60 * 60_000,
  maxWindowMs: 60 * 60_000,
  settleLagMs: 2_000,
  pageSize: 500,
  concurrency: 4,
  saveEveryMs: 5_000,
} as const;

/** The sweep's saved cursor: per platform id, the instant up to which every round was read. */
export type BetRecordSyncCursor = { platforms: Record<string, string> };

export type BetRecordSyncReport = {
  platforms: number;
  /** Platforms that did not answer (or refused): their windows are asked again next run. */
  failed: number[];
  fetched: number;
  inserted: number;
  /** Rounds of players that are not ours. */
  skipped: number;
};

function readCursor(saved: Record<string, unknown>): BetRecordSyncCursor {
  const platforms: Record<string, string> = {};
  const stored = saved.platforms;
  if (typeof stored === 'object' && stored !== null) {
    for (const [id, value] of Object.entries(stored)) {
      if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) platforms[id] = value;
    }
  }
  return { platforms };
}

/** The platform ids any brand enables that the catalog knows, ascending. */
function platformsToSync(brands: readonly Brand[]): number[] {
  const ids = new Set<number>();
  for (const brand of brands) {
    for (const id of brand.config.platformIds) if (catalogPlatform(id)) ids.add(id);
  }
  return [...ids].sort((left, right) => left - right);
}

/** The brand and member of a player name `${brandCode}_${memberId}`, if the brand is served. */
function ownerOf(
  player: string,
  brandsByCode: ReadonlyMap<string, Brand>,
): { brand: Brand; memberId: bigint } | null {
  const separator = player.lastIndexOf('_');
  if (separator <= 0) return null;
  const brand = brandsByCode.get(player.slice(0, separator));
  if (!brand) return null;
  const memberId = memberIdOfPlayer(brand.config.code, player);
  return memberId === null ? null : { brand, memberId };
}

/**
 * Pulls the settled rounds of every platform the brands use into game_bet_records, window by
 * settled time, and takes each new round's valid bet off its member's turnover requirement in
 * the same transaction as the round's row. A round is recorded once per (platform, round id)
 * however often it is read, so re-reading (the overlap, a second run, a run after a crash that
 * lost its last cursor save) changes nothing. A platform's cursor only moves past a window once
 * every page of it is stored, so a platform that does not answer is asked for the same window
 * next run.
 */
export async function syncBetRecords(
  context: Pick<SweepContext, 'db' | 'cursor' | 'saveCursor' | 'signal' | 'log'>,
  options: BetRecordSyncOptions,
): Promise<BetRecordSyncReport> {
  const settings = { ...BET_RECORD_SYNC_DEFAULTS, ...definedOnly(options) };
  const now = options.now ?? Date.now;
  const brands = options.brands();
  const brandsByCode = new Map(brands.map((brand) => [brand.config.code, brand]));
  const cursor = readCursor(context.cursor);
  const report: BetRecordSyncReport = {
    platforms: 0,
    failed: [],
    fetched: 0,
    inserted: 0,
    skipped: 0,
  };
  // Progress is saved at most every few seconds and once at the end: a crash in between only
  // means re-reading a little, which deduplication makes harmless. Saves run one after another,
  // each with the whole cursor as it stands, so a slow save never overwrites a later one.
  let saving: Promise<void> = Promise.resolve();
  let unsaved = false;
  let lastSaveMs = Date.now();
  const save = (force: boolean) => {
    if (!unsaved || (!force && Date.now() - lastSaveMs < settings.saveEveryMs)) return saving;
    const snapshot: BetRecordSyncCursor = { platforms: { ...cursor.platforms } };
    unsaved = false;
    lastSaveMs = Date.now();
    saving = saving.then(() => context.saveCursor(snapshot));
    return saving;
  };

  const syncPlatform = async (platformId: number): Promise<void> => {
    const platform = catalogPlatform(platformId);
    if (!platform) return;
    const end = now() - settings.settleLagMs;
    const saved = cursor.platforms[String(platformId)];
    let syncedTo = saved === undefined ? end - settings.initialLookbackMs : Date.parse(saved);
    let from = saved === undefined ? syncedTo : syncedTo - settings.overlapMs;
    while (syncedTo < end) {
      if (context.signal.aborted) return;
      const to = Math.min(syncedTo + settings.maxWindowMs, end);
      const complete = await syncWindow(context, options.provider, {
        platformId,
        category: platform.category,
        from: new Date(from),
        to: new Date(to),
        pageSize: settings.pageSize,
        brandsByCode,
        report,
        audit: options.audit,
      });
      if (!complete) return;
      syncedTo = to;
      from = to;
      cursor.platforms[String(platformId)] = new Date(to).toISOString();
      unsaved = true;
      await save(false);
    }
  };

  const queue = platformsToSync(brands);
  report.platforms = queue.length;
  const workers = Array.from({ length: Math.min(settings.concurrency, queue.length) }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (context.signal.aborted) return;
      try {
        await syncPlatform(next);
      } catch (error) {
        // One platform's bad data must not stop the others; its window is read again next run.
        report.failed.push(next);
        context.log.error({ err: error, platformId: next }, 'bet records: platform sync failed');
      }
    }
  });
  await Promise.all(workers);
  await save(true);
  report.failed = [...new Set(report.failed)].sort((left, right) => left - right);
  if (report.inserted > 0 || report.failed.length > 0 || report.skipped > 0) {
    context.log.info(report, 'bet records synced');
  }
  return report;
}

/**
 * Reads every page of one window and stores it; false when the platform did not answer a page
 * (what was stored stays: the next read of the window skips it as duplicates).
 */
async function syncWindow(
  context: Pick<SweepContext, 'db' | 'signal' | 'log'>,
  provider: ProviderClient,
  window: {
    platformId: number;
    category: number;
    from: Date;
    to: Date;
    pageSize: number;
    brandsByCode: ReadonlyMap<string, Brand>;
    report: BetRecordSyncReport;
    audit?: AuditLog | undefined;
  },
): Promise<boolean> {
  for (let page = 1; ; page += 1) {
    if (context.signal.aborted) return false;
    const outcome = await provider.bets(window.platformId, {
      from: window.from,
      to: window.to,
      page,
      pageSize: window.pageSize,
    });
    if (outcome.kind !== 'ok') {
      window.report.failed.push(window.platformId);
      context.log.warn(
        { platformId: window.platformId, from: window.from, to: window.to, page, outcome },
        'bet records: the platform did not answer; the window is asked again next run',
      );
      return false;
    }
    const { records, total } = outcome.value;
    window.report.fetched += records.length;
    await storePage(context.db, context.log, window, records);
    if (records.length === 0 || page * window.pageSize >= total) return true;
  }
}

async function storePage(
  db: Database,
  log: FastifyBaseLogger,
  window: {
    platformId: number;
    category: number;
    brandsByCode: ReadonlyMap<string, Brand>;
    report: BetRecordSyncReport;
    audit?: AuditLog | undefined;
  },
  records: BetRecord[],
): Promise<void> {
  const owned = records.map((record) => ({
    record,
    owner: ownerOf(record.player, window.brandsByCode),
  }));
  const known = await existingMembers(
    db,
    owned.flatMap(({ owner }) =>
      owner ? [{ brandCode: owner.brand.config.code, memberId: owner.memberId }] : [],
    ),
  );
  const rows: NewBetRecordRow[] = [];
  const skipped: { roundId: string; player: string }[] = [];
  for (const { record, owner } of owned) {
    if (!owner || !known.has(`${owner.brand.config.code}:${owner.memberId}`)) {
      skipped.push({ roundId: record.roundId, player: record.player });
      continue;
    }
    rows.push({
      platformId: window.platformId,
      roundId: record.roundId,
      brandCode: owner.brand.config.code,
      memberId: owner.memberId,
      gameCode: record.gameCode,
      category: window.category,
      currency: brandCurrency(owner.brand),
      betMinor: BigInt(record.betMinor),
      validBetMinor: BigInt(record.validBetMinor),
      payoutMinor: BigInt(record.payoutMinor),
      placedAt: new Date(record.placedAt),
      settledAt: new Date(record.settledAt),
    });
  }
  if (skipped.length > 0) {
    window.report.skipped += skipped.length;
    log.warn(
      { platformId: window.platformId, count: skipped.length, rounds: skipped.slice(0, 20) },
      'bet records: rounds of players that are not ours were skipped',
    );
  }
  if (rows.length === 0) return;
  await db.transaction(async (transaction) => {
    const inserted = await insertNewBetRecords(transaction, rows);
    window.report.inserted += inserted.length;
    // A large win is a significant event, recorded with the round it arrived in (issue 15).
    for (const row of inserted) {
      const brand = window.brandsByCode.get(row.brandCode);
      if (!brand || !window.audit || !isLargeWin(brand, row.payoutMinor)) continue;
      await window.audit.record(transaction, {
        kind: 'large_win',
        brandCode: row.brandCode,
        memberId: row.memberId,
        actor: { type: 'provider', id: String(row.platformId) },
        details: {
          platformId: row.platformId,
          roundId: row.roundId,
          gameCode: row.gameCode,
          currency: row.currency,
          bet: String(row.betMinor),
          payout: String(row.payoutMinor),
          settledAt: row.settledAt.toISOString(),
        },
      });
    }
    const byMember = new Map<
      string,
      { brandCode: string; memberId: bigint; currency: string; amountMinor: bigint }
    >();
    for (const row of inserted) {
      const key = `${row.brandCode}:${row.memberId}:${row.currency}`;
      const entry = byMember.get(key);
      if (entry) entry.amountMinor += row.validBetMinor;
      else {
        byMember.set(key, {
          brandCode: row.brandCode,
          memberId: row.memberId,
          currency: row.currency,
          amountMinor: row.validBetMinor,
        });
      }
    }
    // Members in a fixed order, so two runs reducing the same members never deadlock.
    const ordered = [...byMember.entries()].sort(([left], [right]) => left.localeCompare(right));
    for (const [, entry] of ordered) await reduceTurnover(transaction, entry);
  });
}

/** Whether a payout reaches the brand's large-win threshold, in its currency at its rate. */
export function isLargeWin(brand: Brand, payoutMinor: bigint): boolean {
  const { largeWinEurCents, eurRate } = brand.compliance;
  const threshold = eurCentsToBrandMinor(largeWinEurCents, eurRate, scaleOf(brandCurrency(brand)));
  return threshold > 0n && payoutMinor >= threshold;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}

/** The sweep the scheduler runs (jobs/sweeps.ts). */
export function betRecordSyncSweep(options: BetRecordSyncOptions): Sweep {
  return {
    name: BET_RECORD_SYNC,
    intervalMs: options.intervalMs ?? BET_RECORD_SYNC_DEFAULTS.intervalMs,
    async run(context) {
      await syncBetRecords(context, options);
    },
  };
}
