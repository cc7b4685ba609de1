/**
 * What the benches' PostgreSQL does, read from outside: the CPU time of the server's backend
 * processes serving one database (from /proc, when the server runs on this machine), so a bench
 * can print the database's CPU per call beside the API's.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const CLOCK_TICKS_PER_SECOND = 100;

function cpuTicksOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null; // another machine's server, or the backend ended
  }
}

export type DatabaseCpu = {
  /**
   * CPU seconds used so far by the backends now connected to the database, plus those seen
   * before that have ended since (their last reading), so the figure only grows; null when the
   * server's processes cannot be read here.
   */
  cpuSeconds(): Promise<number | null>;
  close(): Promise<void>;
};

/** Watches the backends of `databaseUrl`'s database (not the watcher's own connection). */
export function watchDatabaseCpu(databaseUrl: string): DatabaseCpu {
  const client = new pg.Client({ connectionString: databaseUrl });
  const connected = client.connect();
  const last = new Map<number, number>();
  return {
    async cpuSeconds() {
      await connected;
      const result = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      let readable = false;
      for (const { pid } of result.rows) {
        const ticks = cpuTicksOf(pid);
        if (ticks === null) continue;
        readable = true;
        last.set(pid, ticks);
      }
      if (!readable && last.size === 0) return null;
      let total = 0;
      for (const ticks of last.values()) total += ticks;
      return total / CLOCK_TICKS_PER_SECOND;
    },
    async close() {
      await connected.catch(() => undefined);
      await client.end();
    },
  };
}
