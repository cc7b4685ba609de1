import {
  adminOperatorsExportEndpoint,
  BUILT_IN_ROLE_KEYS,
  BUILT_IN_ROLES,
  isBuiltInRole,
  PERMISSIONS,
  type AdminOperator,
  type AdminRole,
  type OperatorAccountAction,
  type Permission,
} from '@lobby/contracts';
import type { Database, Executor } from '../../../db/client.ts';
import { uniqueViolation } from '../../../db/errors.ts';
import { appError } from '../../../lib/app-error.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { brandScopeOf, permissionList } from './operator-roles.ts';
import { changes, exportLog } from './operator-actions.ts';
import { isAllowListEntry } from './operator-totp.ts';
import { OPERATOR_ERRORS } from './operator.errors.ts';
import { findRolePermissions } from './operator.repository.ts';
import type { OperatorService } from './operator.service.ts';
import {
  countOperatorsByRole,
  deleteRecoveryCodes,
  findOperatorAccount,
  insertOperator,
  listCustomRoles,
  listOperatorAccounts,
  lockOperator,
  operatorAccountBatch,
  revokeOperatorSessions,
  saveCustomRole,
  updateOperatorAccount,
  type OperatorAccountRow,
} from './operators-admin.repository.ts';

type Grant = 'all' | string[];
type Context = { ip: string; reason: string };
type AccountQuery = {
  q?: string | undefined;
  role?: string | undefined;
  disabled?: 'true' | 'false' | undefined;
};

function accountFilter(query: AccountQuery) {
  return {
    q: query.q,
    role: query.role,
    disabled: query.disabled === undefined ? undefined : query.disabled === 'true',
  };
}

