import { sql, type SQL } from 'drizzle-orm';
import {
  preparedStatement,
  queryRows,
  type Executor,
  type PreparedStatement,
} from '../../../db/client.ts';

/**
 * The hash of an event: SHA-256, in hex, of one JSON array holding the previous hash and every
 * field of the event, as PostgreSQL writes it (jsonb text is canonical: one text for one
 * value). The instant is written to the microsecond in UTC, whatever the session's time zone.
 * Appending and verifying both use this one expression, over the same columns.
 */
function eventHashSql(event: {
  prevHash: SQL;
  chain: SQL;
  seq: SQL;
  occurredAt: SQL;
  kind: SQL;
  brandCode: SQL;
  memberId: SQL;
  actorType: SQL;
  actorId: SQL;
  details: SQL;
}): SQL {
  return sql`encode(sha256(convert_to(jsonb_build_array(
      ${event.prevHash}, ${event.chain}, (${event.seq})::text,
      to_char((${event.occurredAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      ${event.kind}, ${event.brandCode}, (${event.memberId})::text, ${event.actorType},
      ${event.actorId}, ${event.details})::text, 'UTF8')), 'hex')`;
}

/** A chain's hash before its first event. */
function genesisHashSql(chain: SQL): SQL {
  return sql`encode(sha256(convert_to('lobby-audit:' || ${chain}, 'UTF8')), 'hex')`;
}

/** Makes a chain's head unless it exists (heads are never removed). */
export async function ensureChain(executor: Executor, chain: string): Promise<void> {
  await executor.execute(sql`insert into audit_chains (chain, seq, hash)
    values (${chain}, 0, ${genesisHashSql(sql`${chain}::text`)}) on conflict do nothing`);
}

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The common table expressions that append one event to its chain, for a statement of its own
 * (appendEvent) or for a statement that makes the change itself (a ledger movement's part):
 * `au_head` locks the chain's head, `au_event` is the event (one row for each row of `from`,
 * which must give at most one: none writes nothing), `au_bumped` moves the head, `au_written`
 * inserts it. Placeholders: au_chain, au_kind, au_brand, au_member, au_actor_type, au_actor_id;
 * `details` is a jsonb expression over `from` (au_details for a plain one).
 *
 * Lock order: the head is locked when the statement's other work is done (its CTEs run at the
 * end), so a movement takes its accounts' rows first and the chain last. A transaction that
 * appends must also append last.
 */
export function eventCtes(options: { from?: SQL; details: SQL }): SQL {
  const event = {
    prevHash: sql`au_event.prev_hash`,
    chain: sql`au_event.chain`,
    seq: sql`au_event.seq`,
    occurredAt: sql`au_event.occurred_at`,
    kind: sql`au_event.kind`,
    brandCode: sql`au_event.brand_code`,
    memberId: sql`au_event.member_id`,
    actorType: sql`au_event.actor_type`,
    actorId: sql`au_event.actor_id`,
    details: sql`au_event.details`,
  };
  return sql`au_head as (
      select chain, seq, hash from audit_chains
      where chain = ${placeholder('au_chain')}::text for update),
    au_event as (
      select au_head.chain, au_head.seq + 1 as seq, now() as occurred_at,
             ${placeholder('au_kind')}::text as kind, ${placeholder('au_brand')}::text as brand_code,
             ${placeholder('au_member')}::bigint as member_id,
             ${placeholder('au_actor_type')}::text as actor_type,
             ${placeholder('au_actor_id')}::text as actor_id,
             (${options.details})::jsonb as details, au_head.hash as prev_hash
      from au_head${options.from ? sql`, ${options.from}` : sql``}),
    au_bumped as (
      update audit_chains set seq = au_event.seq, hash = ${eventHashSql(event)}
      from au_event where audit_chains.chain = au_event.chain
      returning audit_chains.hash),
    au_written as (
      insert into audit_events (chain, seq, occurred_at, kind, brand_code, member_id,
                                actor_type, actor_id, details, prev_hash, hash)
      select au_event.chain, au_event.seq, au_event.occurred_at, au_event.kind,
             au_event.brand_code, au_event.member_id, au_event.actor_type, au_event.actor_id,
             au_event.details, au_event.prev_hash, au_bumped.hash
      from au_event, au_bumped
      returning id)`;
}

