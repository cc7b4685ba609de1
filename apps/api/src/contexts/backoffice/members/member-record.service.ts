import {
  adminMemberLoginsExportEndpoint,
  adminMemberNotesExportEndpoint,
  type AdminMemberRecord,
  type Language,
  type MemberLogin,
  type MemberNote,
  type MemberRestriction,
  type MemberRestrictions,
} from '@lobby/contracts';
import { catalogPlatform } from '@lobby/game-protocol';
import { toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database, Executor } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';
import {
  listMemberLogins,
  memberLoginBatch,
  type MemberLoginRow,
} from '../../identity/auth/index.ts';
import {
  findMemberById,
  findRestrictions,
  lockMember,
  memberBrandOf,
  type MemberRow,
  type RestrictionRow,
} from '../../identity/member/index.ts';
import { exportLog, type ActionRecorder } from '../../identity/operator/index.ts';
import { countOpenMemberOrders } from '../../money/deposit/index.ts';
import { memberBalances } from '../../money/ledger/index.ts';
import { outstandingTurnover } from '../../money/turnover/index.ts';
import { countPendingMemberOrders } from '../../money/withdrawal/index.ts';
import { localized } from '../../games/games/index.ts';
import { transfersInTransitMinor } from '../../games/transfer/index.ts';
import { vipLevelOf } from '../../engagement/vip/index.ts';
import { brandCurrency, type Brand, type BrandRegistry } from '../../platform/brand/index.ts';
import { MEMBER_RECORD_ERRORS } from './member-record.errors.ts';
import {
  countMemberNotes,
  findMemberTags,
  insertMemberNote,
  listMemberNotes,
  memberNoteBatch,
  replaceMemberTags,
  type MemberNoteRow,
} from './member-record.repository.ts';

export type Page = { page: number; pageSize: number };

/** A member of a brand the guard has let the operator see (recordBrand), with the brand. */
export type MemberOfRecord = { row: MemberRow; brand: Brand; currency: CurrencyCode };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function loginView(login: MemberLoginRow): MemberLogin {
  return {
    id: String(login.id),
    at: login.createdAt.toISOString(),
    result: login.result,
    username: login.username,
    ip: login.ip,
    deviceNo: login.deviceNo,
    userAgent: login.userAgent,
  };
}

/** The restrictions in force, from the rows and the status (a lock set before the rows had none). */
export function restrictionsOf(row: MemberRow, rows: RestrictionRow[]): MemberRestrictions {
  const of = (kind: RestrictionRow['kind']): MemberRestriction | null => {
    const found = rows.find((restriction) => restriction.kind === kind);
    return found
      ? { at: found.createdAt.toISOString(), by: found.operatorUsername, reason: found.reason }
      : null;
  };
  const closed = of('closed');
  const loginLocked =
    of('login_locked') ??
    (row.status === 'disabled' && !closed ? { at: null, by: null, reason: null } : null);
  return { loginLocked, moneyFrozen: of('money_frozen'), closed };
}

/** What the member holds by the books: each account of theirs, in transit, and the total. */
export async function memberMoney(
  executor: Executor,
  member: MemberOfRecord,
): Promise<{
  walletMinor: bigint;
  lockedMinor: bigint;
  inTransitMinor: bigint;
  platforms: Map<number, bigint>;
  totalMinor: bigint;
}> {
  const brandCode = member.brand.config.code;
  // One after the other: the executor may be a transaction, which runs one query at a time.
  const accounts = await memberBalances(executor, brandCode, member.row.id, member.currency);
  const inTransitMinor = await transfersInTransitMinor(
    executor,
    brandCode,
    member.row.id,
    member.currency,
  );
  let walletMinor = 0n;
  let lockedMinor = 0n;
  const platforms = new Map<number, bigint>();
  for (const account of accounts) {
    if (account.kind === 'member_wallet') walletMinor += account.balanceMinor;
    else if (account.kind === 'member_locked') lockedMinor += account.balanceMinor;
    else if (account.kind === 'member_platform' && account.balanceMinor !== 0n) {
      const platformId = Number(account.ref);
      platforms.set(platformId, (platforms.get(platformId) ?? 0n) + account.balanceMinor);
    }
  }
  let totalMinor = walletMinor + lockedMinor + inTransitMinor;
  for (const balance of platforms.values()) totalMinor += balance;
  return { walletMinor, lockedMinor, inTransitMinor, platforms, totalMinor };
}

