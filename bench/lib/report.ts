/** The benches' tables: one line per round, the same columns everywhere. */
import type { RoundResult } from './open-loop.ts';
import { loadAverage } from './processes.ts';

export type Row = RoundResult & {
  subject: string;
  /** Server CPU milliseconds per completed call, when the server is a process we can read. */
  cpuMsPerCall?: number;
  loadAverage?: string;
};

export function header(): string {
  return (
    'subject'.padEnd(28) +
    'offered/s'.padStart(10) +
    'achieved/s'.padStart(11) +
    'p50 ms'.padStart(9) +
    'p99 ms'.padStart(9) +
    'errors'.padStart(8) +
    'dropped'.padStart(9) +
    'cpu ms/call'.padStart(12) +
    '  load avg'
  );
}

export function line(row: Row): string {
  return (
    row.subject.padEnd(28) +
    String(row.offered).padStart(10) +
    row.achieved.toFixed(0).padStart(11) +
    row.p50Ms.toFixed(1).padStart(9) +
    row.p99Ms.toFixed(1).padStart(9) +
    String(row.errors).padStart(8) +
    String(row.dropped).padStart(9) +
    (row.cpuMsPerCall === undefined ? '-' : row.cpuMsPerCall.toFixed(3)).padStart(12) +
    `  ${row.loadAverage ?? ''}`
  );
}

/** The highest offered rate whose round met the target: p99 under the limit, no errors. */
export function highestPassing(rows: Row[], p99LimitMs: number): number {
  let best = 0;
  for (const row of rows) {
    if (
      row.errors === 0 &&
      row.dropped === 0 &&
      row.p99Ms < p99LimitMs &&
      row.achieved >= row.offered * 0.97
    ) {
      best = Math.max(best, row.offered);
    }
  }
  return best;
}

/** A row with the database's CPU per call beside the server's (bench/lib/postgres.ts). */
export type MeasuredRow = Row & { dbCpuMsPerCall?: number };

/**
 * Runs one round and reads, around it, the server process's CPU (`cpuOf`, null when the
 * subject runs in this process) and the database's (`database`, null when not watched).
 */
export async function measured(
  subject: string,
  cpuOf: (() => number) | null,
  database: { cpuSeconds(): Promise<number | null> } | null,
  round: () => Promise<RoundResult>,
): Promise<MeasuredRow> {
  const cpuBefore = cpuOf?.();
  const dbBefore = (await database?.cpuSeconds()) ?? null;
  const result = await round();
  const cpuAfter = cpuOf?.();
  const dbAfter = (await database?.cpuSeconds()) ?? null;
  const calls = Math.max(1, result.ok + result.errors);
  return {
    ...result,
    subject,
    cpuMsPerCall:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / calls,
    dbCpuMsPerCall:
      dbBefore === null || dbAfter === null ? undefined : ((dbAfter - dbBefore) * 1000) / calls,
    loadAverage: loadAverage(),
  };
}

/**
 * Prints a row with its database CPU and, when a call failed, the first failure; with
 * BENCH_SECONDS=1 in the environment, also each second's p99 and slowest call.
 */
export function print(row: MeasuredRow): void {
  console.info(
    `${line(row)}  db cpu ${row.dbCpuMsPerCall === undefined ? '-' : row.dbCpuMsPerCall.toFixed(3)} ms/call` +
      (row.firstError ? `\n    first error: ${row.firstError}` : ''),
  );
  if (process.env['BENCH_SECONDS'] === '1') {
    console.info(
      `    by second (p99/max ms): ${row.seconds.map((second) => `${second.p99Ms.toFixed(0)}/${second.maxMs.toFixed(0)}`).join(' ')}`,
    );
  }
}
