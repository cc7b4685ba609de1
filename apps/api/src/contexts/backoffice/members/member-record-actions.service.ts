import type { MemberState } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';
import type { AuthService } from '../../identity/auth/index.ts';
import {
  deleteRestriction,
  findMemberById,
  findRestrictions,
  insertRestriction,
  lockMember,
  revokeMemberSessions,
  setMemberStatus,
  type MemberRow,
  type RestrictionKind,
  type RestrictionRow,
} from '../../identity/member/index.ts';
import type { ActionRecorder } from '../../identity/operator/index.ts';
import { countOpenMemberOrders } from '../../money/deposit/index.ts';
import { countPendingMemberOrders } from '../../money/withdrawal/index.ts';
import { MEMBER_RECORD_ERRORS } from './member-record.errors.ts';
import {
  memberMoney,
  restrictionsOf,
  type MemberOfRecord,
  type MemberRecordService,
} from './member-record.service.ts';

/** What an action does inside its transaction, and whether every session of the member ends. */
type Change = (
  transaction: Executor,
  member: MemberOfRecord,
  inForce: ReadonlySet<RestrictionKind>,
) => Promise<{ endSessions?: string } | void>;

type Context = { reason: string; ip: string };

/** What the action log keeps of the account before and after a change. */
function snapshot(row: MemberRow, restrictions: RestrictionRow[]) {
  const has = (kind: RestrictionKind) => restrictions.some((entry) => entry.kind === kind);
  return {
    status: row.status,
    loginLocked: has('login_locked'),
    moneyFrozen: has('money_frozen'),
    closed: has('closed'),
  };
}

function refuseWhenClosed(inForce: ReadonlySet<RestrictionKind>): void {
  if (inForce.has('closed')) throw appError(MEMBER_RECORD_ERRORS, 'member_closed');
}

/**
 * What operators do to a member's account, each with a reason: lock and unlock the login,
 * freeze and unfreeze the money (the money gate of identity/member reads it), end every
 * session, send a password reset code, close the account. Each change runs under the member's
 * row lock and writes its action-log row, with the state before and after, in its own
 * transaction; asking for the state the account is already in changes and logs nothing.
 */
export class MemberActionsService {
  readonly #db: Database;
  readonly #records: MemberRecordService;
  readonly #operators: ActionRecorder;
  readonly #auth: Pick<AuthService, 'sendPasswordResetCode'>;
  readonly #leavePresence: ((brandCode: string, memberId: bigint) => Promise<void>) | undefined;
  readonly #forgetSessions: ((memberId: bigint) => Promise<void>) | undefined;

  constructor(options: {
    db: Database;
    records: MemberRecordService;
    operators: ActionRecorder;
    auth: Pick<AuthService, 'sendPasswordResetCode'>;
    /** Takes the member off the online list at once when their sessions end (games). */
    leavePresence?: (brandCode: string, memberId: bigint) => Promise<void>;
    /** Every node reads the member's sessions again (after a commit that ended or barred them). */
    forgetSessions?: (memberId: bigint) => Promise<void>;
  }) {
    this.#db = options.db;
    this.#records = options.records;
    this.#operators = options.operators;
    this.#auth = options.auth;
    this.#leavePresence = options.leavePresence;
    this.#forgetSessions = options.forgetSessions;
  }

