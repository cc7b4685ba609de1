import type { Database } from '../../db/client.ts';
import { appError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import {
  clearLoginFailures,
  lockedSecondsLeft,
  recordLoginFailure,
} from '../auth/auth.repository.ts';
import { hashSessionToken, newSessionToken } from '../session/session.service.ts';
import { OPERATOR_ERRORS } from './operator.errors.ts';
import {
  findOperatorByUsername,
  findOperatorSession,
  insertOperatorAction,
  insertOperatorIfAbsent,
  insertOperatorSession,
  listOperatorActions,
  revokeOperatorSession,
  touchOperatorSession,
  type OperatorRow,
} from './operator.repository.ts';

export type OperatorIdentity = {
  sessionId: bigint;
  operatorId: bigint;
  username: string;
  role: 'admin' | 'cashier';
};

/** Operators share the login lock table under this pseudo-brand. */
const OPERATOR_LOCK_SCOPE = '(operators)';
const LOCK_ATTEMPTS = 5;
const LOCK_WINDOW_MINUTES = 30;
const IDLE_MINUTES = 30;

/**
 * Operator accounts, sessions and the action log. Every action an operator takes on money or
 * members is recorded with who, when, what and why (`record`).
 */
export class OperatorService {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Creates the first admin unless an operator of that name exists; true when created. */
  async seedAdmin(username: string, password: string): Promise<boolean> {
    return insertOperatorIfAbsent(this.#db, {
      username,
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
  }

  async login(input: { username: string; password: string; ip: string }): Promise<{
    token: string;
    operator: OperatorRow;
  }> {
    const key = input.username.toLowerCase();
    const locked = await lockedSecondsLeft(this.#db, OPERATOR_LOCK_SCOPE, key);
    if (locked > 0) {
      throw appError(OPERATOR_ERRORS, 'operator_locked', { retryAfterSeconds: locked });
    }
    const operator = await findOperatorByUsername(this.#db, input.username);
    const matches = await verifyPassword(operator?.passwordHash ?? null, input.password);
    if (!operator || !matches || operator.disabled) {
      const seconds = await recordLoginFailure(
        this.#db,
        OPERATOR_LOCK_SCOPE,
        key,
        LOCK_ATTEMPTS,
        LOCK_WINDOW_MINUTES,
      );
      if (seconds > 0) {
        throw appError(OPERATOR_ERRORS, 'operator_locked', { retryAfterSeconds: seconds });
      }
      throw appError(OPERATOR_ERRORS, 'operator_login_wrong');
    }
    await clearLoginFailures(this.#db, OPERATOR_LOCK_SCOPE, key);
    const token = newSessionToken();
    await insertOperatorSession(this.#db, {
      operatorId: operator.id,
      tokenHash: hashSessionToken(token),
      ip: input.ip,
    });
    await insertOperatorAction(this.#db, {
      operatorId: operator.id,
      action: 'login',
      ip: input.ip,
    });
    return { token, operator };
  }

  async resolve(token: string): Promise<OperatorIdentity | null> {
    if (token.length > 128) return null;
    const found = await findOperatorSession(this.#db, hashSessionToken(token));
    if (!found) return null;
    if (found.idleSeconds > IDLE_MINUTES * 60) {
      await revokeOperatorSession(this.#db, found.sessionId);
      return null;
    }
    if (found.idleSeconds > 60) await touchOperatorSession(this.#db, found.sessionId);
    return {
      sessionId: found.sessionId,
      operatorId: found.operator.id,
      username: found.operator.username,
      role: found.operator.role,
    };
  }

  async logout(identity: OperatorIdentity): Promise<void> {
    await revokeOperatorSession(this.#db, identity.sessionId);
  }

  /** Appends to the operator action log. */
  async record(
    identity: OperatorIdentity,
    action: {
      action: string;
      brandCode?: string;
      targetType?: string;
      targetId?: string;
      reason?: string;
      details?: Record<string, unknown>;
      ip: string;
    },
  ): Promise<void> {
    await insertOperatorAction(this.#db, {
      operatorId: identity.operatorId,
      action: action.action,
      brandCode: action.brandCode ?? null,
      targetType: action.targetType ?? null,
      targetId: action.targetId ?? null,
      reason: action.reason ?? null,
      details: action.details ?? {},
      ip: action.ip,
    });
  }

  async actions(filter: {
    targetType?: string | undefined;
    targetId?: string | undefined;
    limit: number;
  }) {
    const rows = await listOperatorActions(this.#db, filter);
    return rows.map((row) => ({
      id: String(row.id),
      operator: row.operatorUsername,
      action: row.action,
      brandCode: row.brandCode,
      targetType: row.targetType,
      targetId: row.targetId,
      reason: row.reason,
      details: row.details,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
