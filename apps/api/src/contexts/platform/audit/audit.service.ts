import { AUDIT_EVENT_KINDS } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import {
  appendEvent,
  chainEvents,
  chainHeads,
  ensureChain,
  eventsInRange,
  type AuditEventRow,
  type EventValues,
} from './audit.repository.ts';

/**
 * What the significant-event log records (issue 15, point 9): the kinds are the contract's
 * (AUDIT_EVENT_KINDS). Each is written by the code that makes the change, in the change's
 * transaction or statement.
 */
export const AUDIT_KINDS = AUDIT_EVENT_KINDS;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export type AuditActor = {
  type: 'member' | 'operator' | 'system' | 'provider';
  /** The member's or operator's id, the platform's id; null for the system. */
  id: string | null;
};

export type AuditEvent = {
  kind: AuditKind;
  /** The brand it happened in; null for the platform's own (an operator's permissions). */
  brandCode: string | null;
  memberId?: bigint | null;
  actor: AuditActor;
  /** What an examiner needs to read the event; never a secret. */
  details?: Record<string, unknown>;
};

/** The first thing wrong with a chain (AuditLog.verify). */
export type AuditBreak = {
  chain: string;
  seq: bigint;
  /** The row at fault, when there is one. */
  id: bigint | null;
  problem: 'changed' | 'removed' | 'out_of_order' | 'head';
  detail: string;
};

const VERIFY_BATCH = 5_000;

/** The chain of a brand's events, or of the platform's own (''). */
function chainOf(brandCode: string | null): string {
  return brandCode ?? '';
}

/**
 * The significant-event log: append-only, one hash chain per brand (and one for the platform's
 * own events), kept by PostgreSQL (audit.repository.ts). `record` appends on the caller's
 * transaction, so the event commits with its change or not at all; `valuesOf` gives what a
 * statement that makes the change itself needs to append in it (eventCtes).
 */
export class AuditLog {
  readonly #db: Database;
  /** Chains whose head this process has made sure of. */
  readonly #chains = new Set<string>();

  constructor(db: Database) {
    this.#db = db;
  }

  /** Appends `event` on `executor`, the change's transaction. Append last (lock order). */
  async record(executor: Executor, event: AuditEvent): Promise<void> {
    const values = { ...this.#values(event), au_details: JSON.stringify(event.details ?? {}) };
    let id = await appendEvent(executor, values);
    if (id === null) {
      // The chain's first event: its head is made in the same transaction (the embedded
      // database has one connection, which the transaction holds), then the event appended.
      await ensureChain(executor, values.au_chain);
      id = await appendEvent(executor, values);
    }
    if (id === null) throw new Error(`audit: the ${event.kind} event was not written`);
  }

  /**
   * The placeholder values of `event` for eventCtes in a statement that makes its change itself
   * (a ledger movement), its chain's head made first. Call it outside any transaction.
   */
  async valuesOf(event: AuditEvent): Promise<EventValues> {
    const values = this.#values(event);
    if (!this.#chains.has(values.au_chain)) {
      await ensureChain(this.#db, values.au_chain);
      this.#chains.add(values.au_chain);
    }
    return values;
  }

  #values(event: AuditEvent): EventValues {
    return {
      au_chain: chainOf(event.brandCode),
      au_kind: event.kind,
      au_brand: event.brandCode,
      au_member:
        event.memberId === undefined || event.memberId === null ? null : String(event.memberId),
      au_actor_type: event.actor.type,
      au_actor_id: event.actor.id,
    };
  }

  /**
   * Walks every chain from its start and answers the first break in each: a row whose content
   * no longer matches its hash (changed), a missing sequence number (removed), a row whose
   * previous hash is not its predecessor's (inserted or reordered), or a head that does not
   * name the last row (rows removed from the end, or appended past the head). Empty: intact.
   */
  async verify(): Promise<AuditBreak[]> {
    const breaks: AuditBreak[] = [];
    for (const head of await chainHeads(this.#db)) {
      const found = await this.#verifyChain(head);
      if (found) breaks.push(found);
    }
    return breaks;
  }

  async #verifyChain(head: {
    chain: string;
    seq: bigint;
    hash: string;
    genesis: string;
  }): Promise<AuditBreak | null> {
    const { chain } = head;
    let expected = 1n;
    let previous = head.genesis;
    for (;;) {
      const rows = await chainEvents(this.#db, chain, expected - 1n, VERIFY_BATCH);
      for (const row of rows) {
        const seq = BigInt(row.seq);
        const id = BigInt(row.id);
        if (seq !== expected) {
          return {
            chain,
            seq: expected,
            id: null,
            problem: 'removed',
            detail: `chain '${chain}': event ${expected} is missing (the next is ${seq}, row ${id})`,
          };
        }
        if (row.prev_hash !== previous) {
          return {
            chain,
            seq,
            id,
            problem: 'out_of_order',
            detail: `chain '${chain}': event ${seq} (row ${id}) does not follow event ${seq - 1n}`,
          };
        }
        if (row.recomputed !== row.hash) {
          return {
            chain,
            seq,
            id,
            problem: 'changed',
            detail: `chain '${chain}': event ${seq} (row ${id}) was changed after it was written`,
          };
        }
        previous = row.hash;
        expected++;
      }
      if (rows.length < VERIFY_BATCH) break;
    }
    const last = expected - 1n;
    if (BigInt(head.seq) !== last || head.hash !== previous) {
      return {
        chain,
        seq: last,
        id: null,
        problem: 'head',
        detail: `chain '${chain}': the head names event ${head.seq}, the last event is ${last}`,
      };
    }
    return null;
  }

  /** Each chain's head: its last sequence number and hash (to keep outside the database). */
  async heads(): Promise<{ chain: string; seq: bigint; hash: string }[]> {
    return (await chainHeads(this.#db)).map((head) => ({
      chain: head.chain,
      seq: BigInt(head.seq),
      hash: head.hash,
    }));
  }

  /** Events of the brands (null: every brand and the platform's) in [from, to), by id. */
  async events(filter: {
    brands: readonly string[] | null;
    from: Date;
    to: Date;
    kind?: string | undefined;
    memberId?: bigint | undefined;
    afterId?: bigint | undefined;
    limit: number;
  }): Promise<AuditEventRow[]> {
    return eventsInRange(this.#db, { ...filter, afterId: filter.afterId ?? 0n });
  }
}
