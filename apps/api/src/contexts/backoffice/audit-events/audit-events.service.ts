import { adminAuditEventsExportEndpoint, type AdminAuditEvent } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import {
  exportLog,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import type { AuditEventRow, AuditLog } from '../../platform/audit/index.ts';

/** What the events are filtered by: a range, the reader's brands, a kind and a member. */
export type EventFilter = {
  /** null: every brand and the platform's own chain (operators of every brand only). */
  brands: readonly string[] | null;
  from: Date;
  to: Date;
  kind?: string | undefined;
  memberId?: bigint | undefined;
};

/**
 * The significant-event log as operators read it (issue 15, point 9): a range within their
 * brands, page by page or as CSV with each row's hashes, so an examiner can walk the chain
 * outside Lobby. Reading writes nothing; an export is in the action log, as every export.
 */
export class AuditEventsService {
  readonly #db: Database;
  readonly #audit: AuditLog;
  readonly #operators: OperatorService;

  constructor(options: { db: Database; audit: AuditLog; operators: OperatorService }) {
    this.#db = options.db;
    this.#audit = options.audit;
    this.#operators = options.operators;
  }

  async list(
    filter: EventFilter & { afterId?: bigint | undefined; limit: number },
  ): Promise<AdminAuditEvent[]> {
    return (await this.#audit.events(filter)).map(eventView);
  }

  exportCsv(
    operator: OperatorIdentity,
    filter: EventFilter & { query: Record<string, unknown> },
    ip: string,
  ): CsvExport<AdminAuditEvent> {
    return {
      name: 'audit-events',
      columns: csvColumns(adminAuditEventsExportEndpoint.columns, {
        id: (row) => row.id,
        chain: (row) => row.chain,
        seq: (row) => row.seq,
        occurred_at: (row) => row.occurredAt,
        kind: (row) => row.kind,
        brand: (row) => row.brand,
        member_id: (row) => row.memberId,
        actor_type: (row) => row.actorType,
        actor_id: (row) => row.actorId,
        details: (row) => JSON.stringify(row.details),
        prev_hash: (row) => row.prevHash,
        hash: (row) => row.hash,
      }),
      read: async (after, limit) =>
        (
          await this.#audit.events({
            ...filter,
            afterId: after ? BigInt(after.id) : undefined,
            limit,
          })
        ).map(eventView),
      log: exportLog(this.#operators, this.#db, operator, {
        list: 'audit_events',
        filter: filter.query,
        ip,
      }),
    };
  }
}

function eventView(row: AuditEventRow): AdminAuditEvent {
  return {
    id: String(row.id),
    chain: row.chain,
    seq: String(row.seq),
    occurredAt: row.occurred_at,
    kind: row.kind,
    brand: row.brand_code,
    memberId: row.member_id === null ? null : String(row.member_id),
    actorType: row.actor_type,
    actorId: row.actor_id,
    details: row.details,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}
