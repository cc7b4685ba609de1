import {
  isValidPassword,
  isValidWithdrawPassword,
  REAL_NAME_RULE,
  type MemberInfo,
} from '@lobby/contracts';
import { NodeMemo, type Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import type { Brand } from '../../platform/brand/index.ts';
import type { RsaKeys } from '../../platform/rsa/index.ts';
import type { SessionService } from './session.service.ts';
import {
  maskEmail,
  maskPhone,
  type VerificationService,
} from '../../platform/verification/index.ts';
import { MEMBER_ERRORS } from './member.errors.ts';
import {
  findMemberByEmail,
  findMemberById,
  findMemberByPhone,
  updateMember,
  updateMemberAvatar,
  type MemberRow,
} from './member.repository.ts';
import { uniqueViolation } from '../../../db/errors.ts';
import { identifiersOf, type ExclusionRegistry } from '../registry/index.ts';

function maskRealName(name: string): string {
  const characters = [...name];
  return characters.length <= 1 ? '*' : `${characters[0]}${'*'.repeat(characters.length - 1)}`;
}

/** What a member sees about themselves: contact details masked, no hashes. */
export function toMemberInfo(row: MemberRow, brand: Brand, vipLevel = 0): MemberInfo {
  return {
    username: row.username,
    qq: row.avatarUrl ?? brand.config.avatarUrl,
    realName: row.realName ? maskRealName(row.realName) : null,
    areaCode: row.phoneAreaCode,
    phone: row.phone && row.phoneAreaCode ? maskPhone(row.phoneAreaCode, row.phone) : null,
    email: row.email ? maskEmail(row.email) : null,
    phoneBound: row.phone !== null,
    emailBound: row.email !== null,
    realNameSet: row.realName !== null,
    withdrawPasswordSet: row.withdrawPasswordHash !== null,
    inviteCode: row.inviteCode,
    lastLoginAt: row.previousLoginAt?.toISOString() ?? null,
    lastLoginIp: row.previousLoginIp,
    vipLevel,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A new password, decrypted and checked against the rules and its confirmation. */
export function readNewPassword(rsa: RsaKeys, encrypted: string, confirmation: string): string {
  const password = rsa.decrypt(encrypted);
  const confirm = rsa.decrypt(confirmation);
  if (!isValidPassword(password)) throw appError(MEMBER_ERRORS, 'password_invalid');
  if (password !== confirm) throw appError(MEMBER_ERRORS, 'passwords_mismatch');
  return password;
}

type Dependencies = {
  db: Database;
  rsa: RsaKeys;
  sessions: SessionService;
  verification: VerificationService;
  /** A member's VIP level (the engagement context keeps VIP; identity only shows it). */
  vipLevelOf(memberId: bigint): Promise<number>;
  /** Carries "this member's info changed" to every node; without it nothing is kept. */
  cache?: Cache;
  /** The exclusion registry: a self-excluded person's phone or e-mail is bound nowhere. */
  registry: ExclusionRegistry;
};

/** Members' info that each node keeps, by member id, until a change is announced. */
const INFO_GROUP = 'member';

/** A member's own account: profile, login password, bindings, real name, withdrawal password. */
export class MemberService {
  readonly #deps: Dependencies;
  /**
   * Member info, which every open page asks for every 30 s: kept by each node until the member
   * changes it, logs in or reaches a VIP level (`infoChanged`, announced to every node), and at
   * most 5 minutes (a brand's default avatar).
   */
  readonly #infos: NodeMemo<MemberInfo> | undefined;

  constructor(dependencies: Dependencies) {
    this.#deps = dependencies;
    this.#infos = dependencies.cache
      ? new NodeMemo({
          cache: dependencies.cache,
          channel: 'member-info-changed',
          maxEntries: 200_000,
          maxAgeMs: 5 * 60_000,
        })
      : undefined;
  }

  async start(): Promise<void> {
    await this.#infos?.start();
  }

  async stop(): Promise<void> {
    await this.#infos?.stop();
  }

  /** Every node reads the member's info again: call it after the change has committed. */
  async infoChanged(memberId: bigint): Promise<void> {
    await this.#infos?.changed(INFO_GROUP, String(memberId));
  }

  async #member(brand: Brand, memberId: bigint): Promise<MemberRow> {
    const row = await findMemberById(this.#deps.db, brand.config.code, memberId);
    // The session guard only lets live sessions of active members through.
    if (!row) throw commonError('token');
    return row;
  }

  async info(brand: Brand, memberId: bigint): Promise<MemberInfo> {
    const load = async () => this.#info(await this.#member(brand, memberId), brand);
    // Kept by member id: a member belongs to one brand, and the session guard binds the
    // member to the request's brand.
    return this.#infos ? this.#infos.get(INFO_GROUP, String(memberId), load) : load();
  }

  /** The member's info with their VIP level (the VIP module keeps it). */
  async #info(row: MemberRow, brand: Brand): Promise<MemberInfo> {
    return toMemberInfo(row, brand, await this.#deps.vipLevelOf(row.id));
  }

  /** Changes the login password and ends every session of the member, this one included. */
  async changePassword(
    brand: Brand,
    memberId: bigint,
    body: { oldPassword: string; password: string; confirmPassword: string },
  ): Promise<void> {
    const { rsa } = this.#deps;
    const member = await this.#member(brand, memberId);
    const oldPassword = rsa.decrypt(body.oldPassword);
    const password = readNewPassword(rsa, body.password, body.confirmPassword);
    if (!(await verifyPassword(member.passwordHash, oldPassword))) {
      throw appError(MEMBER_ERRORS, 'old_password_wrong');
    }
    if (password === oldPassword) throw appError(MEMBER_ERRORS, 'password_same');
    await updateMember(this.#deps.db, brand.config.code, memberId, {
      passwordHash: await hashPassword(password),
      passwordChangedAt: new Date(),
    });
    await this.#deps.sessions.endAllOfMember(memberId, 'password_changed');
  }

  async bindPhone(
    brand: Brand,
    memberId: bigint,
    body: { areaCode: string; phone: string; phoneCode: string },
  ): Promise<MemberInfo> {
    const member = await this.#member(brand, memberId);
    if (member.phone !== null) throw appError(MEMBER_ERRORS, 'phone_already_bound');
    const owner = await findMemberByPhone(
      this.#deps.db,
      brand.config.code,
      body.areaCode,
      body.phone,
    );
    if (owner) throw appError(MEMBER_ERRORS, 'phone_taken');
    await this.#deps.registry.assertNotExcluded(
      identifiersOf({ phoneAreaCode: body.areaCode, phone: body.phone }),
      { exceptMember: memberId },
    );
    await this.#deps.verification.consume({
      brandCode: brand.config.code,
      purpose: 'bindPhone',
      target: { channel: 'sms', areaCode: body.areaCode, phone: body.phone },
      code: body.phoneCode,
    });
    const updated = await this.#writeOnce(brand, memberId, 'phone', {
      phoneAreaCode: body.areaCode,
      phone: body.phone,
    });
    if (!updated) throw appError(MEMBER_ERRORS, 'phone_already_bound');
    return this.#info(updated, brand);
  }

  async bindEmail(
    brand: Brand,
    memberId: bigint,
    body: { email: string; mailCode: string },
  ): Promise<MemberInfo> {
    const member = await this.#member(brand, memberId);
    if (member.email !== null) throw appError(MEMBER_ERRORS, 'email_already_bound');
    if (await findMemberByEmail(this.#deps.db, brand.config.code, body.email)) {
      throw appError(MEMBER_ERRORS, 'email_taken');
    }
    await this.#deps.registry.assertNotExcluded(identifiersOf({ email: body.email }), {
      exceptMember: memberId,
    });
    await this.#deps.verification.consume({
      brandCode: brand.config.code,
      purpose: 'bindEmail',
      target: { channel: 'email', email: body.email },
      code: body.mailCode,
    });
    const updated = await this.#writeOnce(brand, memberId, 'email', { email: body.email });
    if (!updated) throw appError(MEMBER_ERRORS, 'email_already_bound');
    return this.#info(updated, brand);
  }

  async setRealName(brand: Brand, memberId: bigint, realName: string): Promise<MemberInfo> {
    const name = realName.trim();
    if (!REAL_NAME_RULE.pattern.test(name)) throw appError(MEMBER_ERRORS, 'real_name_invalid');
    const member = await this.#member(brand, memberId);
    if (member.realName !== null) throw appError(MEMBER_ERRORS, 'real_name_already_set');
    const updated = await this.#writeOnce(brand, memberId, 'realName', { realName: name });
    if (!updated) throw appError(MEMBER_ERRORS, 'real_name_already_set');
    return this.#info(updated, brand);
  }

  async setWithdrawPassword(
    brand: Brand,
    memberId: bigint,
    body: {
      oldWithdrawPassword?: string;
      withdrawPassword: string;
      confirmWithdrawPassword: string;
    },
  ): Promise<MemberInfo> {
    if (!brand.config.settings.withdrawPasswordEnabled) {
      throw appError(MEMBER_ERRORS, 'withdraw_password_disabled');
    }
    const { rsa } = this.#deps;
    const member = await this.#member(brand, memberId);
    const password = rsa.decrypt(body.withdrawPassword);
    if (!isValidWithdrawPassword(password))
      throw appError(MEMBER_ERRORS, 'withdraw_password_invalid');
    if (password !== rsa.decrypt(body.confirmWithdrawPassword)) {
      throw appError(MEMBER_ERRORS, 'passwords_mismatch');
    }
    const passwordHash = await hashPassword(password);
    if (member.withdrawPasswordHash === null) {
      const updated = await this.#writeOnce(brand, memberId, 'withdrawPasswordHash', {
        withdrawPasswordHash: passwordHash,
      });
      // Set by a racing request a moment ago: this one must prove the old password like any change.
      if (!updated) throw appError(MEMBER_ERRORS, 'withdraw_password_wrong');
      return this.#info(updated, brand);
    }
    if (
      body.oldWithdrawPassword === undefined ||
      !(await verifyPassword(member.withdrawPasswordHash, rsa.decrypt(body.oldWithdrawPassword)))
    ) {
      throw appError(MEMBER_ERRORS, 'withdraw_password_wrong');
    }
    const updated = await updateMember(this.#deps.db, brand.config.code, memberId, {
      withdrawPasswordHash: passwordHash,
    });
    if (!updated) throw commonError('token');
    return this.#info(updated, brand);
  }

  async withdrawPasswordConfig(
    brand: Brand,
    memberId: bigint,
  ): Promise<{ d: boolean; p: boolean }> {
    const member = await this.#member(brand, memberId);
    return {
      d: brand.config.settings.withdrawPasswordEnabled,
      p: member.withdrawPasswordHash !== null,
    };
  }

  /** The avatar of a member whose upload just landed (the upload route checked the brand). */
  async setAvatar(memberId: bigint, url: string): Promise<void> {
    await updateMemberAvatar(this.#deps.db, memberId, url);
    await this.infoChanged(memberId);
  }

  /** Writes a set-once column; undefined when it was set meanwhile. Unique clashes are codes. */
  async #writeOnce(
    brand: Brand,
    memberId: bigint,
    column: 'realName' | 'phone' | 'email' | 'withdrawPasswordHash',
    changes: Parameters<typeof updateMember>[3],
  ): Promise<MemberRow | undefined> {
    try {
      const updated = await updateMember(
        this.#deps.db,
        brand.config.code,
        memberId,
        changes,
        column,
      );
      if (updated) await this.infoChanged(memberId);
      return updated;
    } catch (error) {
      const index = uniqueViolation(error);
      if (index === 'members_brand_phone') throw appError(MEMBER_ERRORS, 'phone_taken');
      if (index === 'members_brand_email') throw appError(MEMBER_ERRORS, 'email_taken');
      throw error;
    }
  }
}