/** The placeholder values of eventCtes for one event. */
export type EventValues = {
  au_chain: string;
  au_kind: string;
  au_brand: string | null;
  au_member: string | null;
  au_actor_type: string;
  au_actor_id: string | null;
  au_details?: string;
};

let appendStatement: PreparedStatement<{ id: bigint }> | undefined;

/** Appends one event on `executor` (the change's transaction); the new row's id, or null. */
export async function appendEvent(
  executor: Executor,
  values: EventValues & { au_details: string },
): Promise<bigint | null> {
  appendStatement ??= preparedStatement(
    'audit_append',
    sql`with ${eventCtes({ details: sql`${placeholder('au_details')}::jsonb` })}
        select id from au_written`,
  );
  const rows = await appendStatement(executor, values);
  return rows[0]?.id ?? null;
}

/** Every chain's head. */
export async function chainHeads(
  executor: Executor,
): Promise<{ chain: string; seq: bigint; hash: string; genesis: string }[]> {
  return queryRows(
    executor,
    sql`select chain, seq, hash, ${genesisHashSql(sql`chain`)} as genesis
        from audit_chains order by chain`,
  );
}

export type StoredEvent = {
  id: bigint;
  chain: string;
  seq: bigint;
  prev_hash: string;
  hash: string;
  /** The hash of the row as it is now. */
  recomputed: string;
};

/** A chain's events after `afterSeq`, in order, each with its hash computed again. */
export async function chainEvents(
  executor: Executor,
  chain: string,
  afterSeq: bigint,
  limit: number,
): Promise<StoredEvent[]> {
  const recomputed = eventHashSql({
    prevHash: sql`prev_hash`,
    chain: sql`chain`,
    seq: sql`seq`,
    occurredAt: sql`occurred_at`,
    kind: sql`kind`,
    brandCode: sql`brand_code`,
    memberId: sql`member_id`,
    actorType: sql`actor_type`,
    actorId: sql`actor_id`,
    details: sql`details`,
  });
  return queryRows(
    executor,
    sql`select id, chain, seq, prev_hash, hash, ${recomputed} as recomputed
        from audit_events where chain = ${chain} and seq > ${afterSeq}
        order by seq limit ${limit}`,
  );
}

export type AuditEventRow = {
  id: bigint;
  chain: string;
  seq: bigint;
  occurred_at: string;
  kind: string;
  brand_code: string | null;
  member_id: bigint | null;
  actor_type: string;
  actor_id: string | null;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
};

/**
 * Events of some brands (null: all, the platform's own too) in [from, to), oldest first, after
 * `afterId`, of one kind and one member when given.
 */
export async function eventsInRange(
  executor: Executor,
  filter: {
    brands: readonly string[] | null;
    from: Date;
    to: Date;
    kind?: string | undefined;
    memberId?: bigint | undefined;
    afterId: bigint;
    limit: number;
  },
): Promise<AuditEventRow[]> {
  const inBrands =
    filter.brands === null
      ? sql`true`
      : filter.brands.length === 0
        ? sql`false`
        : sql`brand_code in (${sql.join(
            filter.brands.map((brand) => sql`${brand}`),
            sql`, `,
          )})`;
  return queryRows(
    executor,
    sql`select id, chain, seq,
               to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_at,
               kind, brand_code, member_id, actor_type, actor_id, details, prev_hash, hash
        from audit_events
        where ${inBrands} and occurred_at >= ${filter.from.toISOString()}::timestamptz
          and occurred_at < ${filter.to.toISOString()}::timestamptz and id > ${filter.afterId}
          and ${filter.kind === undefined ? sql`true` : sql`kind = ${filter.kind}`}
          and ${filter.memberId === undefined ? sql`true` : sql`member_id = ${filter.memberId}`}
        order by id limit ${filter.limit}`,
  );
}
