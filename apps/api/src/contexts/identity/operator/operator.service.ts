import type { BrandScope, Permission } from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import type { OperatorIdentity, OperatorResolver } from '../../../plugins/operator-auth.ts';
import { appError } from '../../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import { clearLoginFailures, lockedSecondsLeft, recordLoginFailure } from '../auth/index.ts';
import { hashSessionToken, newSessionToken } from '../member/index.ts';
import { OPERATOR_ERRORS } from './operator.errors.ts';
import { brandScopeOf, permissionList, permissionsOfRole } from './operator-roles.ts';
import {
  findOperatorByUsername,
  findRolePermissions,
  findOperatorSession,
  insertOperatorAction,
  insertOperatorIfAbsent,
  insertOperatorSession,
  listOperatorActions,
  revokeOperatorSession,
  touchOperatorSession,
  type OperatorRow,
} from './operator.repository.ts';

export type { OperatorIdentity };

/**
 * Operators share the login lock table under these pseudo-brands. A lock holds one operator name
 * for one address: a stranger's wrong passwords lock the stranger out, never the operator, who
 * logs in from an address of their own. Every address together only raises an alert.
 */
const OPERATOR_LOCK_SCOPE = '(operators)';
const OPERATOR_ALERT_SCOPE = '(operators-all)';
/** Wrong passwords from one address that lock the name there, within the window. */
export const OPERATOR_LOCK_ATTEMPTS = 5;
/** Wrong passwords for one name from all addresses within the window that raise the alert. */
export const OPERATOR_ALERT_ATTEMPTS = 20;
const LOCK_WINDOW_MINUTES = 30;
const IDLE_MINUTES = 30;

/** An operator as the back office shows them: role, permissions, brands. */
export type OperatorView = {
  username: string;
  role: string;
  permissions: Permission[];
  brands: BrandScope;
};

/** The view of a logged-in operator (login, me). */
export function operatorView(
  operator: Pick<OperatorRow, 'username' | 'role' | 'allBrands' | 'brands'>,
  permissions: ReadonlySet<Permission>,
): OperatorView {
  return {
    username: operator.username,
    role: operator.role,
    permissions: permissionList(permissions),
    brands: brandScopeOf(operator),
  };
}

/** What a module needs to log its operator actions: `record` on the change's transaction. */
export type ActionRecorder = Pick<OperatorService, 'record'>;

/** Where a login attack on an operator account is reported. */
export type SecurityAlerts = {
  warn(details: Record<string, unknown>, message: string): void;
};

/**
 * Operator accounts, sessions and the action log. Every action an operator takes on money or
 * members is recorded with who, when, what and why (`record`).
 */
export class OperatorService implements OperatorResolver {
  readonly #db: Database;
  readonly #alerts: SecurityAlerts | undefined;

  constructor(db: Database, options: { alerts?: SecurityAlerts } = {}) {
    this.#db = db;
    this.#alerts = options.alerts;
  }

  /**
   * Creates the first operator, a super admin of every brand, unless an operator of that name
   * exists; true when created.
   */
  async seedAdmin(username: string, password: string): Promise<boolean> {
    return insertOperatorIfAbsent(this.#db, {
      username,
      passwordHash: await hashPassword(password),
      role: 'super_admin',
      allBrands: true,
    });
  }

  async login(input: { username: string; password: string; ip: string }): Promise<{
    token: string;
    operator: OperatorView;
  }> {
    const name = input.username.toLowerCase();
    const nameAtAddress = `${name}@${input.ip}`;
    const locked = await lockedSecondsLeft(this.#db, OPERATOR_LOCK_SCOPE, nameAtAddress);
    if (locked > 0) {
      throw appError(OPERATOR_ERRORS, 'operator_locked', { retryAfterSeconds: locked });
    }
    const operator = await findOperatorByUsername(this.#db, input.username);
    const matches = await verifyPassword(operator?.passwordHash ?? null, input.password);
    if (!operator || !matches || operator.disabled) {
      const seconds = await recordLoginFailure(
        this.#db,
        OPERATOR_LOCK_SCOPE,
        nameAtAddress,
        OPERATOR_LOCK_ATTEMPTS,
        LOCK_WINDOW_MINUTES,
      );
      const underAttack = await recordLoginFailure(
        this.#db,
        OPERATOR_ALERT_SCOPE,
        name,
        OPERATOR_ALERT_ATTEMPTS,
        LOCK_WINDOW_MINUTES,
      );
      if (underAttack > 0) {
        this.#alerts?.warn(
          { alert: 'operator_login_attack', username: name, ip: input.ip },
          `${OPERATOR_ALERT_ATTEMPTS} or more wrong operator passwords for one name in ${LOCK_WINDOW_MINUTES} minutes`,
        );
      }
      if (seconds > 0) {
        throw appError(OPERATOR_ERRORS, 'operator_locked', { retryAfterSeconds: seconds });
      }
      throw appError(OPERATOR_ERRORS, 'operator_login_wrong');
    }
    await clearLoginFailures(this.#db, OPERATOR_LOCK_SCOPE, nameAtAddress);
    const token = newSessionToken();
    // The session and the record of its opening commit together.
    await this.#db.transaction(async (transaction) => {
      await insertOperatorSession(transaction, {
        operatorId: operator.id,
        tokenHash: hashSessionToken(token),
        ip: input.ip,
      });
      await insertOperatorAction(transaction, {
        operatorId: operator.id,
        action: 'login',
        ip: input.ip,
      });
    });
    const permissions = permissionsOfRole(
      operator.role,
      await findRolePermissions(this.#db, operator.role),
    );
    return { token, operator: operatorView(operator, permissions) };
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
      permissions: permissionsOfRole(found.operator.role, found.customPermissions),
      brands: brandScopeOf(found.operator),
    };
  }

  async logout(identity: OperatorIdentity): Promise<void> {
    await revokeOperatorSession(this.#db, identity.sessionId);
  }

  /**
   * Appends to the operator action log on `executor`, which is the transaction of the change
   * the row describes (DESIGN.md section 3.11): the change and the record of who made it commit
   * together or not at all. Only a read or a replay that changed nothing is recorded on its own.
   */
  async record(
    executor: Executor,
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
    await insertOperatorAction(executor, {
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
    brands: readonly string[] | null;
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
