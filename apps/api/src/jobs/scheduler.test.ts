import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client.ts';
import { onPostgres, openTestDatabase } from '../test/database.ts';
import { silentLogger } from '../test/logger.ts';
import { findJobRun, requestJobRunNow } from './job-runs.repository.ts';
import { Scheduler, sweepLockKey, type Sweep } from './scheduler.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const uniqueName = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduler', () => {
  it('runs a due sweep once per interval, by the database clock', async () => {
    let runs = 0;
    const sweep: Sweep = {
      name: uniqueName('count'),
      intervalMs: 60_000,
      run: async () => void runs++,
    };
    const scheduler = new Scheduler(database, [sweep], silentLogger);
    expect(await scheduler.runDue()).toEqual({ [sweep.name]: 'ran' });
    expect(await scheduler.runDue()).toEqual({ [sweep.name]: 'not-due' });
    expect(runs).toBe(1);
    const row = await findJobRun(database.db, sweep.name);
    expect(row).toMatchObject({ lastStatus: 'succeeded', runCount: 1, runningOwner: null });
    await requestJobRunNow(database.db, sweep.name);
    expect(await scheduler.runDue()).toEqual({ [sweep.name]: 'ran' });
    expect(runs).toBe(2);
  });

  it('records a failure and resumes from the saved cursor on the next run', async () => {
    const processed: number[] = [];
    let failAt: number | null = 4;
    const sweep: Sweep = {
      name: uniqueName('resume'),
      intervalMs: 0,
      run: async ({ cursor, saveCursor }) => {
        const start = typeof cursor.next === 'number' ? cursor.next : 1;
        for (let item = start; item <= 8; item++) {
          if (item === failAt) {
            failAt = null;
            throw new Error(`item ${item} failed`);
          }
          processed.push(item);
          await saveCursor({ next: item + 1 });
        }
      },
    };
    const scheduler = new Scheduler(database, [sweep], silentLogger);
    expect(await scheduler.runDue()).toEqual({ [sweep.name]: 'failed' });
    expect(await findJobRun(database.db, sweep.name)).toMatchObject({
      lastStatus: 'failed',
      lastError: 'item 4 failed',
      cursor: { next: 4 },
    });
    expect(await scheduler.runDue()).toEqual({ [sweep.name]: 'ran' });
    // Every item exactly once, across the failed run and the resumed one.
    expect(processed).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('tells its observer of each run it carried out, with the outcome and duration', async () => {
    const runs: { sweep: string; outcome: string; durationMs: number }[] = [];
    const good: Sweep = { name: uniqueName('seen-ok'), intervalMs: 60_000, run: async () => {} };
    const bad: Sweep = {
      name: uniqueName('seen-bad'),
      intervalMs: 60_000,
      run: async () => {
        throw new Error('no');
      },
    };
    const scheduler = new Scheduler(database, [good, bad], silentLogger, 5_000, (run) =>
      runs.push(run),
    );
    await scheduler.runDue();
    // Not due: nothing ran, nothing to tell.
    await scheduler.runDue();
    expect(runs).toEqual([
      { sweep: good.name, outcome: 'succeeded', durationMs: expect.any(Number) },
      { sweep: bad.name, outcome: 'failed', durationMs: expect.any(Number) },
    ]);
    expect(runs.every((run) => run.durationMs >= 0)).toBe(true);
  });

  it('never runs one sweep on two schedulers at once', async () => {
    const other = onPostgres ? await openTestDatabase() : database;
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const sweep: Sweep = {
      name: uniqueName('exclusive'),
      intervalMs: 0,
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        await sleep(30);
        runs++;
        active--;
      },
    };
    const nodes = [
      new Scheduler(database, [sweep], silentLogger),
      new Scheduler(other, [sweep], silentLogger),
      new Scheduler(database, [sweep], silentLogger),
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 4 }).flatMap(() => nodes.map((node) => node.runSweep(sweep))),
    );
    expect(maxActive).toBe(1);
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(runs);
    expect(outcomes).toContain('busy');
    if (other !== database) await other.close();
  });

  it('ticks by itself until stopped, and stop waits for the running sweep', async () => {
    let runs = 0;
    let finished = false;
    const sweep: Sweep = {
      name: uniqueName('ticking'),
      intervalMs: 0,
      run: async ({ signal }) => {
        runs++;
        await sleep(20);
        finished = !signal.aborted || finished;
      },
    };
    const scheduler = new Scheduler(database, [sweep], silentLogger, 10);
    scheduler.start();
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await scheduler.stop();
    const after = runs;
    await sleep(60);
    expect(runs).toBe(after);
    expect(finished).toBe(true);
  });
});

describe.runIf(onPostgres)('scheduler on PostgreSQL, node crash', () => {
  it('lets another node take over a sweep whose node died mid-run, resuming its cursor', async () => {
    const nodeA = await openTestDatabase();
    const nodeB = await openTestDatabase();
    const name = uniqueName('crash');
    let releaseA: () => void = () => undefined;
    const seenByB: { resumed: boolean; cursor: Record<string, unknown> }[] = [];
    const sweepA: Sweep = {
      name,
      intervalMs: 0,
      run: async ({ saveCursor }) => {
        await saveCursor({ next: 42 });
        await new Promise<void>((resolve) => (releaseA = resolve));
      },
    };
    const sweepB: Sweep = {
      name,
      intervalMs: 0,
      run: async ({ resumed, cursor }) => void seenByB.push({ resumed, cursor }),
    };
    const schedulerA = new Scheduler(nodeA, [sweepA], silentLogger);
    const schedulerB = new Scheduler(nodeB, [sweepB], silentLogger);
    const runningA = schedulerA.runSweep(sweepA).catch(() => 'crashed');
    await expect
      .poll(async () => (await findJobRun(nodeB.db, name))?.cursor, { timeout: 5_000 })
      .toEqual({ next: 42 });
    expect(await schedulerB.runSweep(sweepB)).toBe('busy');

    // Node A "dies": the server ends the connection that holds its advisory lock.
    // pg_locks shows a bigint advisory key as two unsigned 32-bit halves.
    const unsigned = BigInt.asUintN(64, sweepLockKey(name));
    const high = (unsigned >> 32n).toString();
    const low = (unsigned & 0xffff_ffffn).toString();
    await queryRows(
      nodeB.db,
      sql`select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and granted
            and classid::text = ${high} and objid::text = ${low}`,
    );
    await expect.poll(() => schedulerB.runSweep(sweepB), { timeout: 5_000 }).toBe('ran');
    expect(seenByB[0]).toEqual({ resumed: true, cursor: { next: 42 } });
    releaseA();
    await runningA;
    await nodeA.close().catch(() => undefined);
    await nodeB.close();
  });
});