function toNote(row: MemberNoteRow): MemberNote {
  return {
    id: String(row.id),
    text: row.text,
    author: row.operatorUsername,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Tags as given, trimmed, each once (the first spelling of a tag that differs only in case). */
function normalizedTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const text = tag.trim();
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
  }
  return kept;
}

/**
 * The back office's member record (the member 360 page): the profile, restrictions, balances
 * by the books and header counts, read through the modules that keep them; the operators'
 * notes (append-only) and tags; the login history.
 */
export class MemberRecordService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;
  readonly #operators: ActionRecorder;

  constructor(options: { db: Database; brands: BrandRegistry; operators: ActionRecorder }) {
    this.#db = options.db;
    this.#brands = options.brands;
    this.#operators = options.operators;
  }

  /** The brand of a member id, or null when there is none: the operator guard's brand rule. */
  brandOf(id: string): Promise<string | null> {
    return memberBrandOf(this.#db, BigInt(id));
  }

  /** The member of an id (member_not_found when there is none). */
  async member(id: string, executor: Executor = this.#db): Promise<MemberOfRecord> {
    const memberId = BigInt(id);
    const brandCode = await memberBrandOf(executor, memberId);
    const brand = brandCode ? this.#brands.get(brandCode) : undefined;
    const row = brand ? await findMemberById(executor, brand.config.code, memberId) : undefined;
    if (!brand || !row) throw appError(MEMBER_RECORD_ERRORS, 'member_not_found');
    return { row, brand, currency: brandCurrency(brand) };
  }

  async record(id: string, language: Language): Promise<AdminMemberRecord> {
    const member = await this.member(id);
    const { row, brand, currency } = member;
    const db = this.#db;
    const brandCode = brand.config.code;
    const [referrer, restrictions, money, turnover, vipLevel, tags, counts] = await Promise.all([
      row.referrerMemberId === null
        ? Promise.resolve(undefined)
        : findMemberById(db, brandCode, row.referrerMemberId),
      findRestrictions(db, row.id),
      memberMoney(db, member),
      outstandingTurnover(db, brandCode, row.id, currency),
      vipLevelOf(db, row.id),
      findMemberTags(db, row.id),
      Promise.all([
        countPendingMemberOrders(db, row.id),
        countOpenMemberOrders(db, row.id),
        countMemberNotes(db, row.id),
      ]),
    ]);
    const amount = (minor: bigint) => toDecimalString(minor, currency);
    return {
      member: {
        id: String(row.id),
        brand: brandCode,
        username: row.username,
        status: row.status,
        phone: row.phone
          ? `${row.phoneAreaCode ? `+${row.phoneAreaCode} ` : ''}${row.phone}`
          : null,
        email: row.email,
        realName: row.realName,
        inviteCode: row.inviteCode,
        referrer: referrer ? { id: String(referrer.id), username: referrer.username } : null,
        vipLevel,
        registeredAt: row.createdAt.toISOString(),
        registerIp: row.registerIp,
        registerDeviceNo: row.registerDeviceNo,
        lastLoginAt: iso(row.lastLoginAt),
        lastLoginIp: row.lastLoginIp,
        passwordChangedAt: iso(row.passwordChangedAt),
        withdrawPasswordSet: row.withdrawPasswordHash !== null,
        autoTransfer: row.autoTransfer,
      },
      restrictions: restrictionsOf(row, restrictions),
      balances: {
        currency,
        wallet: amount(money.walletMinor),
        locked: amount(money.lockedMinor),
        inTransit: amount(money.inTransitMinor),
        platforms: [...money.platforms]
          .sort(([a], [b]) => a - b)
          .map(([platformId, balance]) => {
            const platform = catalogPlatform(platformId);
            return {
              platformId,
              code: platform?.code ?? String(platformId),
              name: platform ? localized(platform.name, language) : String(platformId),
              balance: amount(balance),
            };
          }),
        total: amount(money.totalMinor),
        turnoverOutstanding: amount(turnover),
      },
      tags,
      counts: { openWithdrawals: counts[0], pendingDeposits: counts[1], notes: counts[2] },
    };
  }

  async notes(id: string, page: Page): Promise<{ items: MemberNote[]; total: number }> {
    const { row } = await this.member(id);
    const { rows, total } = await listMemberNotes(this.#db, row.id, {
      offset: (page.page - 1) * page.pageSize,
      limit: page.pageSize,
    });
    return { items: rows.map(toNote), total };
  }

  /**
   * The operators' notes as CSV, newest first by id in keyset batches; the action-log row names
   * the member, in their brand.
   */
  async notesExport(
    operator: OperatorIdentity,
    id: string,
    query: Record<string, unknown>,
    ip: string,
  ): Promise<CsvExport<MemberNote>> {
    const { row } = await this.member(id);
    return {
      name: `member-${row.id}-notes`,
      columns: csvColumns(adminMemberNotesExportEndpoint.columns, {
        id: (note) => note.id,
        created_at: (note) => note.createdAt,
        author: (note) => note.author,
        text: (note) => note.text,
      }),
      read: async (after, limit) =>
        (
          await memberNoteBatch(
            this.#db,
            row.id,
            after === undefined ? undefined : BigInt(after.id),
            limit,
          )
        ).map(toNote),
      log: exportLog(this.#operators, this.#db, operator, {
        list: 'member_notes',
        filter: query,
        ip,
        target: { brandCode: row.brandCode, id: String(row.id) },
      }),
    };
  }

  /** Appends a note, logged in its transaction. Notes are never changed or deleted. */
  async addNote(
    operator: OperatorIdentity,
    id: string,
    text: string,
    ip: string,
  ): Promise<MemberNote> {
    const { row } = await this.member(id);
    const note = await this.#db.transaction(async (transaction) => {
      const inserted = await insertMemberNote(transaction, {
        brandCode: row.brandCode,
        memberId: row.id,
        text,
        operatorId: operator.operatorId,
        operatorUsername: operator.username,
      });
      await this.#operators.record(transaction, operator, {
        action: 'member_note',
        brandCode: row.brandCode,
        targetType: 'member',
        targetId: String(row.id),
        details: { username: row.username, noteId: String(inserted.id) },
        ip,
      });
      return inserted;
    });
    return toNote(note);
  }

  /** Replaces the tags, logged with the set before and after in its transaction. */
  async setTags(
    operator: OperatorIdentity,
    id: string,
    tags: readonly string[],
    ip: string,
  ): Promise<{ tags: string[] }> {
    const { row } = await this.member(id);
    const after = normalizedTags(tags);
    return this.#db.transaction(async (transaction) => {
      // Two replacements of one member's set run one after the other.
      await lockMember(transaction, row.brandCode, row.id);
      const before = await findMemberTags(transaction, row.id);
      if (before.join('\n') === after.join('\n')) return { tags: before };
      await replaceMemberTags(transaction, { brandCode: row.brandCode, memberId: row.id }, after);
      await this.#operators.record(transaction, operator, {
        action: 'member_tags',
        brandCode: row.brandCode,
        targetType: 'member',
        targetId: String(row.id),
        details: { username: row.username, before, after },
        ip,
      });
      return { tags: after };
    });
  }

  async logins(id: string, page: Page): Promise<{ items: MemberLogin[]; total: number }> {
    const { row } = await this.member(id);
    const { rows, total } = await listMemberLogins(this.#db, row.id, {
      offset: (page.page - 1) * page.pageSize,
      limit: page.pageSize,
    });
    return { items: rows.map(loginView), total };
  }

  /**
   * The member's login attempts as CSV, newest first by id in keyset batches; the action-log
   * row names the member, in their brand.
   */
  async loginsExport(
    operator: OperatorIdentity,
    id: string,
    query: Record<string, unknown>,
    ip: string,
  ): Promise<CsvExport<MemberLogin>> {
    const { row } = await this.member(id);
    return {
      name: `member-${row.id}-logins`,
      columns: csvColumns(adminMemberLoginsExportEndpoint.columns, {
        id: (login) => login.id,
        at: (login) => login.at,
        result: (login) => login.result,
        username: (login) => login.username,
        ip: (login) => login.ip,
        device_no: (login) => login.deviceNo,
        user_agent: (login) => login.userAgent,
      }),
      read: async (after, limit) =>
        (
          await memberLoginBatch(
            this.#db,
            row.id,
            after === undefined ? undefined : BigInt(after.id),
            limit,
          )
        ).map(loginView),
      log: exportLog(this.#operators, this.#db, operator, {
        list: 'member_logins',
        filter: query,
        ip,
        target: { brandCode: row.brandCode, id: String(row.id) },
      }),
    };
  }
}
