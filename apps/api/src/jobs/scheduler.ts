import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.ts';
import {
  ensureJobRun,
  findJobRun,
  isJobDue,
  markJobFinished,
  markJobStarted,
  saveJobCursor,
} from './job-runs.repository.ts';

export type SweepContext = {
  db: Database;
  /** What the sweep saved last time it ran, possibly in a run that crashed half way. */
  cursor: Record<string, unknown>;
  /** Saves progress; a later run, on any node, starts from here. */
  saveCursor(cursor: Record<string, unknown>): Promise<void>;
  /** True when the previous run did not finish (crash, kill, lost connection). */
  resumed: boolean;
  /**
   * Aborted when the scheduler stops or the node loses the sweep's lock; long sweeps check it
   * between steps and stop, leaving the rest to the next run.
   */
  signal: AbortSignal;
  log: FastifyBaseLogger;
};

/**
 * A periodic background sweep (transfer reconciliation, bet-record sync, rebates, clean-up).
 * Sweeps must be idempotent: they work out what to do from database state, so running one
 * twice, or after a crash half way, gives the same result (DESIGN.md convention 9).
 */
export type Sweep = {
  name: string;
  intervalMs: number;
  run(context: SweepContext): Promise<void>;
};

export type SweepOutcome = 'ran' | 'failed' | 'not-due' | 'busy';

/** Told of every sweep run this node carried out: how it ended and how long it took. */
export type SweepObserver = (run: {
  sweep: string;
  outcome: 'succeeded' | 'failed';
  durationMs: number;
}) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** The background sweeps the app's modules registered, for the scheduler (server.ts). */
    readonly sweeps: readonly Sweep[];
    /** A module's sweep, run by the scheduler once the node listens. */
    addSweep(sweep: Sweep): void;
  }
}

/** Runs a sweep's work inside a span named `name`. */
export type SweepSpan = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/** The 64-bit advisory lock key of a sweep, from its name. */
export function sweepLockKey(name: string): bigint {
  return createHash('sha256').update(`lobby:sweep:${name}`).digest().readBigInt64BE(0);
}

/**
 * Runs each sweep on one node at a time. Every node ticks; a sweep runs where its advisory
 * lock is free (PostgreSQL) or not held in process (embedded), and only when its next run time,
 * kept in the database, has come, so the interval holds across the whole cluster.
 */
export class Scheduler {
  private readonly owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly abort = new AbortController();
  private readonly running = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private readonly sweeps: ReadonlyMap<string, Sweep>;
  private readonly database: DatabaseHandle;
  private readonly log: FastifyBaseLogger;
  private readonly tickMs: number;
  private readonly observe: SweepObserver;
  private readonly inSpan: SweepSpan;

  constructor(
    database: DatabaseHandle,
    sweeps: readonly Sweep[],
    log: FastifyBaseLogger,
    tickMs = 5_000,
    /** The node's metrics (runs, failures and durations by sweep). */
    observe: SweepObserver = () => undefined,
    /** With tracing on: a sweep's run is a trace of its own (decision 0028). */
    inSpan: SweepSpan = (_name, work) => work(),
  ) {
    this.database = database;
    this.log = log;
    this.tickMs = tickMs;
    this.observe = observe;
    this.inSpan = inSpan;
    this.sweeps = new Map(sweeps.map((sweep) => [sweep.name, sweep]));
    if (this.sweeps.size !== sweeps.length) throw new Error('scheduler: two sweeps share a name');
  }

  start(): void {
    if (this.timer || this.sweeps.size === 0) return;
    const tick = () => {
      if (this.abort.signal.aborted) return;
      const pass = this.runDue().catch((error: unknown) => {
        this.log.error({ err: error }, 'scheduler tick failed');
      });
      this.running.add(pass);
      void pass.finally(() => {
        this.running.delete(pass);
        if (!this.abort.signal.aborted) this.timer = setTimeout(tick, this.tickMs);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops ticking, tells running sweeps to stop, and waits for them. */
  async stop(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.timer);
    await Promise.allSettled([...this.running]);
  }

  /** Runs every sweep that is due, one after another; returns what happened to each. */
  async runDue(): Promise<Record<string, SweepOutcome>> {
    const outcomes: Record<string, SweepOutcome> = {};
    for (const sweep of this.sweeps.values()) {
      if (this.abort.signal.aborted) break;
      outcomes[sweep.name] = await this.runSweep(sweep);
    }
    return outcomes;
  }

  async runSweep(sweep: Sweep): Promise<SweepOutcome> {
    const { db } = this.database;
    await ensureJobRun(db, sweep.name);
    const result = await this.database.withTryLock(sweepLockKey(sweep.name), async (lockLost) => {
      if (!(await isJobDue(db, sweep.name))) return 'not-due' as const;
      const previous = await findJobRun(db, sweep.name);
      const resumed = previous?.lastStatus === 'running';
      if (resumed) {
        this.log.warn(
          { sweep: sweep.name, previousOwner: previous?.runningOwner },
          'sweep resumes after an interrupted run',
        );
      }
      await markJobStarted(db, sweep.name, this.owner);
      const started = performance.now();
      const ran = (outcome: 'succeeded' | 'failed') =>
        this.observe({ sweep: sweep.name, outcome, durationMs: performance.now() - started });
      try {
        await this.inSpan(`sweep ${sweep.name}`, () =>
          sweep.run({
            db,
            cursor: previous?.cursor ?? {},
            saveCursor: (cursor) => saveJobCursor(db, sweep.name, cursor),
            resumed,
            // Stop when the scheduler stops, or when this node lost the lock to another.
            signal: AbortSignal.any([this.abort.signal, lockLost]),
            log: this.log.child({ sweep: sweep.name }),
          }),
        );
        await markJobFinished(db, sweep.name, {
          status: 'succeeded',
          error: null,
          nextDueInMs: sweep.intervalMs,
        });
        ran('succeeded');
        return 'ran' as const;
      } catch (error) {
        this.log.error({ err: error, sweep: sweep.name }, 'sweep failed');
        ran('failed');
        await markJobFinished(db, sweep.name, {
          status: 'failed',
          error: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextDueInMs: sweep.intervalMs,
        });
        return 'failed' as const;
      }
    });
    return result === null ? 'busy' : result.value;
  }
}
