import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import {
  CASHIER_CLAIM_IDLE_MINUTES,
  CASHIER_HOLD_IDLE_HOURS,
  type CashierClaimFilter,
} from '@lobby/contracts';
import type { ReviewClaim } from '../lib/cashier.ts';
import { inBrands } from './brand-of.ts';
import type { Executor } from './client.ts';

/**
 * The queue reads and the claims, holds and notes of orders in review, for any order table
 * that keeps its claim on the row (the deposit and the withdrawal queues): the modules'
 * repositories pass their tables and what "open" means. A claim lives on the order row, so a
 * claim and a decision that race take the same row lock.
 */

type Column = AnyPgColumn;

/** The columns a reviewed order table has (contracts: cashier.ts). */
export type ReviewOrdersTable = PgTable & {
  id: Column;
  orderNo: Column;
  brandCode: Column;
  memberId: Column;
  currency: Column;
  amountMinor: Column;
  createdAt: Column;
  claimedBy: Column;
  claimedAt: Column;
  claimActiveAt: Column;
  holdReason: Column;
  heldAt: Column;
};

export type ReviewNotesTable = PgTable & {
  id: Column;
  orderId: Column;
  operatorId: Column;
  body: Column;
  createdAt: Column;
};

/** An order row as far as its claim goes. */
export type ReviewOrderRow = {
  id: bigint;
  orderNo: string;
  claimedBy: bigint | null;
  claimedAt: Date | null;
  claimActiveAt: Date | null;
  holdReason: string | null;
  heldAt: Date | null;
};

export type ReviewQueueRow<Row> = {
  order: Row;
  username: string;
  claim: ReviewClaim | null;
  notesCount: number;
};

