import {
  adminActionsExportEndpoint,
  permissionsNeedTotp,
  type BrandScope,
  type Permission,
} from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import type { OperatorIdentity, OperatorResolver } from '../../../plugins/operator-auth.ts';
import { appError } from '../../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import { clearLoginFailures, lockedSecondsLeft, recordLoginFailure } from '../auth/index.ts';
import { hashSessionToken, newSessionToken } from '../member/index.ts';
import type { AuditKind, AuditLog } from '../../platform/audit/index.ts';
import { exportLog } from './operator-actions.ts';
import { OPERATOR_ERRORS } from './operator.errors.ts';
import { brandScopeOf, permissionList, permissionsOfRole } from './operator-roles.ts';
import {
  acceptedTotpStep,
  hashRecoveryCode,
  ipAllowed,
  newRecoveryCodes,
  newTotpSecret,
  totpUri,
  TotpVault,
} from './operator-totp.ts';
import {
  acceptTotpStep,
  enableTotp,
  findOperatorById,
  findOperatorByUsername,
  findRolePermissions,
  findOperatorSession,
  insertOperatorAction,
  operatorActionValues,
  insertOperatorIfAbsent,
  listActiveOperatorsWithRoles,
  insertOperatorSession,
  listOperatorActions,
  revokeOperatorSession,
  setPendingTotpSecret,
  touchOperatorSession,
  useRecoveryCode,
  type OperatorActionRow,
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
/** Minutes without a request after which an operator session ends. */
export const OPERATOR_IDLE_MINUTES = 15;
/** Hours after login at which an operator session ends, however busy. */
export const OPERATOR_SESSION_HOURS = 12;

/** An operator as the back office shows them: role, permissions, brands, second factor. */
export type OperatorView = {
  username: string;
  role: string;
  permissions: Permission[];
  brands: BrandScope;
  totpEnabled: boolean;
  totpEnrolmentRequired: boolean;
};

/** The view of a logged-in operator (login, me). */
export function operatorView(
  identity: Omit<OperatorIdentity, 'sessionId' | 'operatorId'>,
): OperatorView {
  return {
    username: identity.username,
    role: identity.role,
    permissions: permissionList(identity.permissions),
    brands: identity.brands,
    totpEnabled: identity.totpEnabled,
    totpEnrolmentRequired: identity.totpEnrolmentRequired,
  };
}

/** Whether any brand of the scope asks every operator of it for two factors. */
export type BrandTotpPolicy = (brands: BrandScope) => boolean;

/** What a module needs to log its operator actions: `record` on the change's transaction. */
export type ActionRecorder = Pick<OperatorService, 'record'>;

/** Where a login attack on an operator account is reported. */
export type SecurityAlerts = {
  warn(details: Record<string, unknown>, message: string): void;
};

/**
 * The operator actions that are significant events (issue 15, point 9): `record` appends them
 * to the audit log too, in the same transaction. An adjustment writes its event in its own
 * statement (money/withdrawal adjustment.repository.ts).
 */
const SIGNIFICANT_ACTIONS: Readonly<Record<string, AuditKind>> = {
  member_lock: 'member_locked',
  member_unlock: 'member_unlocked',
  member_freeze: 'member_money_frozen',
  member_unfreeze: 'member_money_unfrozen',
  member_close: 'member_closed',
  operator_create: 'operator_permissions_changed',
  operator_update: 'operator_permissions_changed',
  operator_disable: 'operator_permissions_changed',
  operator_enable: 'operator_permissions_changed',
  operator_reset_totp: 'operator_permissions_changed',
  role_save: 'operator_permissions_changed',
  game_platform_maintenance: 'game_availability_changed',
};

/** What an operator did, for the action log (OperatorService.record). */
export type LoggedAction = {
  action: string;
  brandCode?: string;
  targetType?: string;
  targetId?: string;
  reason?: string;
  details?: Record<string, unknown>;
  ip: string;
};

function actionRow(identity: OperatorIdentity, action: LoggedAction) {
  return {
    operatorId: identity.operatorId,
    action: action.action,
    brandCode: action.brandCode ?? null,
    targetType: action.targetType ?? null,
    targetId: action.targetId ?? null,
    reason: action.reason ?? null,
    details: action.details ?? {},
    ip: action.ip,
  };
}

/**
 * Operator accounts, sessions and the action log. Every action an operator takes on money or
 * members is recorded with who, when, what and why (`record`).
 */
export class OperatorService implements OperatorResolver {
  readonly #db: Database;
  readonly #alerts: SecurityAlerts | undefined;
  readonly #vault: TotpVault | undefined;
  readonly #brandsRequireTotp: BrandTotpPolicy;
  readonly #audit: AuditLog | undefined;

  /**
   * `totpKey` seals TOTP secrets (32 bytes; the app derives it from the RSA key): without it no
   * operator can enrol or log in with a code. `brandsRequireTotp` is the brands' own policy.
   */
  constructor(
    db: Database,
    options: {
      alerts?: SecurityAlerts;
      totpKey?: Buffer;
      brandsRequireTotp?: BrandTotpPolicy;
      /** Where significant operator actions are also recorded (SIGNIFICANT_ACTIONS). */
      audit?: AuditLog;
    } = {},
  ) {
    this.#db = db;
    this.#audit = options.audit;
    this.#alerts = options.alerts;
    this.#vault = options.totpKey ? new TotpVault(options.totpKey) : undefined;
    this.#brandsRequireTotp = options.brandsRequireTotp ?? (() => false);
  }

  #requiresTotp(permissions: ReadonlySet<Permission>, brands: BrandScope): boolean {
    return permissionsNeedTotp(permissions) || this.#brandsRequireTotp(brands);
  }

  #vaultOrFail(): TotpVault {
    if (!this.#vault) throw new Error('OperatorService was built without a TOTP key');
    return this.#vault;
  }

  /**
   * The operators not disabled whose role grants `permission` in `brandCode` (their scope holds
   * the brand): whom a brand's work may be handed to.
   */
  async holders(
    permission: Permission,
    brandCode: string,
  ): Promise<{ id: bigint; username: string }[]> {
    const rows = await listActiveOperatorsWithRoles(this.#db);
    return rows
      .filter(
        (row) =>
          permissionsOfRole(row.role, row.customPermissions).has(permission) &&
          (row.allBrands || row.brands.includes(brandCode)),
      )
      .map((row) => ({ id: row.id, username: row.username }));
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

  /**
   * Password, address, then the second factor: an operator who has enrolled gives a TOTP code
   * or a recovery code (`totp_required` until they do; a wrong one counts as a wrong password).
   * An operator whose role or brands need two factors and who has not enrolled gets a session
   * good for enrolment only.
   */
  async login(input: {
    username: string;
    password: string;
    ip: string;
    totp?: string | undefined;
    recoveryCode?: string | undefined;
  }): Promise<{ token: string; operator: OperatorView }> {
    const name = input.username.toLowerCase();
    const nameAtAddress = `${name}@${input.ip}`;
    const locked = await lockedSecondsLeft(this.#db, OPERATOR_LOCK_SCOPE, nameAtAddress);
    if (locked > 0) {
      throw appError(OPERATOR_ERRORS, 'operator_locked', { retryAfterSeconds: locked });
    }
    const operator = await findOperatorByUsername(this.#db, input.username);
    const matches = await verifyPassword(operator?.passwordHash ?? null, input.password);
    if (!operator || !matches || operator.disabled) {
      await this.#failed(name, nameAtAddress, input.ip);
      throw appError(OPERATOR_ERRORS, 'operator_login_wrong');
    }
    if (!ipAllowed(operator.ipAllowList, input.ip)) {
      throw appError(OPERATOR_ERRORS, 'operator_address_not_allowed');
    }
    if (operator.totpSecret) {
      if (!input.totp && !input.recoveryCode) throw appError(OPERATOR_ERRORS, 'totp_required');
      if (!(await this.#secondFactor(operator, input))) {
        await this.#failed(name, nameAtAddress, input.ip);
        throw appError(OPERATOR_ERRORS, 'totp_wrong');
      }
    }
    await clearLoginFailures(this.#db, OPERATOR_LOCK_SCOPE, nameAtAddress);
    const permissions = permissionsOfRole(
      operator.role,
      await findRolePermissions(this.#db, operator.role),
    );
    const brands = brandScopeOf(operator);
    const totpPending = !operator.totpSecret && this.#requiresTotp(permissions, brands);
    const token = newSessionToken();
    // The session and the record of its opening commit together.
    await this.#db.transaction(async (transaction) => {
      await insertOperatorSession(transaction, {
        operatorId: operator.id,
        tokenHash: hashSessionToken(token),
        ip: input.ip,
        totpPending,
      });
      await insertOperatorAction(transaction, {
        operatorId: operator.id,
        action: 'login',
        details: { secondFactor: operator.totpSecret ? (input.totp ? 'totp' : 'recovery') : null },
        ip: input.ip,
      });
    });
    return {
      token,
      operator: operatorView({
        username: operator.username,
        role: operator.role,
        permissions,
        brands,
        totpEnabled: Boolean(operator.totpSecret),
        totpEnrolmentRequired: totpPending,
      }),
    };
  }

  /** Counts a wrong password or code toward the lock of the name at the address, and the alert. */
  async #failed(name: string, nameAtAddress: string, ip: string): Promise<void> {
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
        { alert: 'operator_login_attack', username: name, ip },
        `${OPERATOR_ALERT_ATTEMPTS} or more wrong operator passwords for one name in ${LOCK_WINDOW_MINUTES} minutes`,
      );
    }
    if (seconds > 0) {
      throw appError(OPERATOR_ERRORS, 'operator_locked', { retryAfterSeconds: seconds });
    }
  }

  /** A TOTP code not used before, or an unused recovery code, used up now. */
  async #secondFactor(
    operator: OperatorRow,
    input: { totp?: string | undefined; recoveryCode?: string | undefined },
  ): Promise<boolean> {
    if (input.totp && operator.totpSecret) {
      const secret = this.#vaultOrFail().open(operator.totpSecret);
      const step = await acceptedTotpStep(secret, input.totp, operator.totpLastStep);
      return step !== null && (await acceptTotpStep(this.#db, operator.id, step));
    }
    if (input.recoveryCode) {
      return useRecoveryCode(this.#db, operator.id, hashRecoveryCode(input.recoveryCode));
    }
    return false;
  }

  /** Starts enrolment: a new secret, kept sealed until a code confirms it. */
  async totpSetup(identity: OperatorIdentity): Promise<{ secret: string; uri: string }> {
    if (identity.totpEnabled) throw appError(OPERATOR_ERRORS, 'totp_already_enabled');
    const secret = newTotpSecret();
    await setPendingTotpSecret(this.#db, identity.operatorId, this.#vaultOrFail().seal(secret));
    return { secret, uri: totpUri(secret, identity.username) };
  }

  /** Confirms enrolment with a code of the new secret; answers the recovery codes, once. */
  async totpConfirm(
    identity: OperatorIdentity,
    code: string,
    ip: string,
  ): Promise<{ recoveryCodes: string[] }> {
    if (identity.totpEnabled) throw appError(OPERATOR_ERRORS, 'totp_already_enabled');
    const operator = await findOperatorById(this.#db, identity.operatorId);
    if (!operator?.totpPendingSecret) throw appError(OPERATOR_ERRORS, 'totp_not_started');
    const sealed = operator.totpPendingSecret;
    const step = await acceptedTotpStep(this.#vaultOrFail().open(sealed), code, null);
    if (step === null) throw appError(OPERATOR_ERRORS, 'totp_wrong');
    const recoveryCodes = newRecoveryCodes();
    await this.#db.transaction(async (transaction) => {
      await enableTotp(transaction, identity.operatorId, {
        sealed,
        step,
        recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
      });
      await this.record(transaction, identity, {
        action: 'totp_enabled',
        targetType: 'operator',
        targetId: String(identity.operatorId),
        details: { before: { totpEnabled: false }, after: { totpEnabled: true } },
        ip,
      });
    });
    return { recoveryCodes };
  }

  /**
   * The operator of a live session: not revoked, the operator not disabled, active within the
   * idle limit, younger than the session lifetime, and used from an allowed address. A session
   * past a limit is revoked.
   */
  async resolve(token: string, ip?: string): Promise<OperatorIdentity | null> {
    if (token.length > 128) return null;
    const found = await findOperatorSession(this.#db, hashSessionToken(token));
    if (!found) return null;
    if (
      found.idleSeconds > OPERATOR_IDLE_MINUTES * 60 ||
      found.ageSeconds > OPERATOR_SESSION_HOURS * 3600
    ) {
      await revokeOperatorSession(this.#db, found.sessionId);
      return null;
    }
    if (ip !== undefined && !ipAllowed(found.operator.ipAllowList, ip)) return null;
    if (found.idleSeconds > 60) await touchOperatorSession(this.#db, found.sessionId);
    return {
      sessionId: found.sessionId,
      operatorId: found.operator.id,
      username: found.operator.username,
      role: found.operator.role,
      permissions: permissionsOfRole(found.operator.role, found.customPermissions),
      brands: brandScopeOf(found.operator),
      totpEnabled: found.operator.totpSecret !== null,
      totpEnrolmentRequired: found.totpPending,
    };
  }

  async logout(identity: OperatorIdentity): Promise<void> {
    await revokeOperatorSession(this.#db, identity.sessionId);
  }

  /**
   * Appends to the operator action log on `executor`, which is the transaction of the change
   * the row describes (DESIGN.md section 3.11): the change and the record of who made it commit
   * together or not at all. Only a read or a replay that changed nothing is recorded on its own.
   * A change puts the fields it changed in `details.before` and `details.after`, each side with
   * its values (null for a side that does not exist: `changes` and `omit` of
   * operator-actions.ts); the reader shows them as `before` and `after`.
   */
  async record(
    executor: Executor,
    identity: OperatorIdentity,
    action: LoggedAction,
  ): Promise<void> {
    await insertOperatorAction(executor, actionRow(identity, action));
    const kind = SIGNIFICANT_ACTIONS[action.action];
    if (kind && this.#audit) {
      await this.#audit.record(executor, {
        kind,
        brandCode: action.brandCode ?? null,
        memberId:
          action.targetType === 'member' && /^\d{1,19}$/.test(action.targetId ?? '')
            ? BigInt(action.targetId!)
            : null,
        actor: { type: 'operator', id: String(identity.operatorId) },
        details: {
          action: action.action,
          operator: identity.username,
          targetType: action.targetType ?? null,
          targetId: action.targetId ?? null,
          reason: action.reason ?? null,
          ...action.details,
        },
      });
    }
  }

  /**
   * `record` for a change made by one statement (a ledger movement): the placeholder values of
   * the row that operator.repository.ts `operatorActionInsertSql` writes in that statement, so
   * the change and its row commit together without a transaction around them.
   */
  recordInStatement(identity: OperatorIdentity, action: LoggedAction): Record<string, unknown> {
    return operatorActionValues(actionRow(identity, action));
  }

  async actions(filter: ActionFilter & { beforeId?: string | undefined; limit: number }) {
    const rows = await listOperatorActions(this.#db, {
      ...actionFilter(filter),
      beforeId: filter.beforeId ? BigInt(filter.beforeId) : undefined,
      limit: filter.limit,
    });
    return rows.map(actionView);
  }

  /** The action log as CSV: the reader's filter, newest first, a keyset batch at a time. */
  actionsExport(
    operator: OperatorIdentity,
    filter: ActionFilter & { query: Record<string, unknown> },
    ip: string,
  ): CsvExport<ReturnType<typeof actionView>> {
    const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
    return {
      name: 'actions',
      columns: csvColumns(adminActionsExportEndpoint.columns, {
        id: (row) => row.id,
        created_at: (row) => row.createdAt,
        operator: (row) => row.operator,
        action: (row) => row.action,
        brand: (row) => row.brandCode,
        target_type: (row) => row.targetType,
        target_id: (row) => row.targetId,
        reason: (row) => row.reason,
        before: (row) => json(row.before),
        after: (row) => json(row.after),
        details: (row) => {
          const { before: _before, after: _after, ...rest } = row.details;
          return Object.keys(rest).length > 0 ? JSON.stringify(rest) : null;
        },
        ip: (row) => row.ip,
      }),
      read: async (after, limit) =>
        (
          await listOperatorActions(this.#db, {
            ...actionFilter(filter),
            beforeId: after ? BigInt(after.id) : undefined,
            limit,
          })
        ).map(actionView),
      log: exportLog(this, this.#db, operator, { list: 'actions', filter: filter.query, ip }),
    };
  }
}

/** What the action log is filtered by, as the reader and the export take it. */
type ActionFilter = {
  targetType?: string | undefined;
  targetId?: string | undefined;
  operator?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  brands: readonly string[] | null;
};

function actionFilter(filter: ActionFilter) {
  return {
    targetType: filter.targetType,
    targetId: filter.targetId,
    operator: filter.operator,
    action: filter.action,
    brands: filter.brands,
    from: filter.from ? new Date(filter.from) : undefined,
    to: filter.to ? new Date(filter.to) : undefined,
  };
}

/** A row of the action log as the reader shows it; rows from before `before`/`after`: nulls. */
function actionView(row: OperatorActionRow & { operatorUsername: string }) {
  return {
    id: String(row.id),
    operator: row.operatorUsername,
    action: row.action,
    brandCode: row.brandCode,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    before: row.details.before ?? null,
    after: row.details.after ?? null,
    details: row.details,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}
