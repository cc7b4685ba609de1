/** The benches' tables: one line per round, the same columns everywhere. */
import type { RoundResult } from './open-loop.ts';

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
