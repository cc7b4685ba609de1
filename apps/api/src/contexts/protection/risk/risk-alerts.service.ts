import type { AdminRiskAlert, AdminRiskAlertDetail, CashierNote } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { OPERATOR_AUTH_ERRORS } from '../../../plugins/operator-auth.ts';
import type { ActionRecorder, OperatorIdentity } from '../../identity/operator/index.ts';
import { RISK_ERRORS } from './risk.errors.ts';
import {
  alertBrand,
  findAlert,
  insertAlertNote,
  listAlertNotes,
  listAlerts,
  lockAlert,
  openAlertsOf,
  updateAlert,
  type AlertFilter,
  type AlertRow,
  type AlertView,
} from './risk.repository.ts';

/** Freezes a member's money as the member record does (its restriction and action-log row). */
export type FreezeMember = (
  operator: OperatorIdentity,
  memberId: bigint,
  context: { reason: string; ip: string },
) => Promise<void>;

export function toAdminAlert(view: AlertView): AdminRiskAlert {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    id: String(view.id),
    brand: view.brandCode,
    memberId: String(view.memberId),
    username: view.username,
    rule: view.rule,
    status: view.status,
    details: view.details,
    hits: view.hits,
    withdrawalOrderNo: view.withdrawalOrderNo,
    withdrawalHeld: view.withdrawalHeld,
    createdAt: view.createdAt.toISOString(),
    lastHitAt: view.lastHitAt.toISOString(),
    claimedBy: view.claimedByName,
    claimedAt: iso(view.claimedAt),
    resolvedBy: view.resolvedByName,
    resolvedAt: iso(view.resolvedAt),
    resolution: view.resolution,
    memberFrozenAt: iso(view.memberFrozenAt),
    notesCount: view.notesCount,
  };
}

/** What the action log keeps of an alert before and after a change. */
function snapshot(row: AlertRow) {
  return {
    status: row.status,
    claimedBy: row.claimedBy === null ? null : String(row.claimedBy),
    resolution: row.resolution,
    memberFrozen: row.memberFrozenAt !== null,
  };
}

/**
 * The risk-alert queue of the back office (`risk.alerts`): the list narrowed to the operator's
 * brands, an alert's detail, and the changes: claim, note, resolve, freeze the member. Each
 * change locks the alert's row and writes its action-log row in its transaction.
 */
export class RiskAlertsService {
  readonly #db: Database;
  readonly #operators: ActionRecorder;
  readonly #freezeMember: FreezeMember;

  constructor(options: { db: Database; operators: ActionRecorder; freezeMember: FreezeMember }) {
    this.#db = options.db;
    this.#operators = options.operators;
    this.#freezeMember = options.freezeMember;
  }

