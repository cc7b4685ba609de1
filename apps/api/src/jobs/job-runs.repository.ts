import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { jobRuns } from './job-runs.schema.ts';

export type JobRun = typeof jobRuns.$inferSelect;

/** Makes sure a sweep has its row; the first run is due at once. */
export async function ensureJobRun(executor: Executor, name: string): Promise<void> {
  await executor.insert(jobRuns).values({ name }).onConflictDoNothing();
}

export async function findJobRun(executor: Executor, name: string): Promise<JobRun | undefined> {
  const rows = await executor.select().from(jobRuns).where(eq(jobRuns.name, name));
  return rows[0];
}

export async function markJobStarted(
  executor: Executor,
  name: string,
  owner: string,
): Promise<void> {
  await executor
    .update(jobRuns)
    .set({
      lastStartedAt: sql`now()`,
      lastStatus: 'running',
      runningOwner: owner,
      runCount: sql`${jobRuns.runCount} + 1`,
    })
    .where(eq(jobRuns.name, name));
}

export async function saveJobCursor(
  executor: Executor,
  name: string,
  cursor: Record<string, unknown>,
): Promise<void> {
  await executor.update(jobRuns).set({ cursor }).where(eq(jobRuns.name, name));
}

export async function markJobFinished(
  executor: Executor,
  name: string,
  outcome: { status: 'succeeded' | 'failed'; error: string | null; nextDueInMs: number },
): Promise<void> {
  await executor
    .update(jobRuns)
    .set({
      lastFinishedAt: sql`now()`,
      lastStatus: outcome.status,
      lastError: outcome.error,
      runningOwner: null,
      nextDueAt: sql`now() + make_interval(secs => ${outcome.nextDueInMs / 1000})`,
    })
    .where(eq(jobRuns.name, name));
}

/** True when the sweep's next run time has come, by the database's clock (shared by nodes). */
export async function isJobDue(executor: Executor, name: string): Promise<boolean> {
  const rows = await executor
    .select({ due: sql<boolean>`${jobRuns.nextDueAt} <= now()` })
    .from(jobRuns)
    .where(eq(jobRuns.name, name));
  return rows[0]?.due === true;
}

export async function requestJobRunNow(executor: Executor, name: string): Promise<void> {
  await executor
    .update(jobRuns)
    .set({ nextDueAt: sql`now()` })
    .where(eq(jobRuns.name, name));
}

export type SweepState = {
  name: string;
  /** How far past its due time the sweep is, by the database's clock (0 when not yet due). */
  overdueSeconds: number;
  /** Whether its last finished run failed (a run under way keeps the last one's error). */
  lastRunFailed: boolean;
};

/** The named sweeps' state, as every node sees it (the node's metrics, decision 0024). */
export async function sweepStates(
  executor: Executor,
  names: readonly string[],
): Promise<SweepState[]> {
  if (names.length === 0) return [];
  return executor
    .select({
      name: jobRuns.name,
      overdueSeconds: sql<number>`extract(epoch from greatest(now() - ${jobRuns.nextDueAt}, interval '0'))::float8`,
      lastRunFailed: sql<boolean>`${jobRuns.lastError} is not null`,
    })
    .from(jobRuns)
    .where(inArray(jobRuns.name, [...names]));
}
