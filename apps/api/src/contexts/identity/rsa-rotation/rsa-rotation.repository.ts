import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/client.ts';

/** A session on the database other than this one (what PostgreSQL shows of it). */
export type OtherSession = {
  pid: number;
  user: string | null;
  application: string | null;
  client: string | null;
  state: string | null;
  since: string | null;
};

/**
 * The other client sessions on this PostgreSQL database. An API node keeps its pool's
 * connections open for its whole life, so a running node shows here; so do psql, a pooler's
 * server connections and monitoring. Fields of another role's sessions may be null.
 */
export async function otherSessions(executor: Executor): Promise<OtherSession[]> {
  return queryRows<OtherSession>(
    executor,
    sql`select pid, usename as "user", application_name as application,
               client_addr::text as client, state, backend_start::text as since
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and backend_type = 'client backend'
        order by backend_start`,
  );
}