  /** The brand of an alert (the operator guard's record rule); null when there is none. */
  alertBrand(id: string): Promise<string | null> {
    return alertBrand(this.#db, BigInt(id));
  }

  async list(
    operator: OperatorIdentity,
    query: Omit<AlertFilter, 'operatorId' | 'memberId'> & {
      memberId?: string | undefined;
      page: number;
      pageSize: number;
    },
  ) {
    const { page, pageSize, memberId, ...filter } = query;
    const { rows, total } = await listAlerts(
      this.#db,
      {
        ...filter,
        memberId: memberId ? BigInt(memberId) : undefined,
        operatorId: operator.operatorId,
      },
      { offset: (page - 1) * pageSize, limit: pageSize },
    );
    return { items: rows.map(toAdminAlert), total, page, pageSize };
  }

  /** The member's open alerts (the member 360's protection panel). */
  async openOfMember(memberId: bigint): Promise<AdminRiskAlert[]> {
    return (await openAlertsOf(this.#db, memberId)).map(toAdminAlert);
  }

  async detail(id: string): Promise<AdminRiskAlertDetail> {
    const view = await findAlert(this.#db, BigInt(id));
    if (!view) throw appError(RISK_ERRORS, 'risk_alert_not_found');
    const notes = await listAlertNotes(this.#db, view.id);
    return {
      ...toAdminAlert(view),
      notes: notes.map((note) => ({
        id: String(note.id),
        author: note.author,
        body: note.body,
        createdAt: note.createdAt.toISOString(),
      })),
    };
  }

  /** Claims an open alert: a free one, or the caller's own again; another's is refused. */
  async claim(operator: OperatorIdentity, id: string, ip: string) {
    await this.#change(operator, id, 'risk_alert_claim', ip, async (transaction, row) => {
      this.#assertMayWork(operator, row);
      if (row.claimedBy === operator.operatorId) return false;
      await updateAlert(transaction, row.id, { claimedBy: operator.operatorId, claimedNow: true });
      return true;
    });
    return this.detail(id);
  }

  /** Resolves an open alert with a reason, claiming it when free. */
  async resolve(operator: OperatorIdentity, id: string, input: { reason: string; ip: string }) {
    await this.#change(
      operator,
      id,
      'risk_alert_resolve',
      input.ip,
      async (transaction, row) => {
        this.#assertMayWork(operator, row);
        await updateAlert(transaction, row.id, {
          status: 'resolved',
          resolvedBy: operator.operatorId,
          resolvedNow: true,
          resolution: input.reason,
          ...(row.claimedBy === null ? { claimedBy: operator.operatorId, claimedNow: true } : {}),
        });
        return true;
      },
      input.reason,
    );
    return this.detail(id);
  }

  /**
   * Freezes the alert's member: the member record's freeze (its restriction and its
   * `member_freeze` action-log row, in its transaction), then the alert notes it. Needs
   * `members.freeze` besides `risk.alerts`.
   */
  async freezeMember(
    operator: OperatorIdentity,
    id: string,
    input: { reason: string; ip: string },
  ) {
    if (!operator.permissions.has('members.freeze')) {
      throw appError(OPERATOR_AUTH_ERRORS, 'forbidden');
    }
    const alert = await findAlert(this.#db, BigInt(id));
    if (!alert) throw appError(RISK_ERRORS, 'risk_alert_not_found');
    // The member record's freeze, in its own transaction with its own action-log row (a
    // repeat of a freeze in force changes and logs nothing); then the alert records it.
    await this.#freezeMember(operator, alert.memberId, input);
    await this.#change(
      operator,
      id,
      'risk_alert_freeze',
      input.ip,
      async (transaction, locked) => {
        if (locked.memberFrozenAt !== null) return false;
        await updateAlert(transaction, locked.id, { frozenNow: true });
        return true;
      },
      input.reason,
    );
    return this.detail(id);
  }

  /** Appends a note, open or resolved. */
  async addNote(
    operator: OperatorIdentity,
    id: string,
    input: { body: string; ip: string },
  ): Promise<CashierNote> {
    return this.#db.transaction(async (transaction) => {
      const row = await lockAlert(transaction, BigInt(id));
      if (!row) throw appError(RISK_ERRORS, 'risk_alert_not_found');
      const note = await insertAlertNote(transaction, {
        alertId: row.id,
        brandCode: row.brandCode,
        operatorId: operator.operatorId,
        body: input.body,
      });
      await this.#operators.record(transaction, operator, {
        action: 'risk_alert_note',
        brandCode: row.brandCode,
        targetType: 'risk_alert',
        targetId: String(row.id),
        details: { before: null, after: { noteId: String(note.id), body: input.body } },
        ip: input.ip,
      });
      return {
        id: String(note.id),
        author: operator.username,
        body: input.body,
        createdAt: note.createdAt.toISOString(),
      };
    });
  }

  #assertMayWork(operator: OperatorIdentity, row: AlertRow): void {
    if (row.status !== 'open') throw appError(RISK_ERRORS, 'risk_alert_resolved');
    if (row.claimedBy !== null && row.claimedBy !== operator.operatorId) {
      throw appError(RISK_ERRORS, 'risk_alert_claimed_by_other');
    }
  }

  /** Locks the alert, applies the change and logs it with the alert before and after. */
  async #change(
    operator: OperatorIdentity,
    id: string,
    action: string,
    ip: string,
    apply: (transaction: Executor, row: AlertRow) => Promise<boolean>,
    reason?: string,
  ): Promise<void> {
    await this.#db.transaction(async (transaction) => {
      const row = await lockAlert(transaction, BigInt(id));
      if (!row) throw appError(RISK_ERRORS, 'risk_alert_not_found');
      if (!(await apply(transaction, row))) return;
      const after = await lockAlert(transaction, row.id);
      await this.#operators.record(transaction, operator, {
        action,
        brandCode: row.brandCode,
        targetType: 'risk_alert',
        targetId: String(row.id),
        ...(reason === undefined ? {} : { reason }),
        details: { before: snapshot(row), after: after ? snapshot(after) : null },
        ip,
      });
    });
  }
}