  /** The member cannot log in (account_disabled) and every session ends now. */
  lock(operator: OperatorIdentity, id: string, context: Context): Promise<MemberState> {
    return this.#change(
      operator,
      id,
      'member_lock',
      context,
      async (transaction, member, inForce) => {
        refuseWhenClosed(inForce);
        await this.#restrict(transaction, operator, member, 'login_locked', context.reason);
        await setMemberStatus(transaction, member.row.id, 'disabled');
        return { endSessions: 'operator_lock' };
      },
    );
  }

  unlock(operator: OperatorIdentity, id: string, context: Context): Promise<MemberState> {
    return this.#change(
      operator,
      id,
      'member_unlock',
      context,
      async (transaction, member, inForce) => {
        refuseWhenClosed(inForce);
        await deleteRestriction(transaction, member.row.id, 'login_locked');
        await setMemberStatus(transaction, member.row.id, 'active');
      },
    );
  }

  /** The money gate refuses every movement the member starts (account_frozen). */
  freeze(operator: OperatorIdentity, id: string, context: Context): Promise<MemberState> {
    return this.#change(
      operator,
      id,
      'member_freeze',
      context,
      async (transaction, member, inForce) => {
        refuseWhenClosed(inForce);
        await this.#restrict(transaction, operator, member, 'money_frozen', context.reason);
      },
    );
  }

  unfreeze(operator: OperatorIdentity, id: string, context: Context): Promise<MemberState> {
    return this.#change(
      operator,
      id,
      'member_unfreeze',
      context,
      async (transaction, member, inForce) => {
        refuseWhenClosed(inForce);
        await deleteRestriction(transaction, member.row.id, 'money_frozen');
      },
    );
  }

  /** Ends every session of the member now; logged even when there was none. */
  logout(operator: OperatorIdentity, id: string, context: Context): Promise<MemberState> {
    return this.#change(
      operator,
      id,
      'member_logout',
      context,
      async () => ({ endSessions: 'operator_logout' }),
      { logAlways: true },
    );
  }

  /**
   * Closes the account for good, only when it holds no money by the books and has none on its
   * way: the operator settles it first (a withdrawal, an adjustment, a transfer back from a
   * platform, deciding open orders). Status disabled, every session ends, the username stays
   * taken. Nothing here reopens it.
   */
  close(operator: OperatorIdentity, id: string, context: Context): Promise<MemberState> {
    return this.#change(
      operator,
      id,
      'member_close',
      context,
      async (transaction, member, inForce) => {
        if (inForce.has('closed')) return;
        const money = await memberMoney(transaction, member);
        const withdrawals = await countPendingMemberOrders(transaction, member.row.id);
        const deposits = await countOpenMemberOrders(transaction, member.row.id);
        if (money.totalMinor !== 0n || withdrawals > 0 || deposits > 0) {
          throw appError(MEMBER_RECORD_ERRORS, 'member_has_money');
        }
        await this.#restrict(transaction, operator, member, 'closed', context.reason);
        await setMemberStatus(transaction, member.row.id, 'disabled');
        return { endSessions: 'operator_close' };
      },
    );
  }

  /**
   * Sends the member the forgotten-password code (auth), to the bound phone, or `channel`, or
   * the bound e-mail; answers where it went, masked, and never the code.
   */
  async passwordReset(
    operator: OperatorIdentity,
    id: string,
    input: Context & { channel?: 'sms' | 'email' | undefined },
  ): Promise<{ channel: 'sms' | 'email'; sentTo: string; expiresInSeconds: number }> {
    const member = await this.#records.member(id);
    const { row } = member;
    const restrictions = await findRestrictions(this.#db, row.id);
    if (restrictions.some((entry) => entry.kind === 'closed')) {
      throw appError(MEMBER_RECORD_ERRORS, 'member_closed');
    }
    const sent = await this.#auth.sendPasswordResetCode(member.brand, row, input.channel);
    if (!sent) throw appError(MEMBER_RECORD_ERRORS, 'member_no_contact');
    // Nothing in the database changed: the row records that a code went, and where.
    await this.#operators.record(this.#db, operator, {
      action: 'member_password_reset',
      brandCode: row.brandCode,
      targetType: 'member',
      targetId: String(row.id),
      reason: input.reason,
      details: { username: row.username, channel: sent.channel, sentTo: sent.sentTo },
      ip: input.ip,
    });
    return sent;
  }

  async #restrict(
    transaction: Executor,
    operator: OperatorIdentity,
    member: MemberOfRecord,
    kind: RestrictionKind,
    reason: string,
  ): Promise<void> {
    await insertRestriction(transaction, {
      memberId: member.row.id,
      brandCode: member.row.brandCode,
      kind,
      reason,
      operatorId: operator.operatorId,
      operatorUsername: operator.username,
    });
  }

  /**
   * Runs a change under the member's row lock and logs it with the state before and after, in
   * one transaction; a change that changed nothing is not logged unless `logAlways`.
   */
  async #change(
    operator: OperatorIdentity,
    id: string,
    action: string,
    context: Context,
    change: Change,
    options: { logAlways?: boolean } = {},
  ): Promise<MemberState> {
    const found = await this.#records.member(id);
    const brandCode = found.row.brandCode;
    const state = await this.#db.transaction(async (transaction) => {
      const row = await lockMember(transaction, brandCode, found.row.id);
      if (!row) throw appError(MEMBER_RECORD_ERRORS, 'member_not_found');
      const restrictionsBefore = await findRestrictions(transaction, row.id);
      const before = snapshot(row, restrictionsBefore);
      const outcome = await change(
        transaction,
        { ...found, row },
        new Set(restrictionsBefore.map((entry) => entry.kind)),
      );
      const sessionsEnded = outcome?.endSessions
        ? await revokeMemberSessions(transaction, row.id, outcome.endSessions)
        : 0;
      const rowAfter = (await findMemberById(transaction, brandCode, row.id)) ?? row;
      const restrictionsAfter = await findRestrictions(transaction, row.id);
      const after = snapshot(rowAfter, restrictionsAfter);
      const changed = JSON.stringify(before) !== JSON.stringify(after) || sessionsEnded > 0;
      if (changed || options.logAlways) {
        await this.#operators.record(transaction, operator, {
          action,
          brandCode,
          targetType: 'member',
          targetId: String(row.id),
          reason: context.reason,
          details: { username: row.username, before, after, sessionsEnded },
          ip: context.ip,
        });
      }
      return {
        id: String(row.id),
        status: rowAfter.status,
        restrictions: restrictionsOf(rowAfter, restrictionsAfter),
        sessionsEnded,
      };
    });
    if (state.sessionsEnded > 0 || state.status !== found.row.status) {
      // Should the message not go out, the nodes' own checks drop the sessions within minutes;
      // and with Redis down, no node trusts its memory at all (SessionService).
      await this.#forgetSessions?.(found.row.id).catch(() => undefined);
    }
    if (state.sessionsEnded > 0 && this.#leavePresence) {
      // The online list would drop the member within a heartbeat anyway: a failure only waits.
      await this.#leavePresence(brandCode, found.row.id).catch(() => undefined);
    }
    return state;
  }
}