function toAdminOperator(row: OperatorAccountRow): AdminOperator {
  return {
    id: String(row.id),
    username: row.username,
    role: row.role,
    brands: brandScopeOf(row),
    ipAllowList: row.ipAllowList,
    disabled: row.disabled,
    totpEnabled: row.totpSecret !== null,
    sessions: row.sessions,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the action log keeps of an account before and after a change (never secrets). */
function snapshot(view: AdminOperator) {
  const { role, brands, ipAllowList, disabled, totpEnabled, sessions } = view;
  return { role, brands, ipAllowList, disabled, totpEnabled, sessions };
}

/**
 * The operators screen: staff accounts, their roles, brands and addresses, and the custom
 * roles. Every change is logged with the values before and after in its own transaction; a
 * super admin never changes their own role, brands or access here (another must), so nobody
 * locks themselves out or raises their own rights.
 */
export class OperatorAdminService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  readonly #brandExists: (code: string) => boolean;

  constructor(options: {
    db: Database;
    operators: OperatorService;
    brandExists: (code: string) => boolean;
  }) {
    this.#db = options.db;
    this.#operators = options.operators;
    this.#brandExists = options.brandExists;
  }

  async list(query: AccountQuery & { page: number; pageSize: number }): Promise<{
    items: AdminOperator[];
    total: number;
  }> {
    const { rows, total } = await listOperatorAccounts(this.#db, accountFilter(query), {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return { items: rows.map(toAdminOperator), total };
  }

  /** The operators of the list's filter as CSV, by username (never a secret). */
  exportCsv(actor: OperatorIdentity, query: AccountQuery, ip: string): CsvExport<AdminOperator> {
    const filter = accountFilter(query);
    const list = (values: string[]) => values.join(' ');
    return {
      name: 'operators',
      columns: csvColumns(adminOperatorsExportEndpoint.columns, {
        id: (row) => row.id,
        username: (row) => row.username,
        role: (row) => row.role,
        brands: (row) => (row.brands === 'all' ? 'all' : list(row.brands)),
        ip_allow_list: (row) => list(row.ipAllowList),
        disabled: (row) => row.disabled,
        totp_enabled: (row) => row.totpEnabled,
        sessions: (row) => row.sessions,
        last_login_at: (row) => row.lastLoginAt,
        created_at: (row) => row.createdAt,
      }),
      read: async (after, limit) =>
        (await operatorAccountBatch(this.#db, filter, after?.username, limit)).map(toAdminOperator),
      log: exportLog(this.#operators, this.#db, actor, { list: 'operators', filter: query, ip }),
    };
  }

  async create(
    actor: OperatorIdentity,
    input: {
      username: string;
      password: string;
      role: string;
      brands: Grant;
      ipAllowList?: string[] | undefined;
    },
    context: Context,
  ): Promise<AdminOperator> {
    await this.#checkRole(input.role);
    this.#checkBrands(input.brands);
    this.#checkAllowList(input.ipAllowList ?? []);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.#db.transaction(async (transaction) => {
        const id = await insertOperator(transaction, {
          username: input.username,
          passwordHash,
          role: input.role,
          allBrands: input.brands === 'all',
          brands: input.brands === 'all' ? [] : [...new Set(input.brands)].sort(),
          ipAllowList: input.ipAllowList ?? [],
        });
        const created = await this.#view(transaction, id);
        await this.#operators.record(transaction, actor, {
          action: 'operator_create',
          targetType: 'operator',
          targetId: String(id),
          reason: context.reason,
          details: { username: created.username, after: snapshot(created) },
          ip: context.ip,
        });
        return created;
      });
    } catch (error) {
      if (uniqueViolation(error) !== null)
        throw appError(OPERATOR_ERRORS, 'operator_username_taken');
      throw error;
    }
  }

  async update(
    actor: OperatorIdentity,
    id: string,
    input: {
      role?: string | undefined;
      brands?: Grant | undefined;
      ipAllowList?: string[] | undefined;
    },
    context: Context,
  ): Promise<AdminOperator> {
    const operatorId = BigInt(id);
    if (operatorId === actor.operatorId) throw appError(OPERATOR_ERRORS, 'operator_self_change');
    if (input.role !== undefined) await this.#checkRole(input.role);
    if (input.brands !== undefined) this.#checkBrands(input.brands);
    if (input.ipAllowList !== undefined) this.#checkAllowList(input.ipAllowList);
    return this.#change(actor, operatorId, 'operator_update', context, async (transaction) => {
      await updateOperatorAccount(transaction, operatorId, {
        ...(input.role === undefined ? {} : { role: input.role }),
        ...(input.brands === undefined
          ? {}
          : {
              allBrands: input.brands === 'all',
              brands: input.brands === 'all' ? [] : [...new Set(input.brands)].sort(),
            }),
        ...(input.ipAllowList === undefined ? {} : { ipAllowList: input.ipAllowList }),
      });
    });
  }

  /** Disable (sessions end), enable, reset TOTP (enrol again; sessions end), or log out. */
  async act(
    actor: OperatorIdentity,
    id: string,
    action: OperatorAccountAction,
    context: Context,
  ): Promise<AdminOperator> {
    const operatorId = BigInt(id);
    if (operatorId === actor.operatorId && action !== 'logout') {
      throw appError(OPERATOR_ERRORS, 'operator_self_change');
    }
    return this.#change(
      actor,
      operatorId,
      `operator_${action.replace('-', '_')}`,
      context,
      async (tx) => {
        if (action === 'disable') await updateOperatorAccount(tx, operatorId, { disabled: true });
        if (action === 'enable') await updateOperatorAccount(tx, operatorId, { disabled: false });
        if (action === 'reset-totp') {
          await updateOperatorAccount(tx, operatorId, {
            totpSecret: null,
            totpPendingSecret: null,
            totpEnabledAt: null,
            totpLastStep: null,
          });
          await deleteRecoveryCodes(tx, operatorId);
        }
        if (action !== 'enable') await revokeOperatorSessions(tx, operatorId);
      },
    );
  }

  async roles(): Promise<{ roles: AdminRole[]; permissions: Permission[] }> {
    const counts = await countOperatorsByRole(this.#db);
    const builtIn = BUILT_IN_ROLE_KEYS.map((key) => ({
      key,
      builtIn: true,
      permissions: [...BUILT_IN_ROLES[key]],
      operators: counts.get(key) ?? 0,
    }));
    const custom = (await listCustomRoles(this.#db)).map((role) => ({
      key: role.key,
      builtIn: false,
      permissions: permissionList(new Set(role.permissions as Permission[])),
      operators: counts.get(role.key) ?? 0,
    }));
    return { roles: [...builtIn, ...custom], permissions: [...PERMISSIONS] };
  }

  /** Creates or replaces a custom role; its operators hold the new permissions at once. */
  async saveRole(
    actor: OperatorIdentity,
    key: string,
    permissions: Permission[],
    context: Context,
  ): Promise<AdminRole> {
    if (isBuiltInRole(key)) throw appError(OPERATOR_ERRORS, 'operator_role_built_in');
    const ordered = permissionList(new Set(permissions));
    return this.#db.transaction(async (transaction) => {
      const before = await findRolePermissions(transaction, key);
      await saveCustomRole(transaction, key, ordered);
      await this.#operators.record(transaction, actor, {
        action: 'role_save',
        targetType: 'role',
        targetId: key,
        reason: context.reason,
        details: before
          ? changes({ permissions: before }, { permissions: ordered })
          : { before: null, after: { permissions: ordered } },
        ip: context.ip,
      });
      const counts = await countOperatorsByRole(transaction);
      return { key, builtIn: false, permissions: ordered, operators: counts.get(key) ?? 0 };
    });
  }

  /** Runs a change of one account under its row lock, logging the account before and after. */
  async #change(
    actor: OperatorIdentity,
    operatorId: bigint,
    action: string,
    context: Context,
    apply: (transaction: Executor) => Promise<void>,
  ): Promise<AdminOperator> {
    return this.#db.transaction(async (transaction) => {
      if (!(await lockOperator(transaction, operatorId))) {
        throw appError(OPERATOR_ERRORS, 'operator_not_found');
      }
      const before = await this.#view(transaction, operatorId);
      await apply(transaction);
      const after = await this.#view(transaction, operatorId);
      await this.#operators.record(transaction, actor, {
        action,
        targetType: 'operator',
        targetId: String(operatorId),
        reason: context.reason,
        details: { username: after.username, ...changes(snapshot(before), snapshot(after)) },
        ip: context.ip,
      });
      return after;
    });
  }

  async #view(executor: Executor, id: bigint): Promise<AdminOperator> {
    const row = await findOperatorAccount(executor, id);
    if (!row) throw appError(OPERATOR_ERRORS, 'operator_not_found');
    return toAdminOperator(row);
  }

  async #checkRole(role: string): Promise<void> {
    if (isBuiltInRole(role)) return;
    if (!(await findRolePermissions(this.#db, role))) {
      throw appError(OPERATOR_ERRORS, 'operator_role_unknown');
    }
  }

  #checkBrands(brands: Grant): void {
    if (brands !== 'all' && !brands.every((code) => this.#brandExists(code))) {
      throw appError(OPERATOR_ERRORS, 'operator_brand_unknown');
    }
  }

  #checkAllowList(entries: string[]): void {
    if (!entries.every(isAllowListEntry)) {
      throw appError(OPERATOR_ERRORS, 'operator_allow_list_invalid');
    }
  }
}