/** The filters both queues have; a module adds its own through `conditions`. */
export type ReviewQueueFilter = {
  brands: readonly string[] | null;
  claim?: CashierClaimFilter | undefined;
  /** Whose claims `claim: 'mine'` means. */
  operatorId: bigint;
  usernameKey?: string | undefined;
  /** Bounds per currency, in minor units. */
  amountMinMinor?: ReadonlyMap<string, bigint> | undefined;
  amountMaxMinor?: ReadonlyMap<string, bigint> | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

export type ClaimChange =
  | { kind: 'claim' | 'hold'; operatorId: bigint; newClaim: boolean; reason?: string }
  | { kind: 'clear' };

export type NoteRow = { id: bigint; author: string; body: string; createdAt: Date };

export type ReviewTables<Row, Filter> = {
  orders: ReviewOrdersTable;
  notes: ReviewNotesTable;
  /** For error messages. */
  notesName: string;
  members: PgTable & { id: Column; username: Column; usernameKey: Column };
  operators: PgTable & { id: Column; username: Column };
  /** Orders whose claim counts: as a condition, and of a row read. */
  open: SQL;
  isOpen: (order: Row) => boolean;
  /** The module's own filters (status, channel, …). */
  conditions: (filter: Filter) => (SQL | undefined)[];
};

type Selected<Row> = {
  order: Row;
  username: string;
  holder: string | null;
  stale: boolean;
  notesCount: number;
};

/** The order's claim from its row and the holder's username; null when nobody holds it. */
function claimOf(order: ReviewOrderRow, holder: string | null, stale: boolean) {
  if (order.claimedBy === null || order.claimedAt === null || order.claimActiveAt === null) {
    return null;
  }
  return {
    operatorId: order.claimedBy,
    operator: holder ?? '',
    claimedAt: order.claimedAt,
    activeAt: order.claimActiveAt,
    holdReason: order.holdReason,
    heldAt: order.heldAt,
    stale,
  } satisfies ReviewClaim;
}

export function reviewQueue<Row extends ReviewOrderRow, Filter extends ReviewQueueFilter>(
  tables: ReviewTables<Row, Filter>,
) {
  const { orders, notes, members, operators } = tables;
  const claimer = alias(operators, 'claimer') as unknown as typeof operators;

  /** Whether the order's claim is stale, by the database clock (contracts: cashier.ts). */
  const claimStale = sql<boolean>`coalesce(${orders.claimActiveAt} < now() - (case
    when ${orders.holdReason} is null then ${`${CASHIER_CLAIM_IDLE_MINUTES} minutes`}::interval
    else ${`${CASHIER_HOLD_IDLE_HOURS} hours`}::interval end), false)`;

  const notesCount = sql<number>`(select count(*)::int from ${notes}
    where ${notes.orderId} = ${orders.id})`;

  function perCurrency(bounds: ReadonlyMap<string, bigint>, compare: 'min' | 'max'): SQL {
    const any = [...bounds].map(([currency, minor]) =>
      and(
        eq(orders.currency, currency),
        compare === 'min' ? gte(orders.amountMinor, minor) : lte(orders.amountMinor, minor),
      ),
    );
    return or(...any) ?? sql`false`;
  }

  function claimCondition(filter: Filter): SQL | undefined {
    if (!filter.claim) return undefined;
    const { open } = tables;
    switch (filter.claim) {
      case 'mine':
        return and(open, eq(orders.claimedBy, filter.operatorId));
      case 'unclaimed':
        return and(open, or(isNull(orders.claimedBy), claimStale));
      case 'claimed':
        return and(open, isNotNull(orders.claimedBy), not(claimStale));
      case 'held':
        return and(open, isNotNull(orders.holdReason));
    }
  }

  function conditions(filter: Filter): SQL | undefined {
    return and(
      inBrands(orders.brandCode, filter.brands),
      ...tables.conditions(filter),
      claimCondition(filter),
      filter.usernameKey ? eq(members.usernameKey, filter.usernameKey) : undefined,
      filter.amountMinMinor ? perCurrency(filter.amountMinMinor, 'min') : undefined,
      filter.amountMaxMinor ? perCurrency(filter.amountMaxMinor, 'max') : undefined,
      filter.from ? gte(orders.createdAt, filter.from) : undefined,
      filter.to ? lt(orders.createdAt, filter.to) : undefined,
    );
  }

  function selectRows(executor: Executor) {
    return executor
      .select({
        order: orders,
        username: members.username,
        holder: claimer.username,
        stale: claimStale,
        notesCount,
      })
      .from(orders)
      .innerJoin(members, eq(members.id, orders.memberId))
      .leftJoin(claimer, eq(claimer.id, orders.claimedBy));
  }

  /** A queue row; a claim lasts while the order is open (a decision clears it). */
  function toQueueRows(rows: unknown[]): ReviewQueueRow<Row>[] {
    return (rows as Selected<Row>[]).map((row) => ({
      order: row.order,
      username: row.username,
      claim: tables.isOpen(row.order) ? claimOf(row.order, row.holder, row.stale) : null,
      notesCount: Number(row.notesCount),
    }));
  }

  return {
    /** A page of the queue and how many rows match in all. */
    listQueue: async (
      executor: Executor,
      filter: Filter,
      sort: { by: 'createdAt' | 'amount'; order: 'asc' | 'desc' },
      page: { offset: number; limit: number },
    ): Promise<{ rows: ReviewQueueRow<Row>[]; total: number }> => {
      const where = conditions(filter);
      const direction = sort.order === 'asc' ? asc : desc;
      const column = sort.by === 'amount' ? orders.amountMinor : orders.createdAt;
      const [rows, totals] = await Promise.all([
        selectRows(executor)
          .where(where)
          .orderBy(direction(column), direction(orders.id))
          .offset(page.offset)
          .limit(page.limit),
        executor
          .select({ total: count() })
          .from(orders)
          .innerJoin(members, eq(members.id, orders.memberId))
          .where(where),
      ]);
      return { rows: toQueueRows(rows), total: Number(totals[0]?.total ?? 0) };
    },

    /**
     * A CSV export's keyset batch of the queue: by order id (a key that never changes) in
     * `order`, after `afterId`, so an order that changes while the export runs is neither
     * skipped nor repeated.
     */
    queueBatch: async (
      executor: Executor,
      filter: Filter,
      batch: { order: 'asc' | 'desc'; afterId: bigint | undefined; limit: number },
    ): Promise<ReviewQueueRow<Row>[]> => {
      const after =
        batch.afterId === undefined
          ? undefined
          : batch.order === 'asc'
            ? gt(orders.id, batch.afterId)
            : lt(orders.id, batch.afterId);
      const rows = await selectRows(executor)
        .where(and(conditions(filter), after))
        .orderBy(batch.order === 'asc' ? asc(orders.id) : desc(orders.id))
        .limit(batch.limit);
      return toQueueRows(rows);
    },

    findQueueRow: async (
      executor: Executor,
      orderNo: string,
    ): Promise<ReviewQueueRow<Row> | undefined> => {
      const rows = await selectRows(executor).where(eq(orders.orderNo, orderNo));
      return toQueueRows(rows)[0];
    },

    /**
     * Locks the order's row for a change of its claim (the caller's transaction) and answers
     * it with its claim: of two operators claiming at once, the second waits here and then sees
     * the first one's claim.
     */
    lockOrderClaim: async (
      executor: Executor,
      orderNo: string,
    ): Promise<{ order: Row; claim: ReviewClaim | null } | undefined> => {
      const rows = (await executor
        .select({ order: orders, stale: claimStale })
        .from(orders)
        .where(eq(orders.orderNo, orderNo))
        .for('update')) as { order: Row; stale: boolean }[];
      const row = rows[0];
      if (!row) return undefined;
      const holder =
        row.order.claimedBy === null
          ? null
          : ((
              (await executor
                .select({ username: operators.username })
                .from(operators)
                .where(eq(operators.id, row.order.claimedBy))) as { username: string }[]
            )[0]?.username ?? null);
      return { order: row.order, claim: claimOf(row.order, holder, row.stale) };
    },

    /**
     * Writes the order's claim: `claim` takes it for an operator (`newClaim`: a new claim, else
     * keeping the time of their own) and marks them active now, leaving a hold as it is; `hold`
     * sets the hold reason too; `clear` ends claim and hold.
     */
    writeOrderClaim: async (executor: Executor, orderId: bigint, change: ClaimChange) => {
      const set =
        change.kind === 'clear'
          ? {
              claimedBy: null,
              claimedAt: null,
              claimActiveAt: null,
              holdReason: null,
              heldAt: null,
            }
          : {
              claimedBy: change.operatorId,
              claimActiveAt: sql`now()`,
              ...(change.newClaim ? { claimedAt: sql`now()` } : {}),
              ...(change.kind === 'hold' ? { holdReason: change.reason, heldAt: sql`now()` } : {}),
            };
      await executor.update(orders).set(set).where(eq(orders.id, orderId));
    },

    insertOrderNote: async (
      executor: Executor,
      note: { orderId: bigint; brandCode: string; operatorId: bigint; body: string },
    ): Promise<{ id: bigint; createdAt: Date }> => {
      const rows = (await executor
        .insert(notes)
        .values(note as never)
        .returning({ id: notes.id, createdAt: notes.createdAt })) as {
        id: bigint;
        createdAt: Date;
      }[];
      const row = rows[0];
      if (!row) throw new Error(`insert into ${tables.notesName} returned no row`);
      return row;
    },

    /** The order's notes, oldest first, with their authors. */
    listOrderNotes: async (executor: Executor, orderId: bigint): Promise<NoteRow[]> => {
      return (await executor
        .select({
          id: notes.id,
          author: operators.username,
          body: notes.body,
          createdAt: notes.createdAt,
        })
        .from(notes)
        .innerJoin(operators, eq(operators.id, notes.operatorId))
        .where(eq(notes.orderId, orderId))
        .orderBy(asc(notes.createdAt), asc(notes.id))) as NoteRow[];
    },
  };
}
