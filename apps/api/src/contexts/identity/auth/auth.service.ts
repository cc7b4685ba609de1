import { randomInt } from 'node:crypto';
import {
  INVITE_CODE_RULE,
  isValidUsername,
  REAL_NAME_RULE,
  type FieldIssue,
  type LoginResult,
  type MemberInfo,
  type VerificationPurpose,
} from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import type { AuditLog } from '../../platform/audit/index.ts';
import { AppError, appError, commonError } from '../../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import type { Brand } from '../../platform/brand/index.ts';
import type { CaptchaService } from '../../platform/captcha/index.ts';
import {
  MEMBER_ERRORS,
  findMemberByEmail,
  findMemberByInviteCode,
  findMemberByPhone,
  findMemberByUsername,
  findRestrictions,
  insertMember,
  recordLogin,
  updateMember,
  type MemberRow,
  readNewPassword,
  toMemberInfo,
} from '../member/index.ts';
import type { RsaKeys } from '../../platform/rsa/index.ts';
import type { SessionService } from '../member/index.ts';
import { isKnownAreaCode } from '../../platform/phone-area/index.ts';
import {
  maskEmail,
  maskPhone,
  VERIFICATION_ERRORS,
  type VerificationService,
} from '../../platform/verification/index.ts';
import { AUTH_ERRORS } from './auth.errors.ts';
import { identifiersOf, type ExclusionRegistry } from '../registry/index.ts';
import {
  clearLoginFailures,
  insertMemberLogin,
  lockedSecondsLeft,
  recordLoginFailure,
} from './auth.repository.ts';
import { uniqueViolation } from '../../../db/errors.ts';

/** Who is asking: the request's brand, address, device and language. */
export type Caller = {
  brand: Brand;
  ip: string;
  deviceNo: string | null;
  userAgent: string | null;
  language: 'zh-CN' | 'zh-TW' | 'en';
};

type Target =
  { channel: 'sms'; areaCode: string; phone: string } | { channel: 'email'; email: string };

type Dependencies = {
  db: Database;
  rsa: RsaKeys;
  sessions: SessionService;
  captcha: CaptchaService;
  verification: VerificationService;
  /** A member's VIP level (the engagement context keeps VIP; identity only shows it). */
  vipLevelOf(memberId: bigint): Promise<number>;
  /** Where a login history row that could not be written is reported. */
  log?: { warn(details: Record<string, unknown>, message: string): void };
  /** Where a login and a failed login of a member are recorded as significant events. */
  audit?: AuditLog;
  /** Tells every node the member's info changed (the last login shown in it). */
  infoChanged?: (memberId: bigint) => Promise<void>;
  /** The exclusion registry: no registration or login of a self-excluded person (issue 15). */
  registry: ExclusionRegistry;
  /** The clock of the age check (a test moves it). */
  now?: () => Date;
  /**
   * Tells the risk rules (player protection, through app.ts) of a registration or login once
   * its session exists: devices and addresses shared with other members. Never fails the call.
   */
  memberAccessed?: (event: { brandCode: string; memberId: bigint }) => Promise<void>;
};

/** How a refused login ended, by the code it was refused with (member_logins.result). */
const LOGIN_RESULT_OF_CODE: Readonly<Record<string, LoginResult>> = {
  account_or_password_wrong: 'wrong_password',
  account_locked: 'locked',
  account_disabled: 'disabled',
  account_closed: 'closed',
  captcha_wrong: 'captcha',
  self_excluded: 'self_excluded',
};

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newInviteCode(): string {
  return Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join(
    '',
  );
}

/** Phones are only taken with an area code of the list members choose from. */
function assertKnownAreaCode(areaCode: string): void {
  if (!isKnownAreaCode(areaCode)) {
    throw commonError('validation', [{ path: 'areaCode', code: 'invalid_value' }]);
  }
}

/**
 * Full years of a person born on `day` (YYYY-MM-DD) at `now` (UTC calendar); null for a day
 * that does not exist or lies in the future.
 */
export function ageOn(day: string, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const born = new Date(Date.UTC(year, month - 1, date));
  if (born.getUTCMonth() !== month - 1 || born.getUTCDate() !== date) return null;
  if (born.getTime() > now.getTime()) return null;
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < date);
  if (beforeBirthday) age -= 1;
  return age;
}

/** One of phone (with area code) or e-mail, from a form that may carry either. */
export function readTarget(fields: {
  areaCode?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
}): Target {
  if (fields.phone !== undefined && fields.email !== undefined) {
    throw appError(AUTH_ERRORS, 'target_required');
  }
  if (fields.phone !== undefined) {
    if (fields.areaCode === undefined) {
      throw appError(AUTH_ERRORS, 'field_required', [{ path: 'areaCode', code: 'required' }]);
    }
    assertKnownAreaCode(fields.areaCode);
    return { channel: 'sms', areaCode: fields.areaCode, phone: fields.phone };
  }
  if (fields.email !== undefined) return { channel: 'email', email: fields.email };
  throw appError(AUTH_ERRORS, 'target_required');
}

function maskTarget(target: Target): string {
  return target.channel === 'sms'
    ? maskPhone(target.areaCode, target.phone)
    : maskEmail(target.email);
}

/**
 * Becoming a member and getting in: registration, login with its lock, logout, verification
 * codes, forgotten passwords. Their per-address and per-device limits are the routes' (see
 * plugins/rate-limit.ts).
 */
export class AuthService {
  readonly #deps: Dependencies;

  constructor(dependencies: Dependencies) {
    this.#deps = dependencies;
  }

  async #checkCaptcha(
    caller: Caller,
    key: string | undefined,
    code: string | undefined,
  ): Promise<void> {
    if (!caller.brand.config.settings.registration.captcha) return;
    await this.#deps.captcha.verify(key ?? '', code ?? '');
  }

  async #startSession(
    caller: Caller,
    member: MemberRow,
  ): Promise<{ token: string; info: MemberInfo }> {
    const { token } = await this.#deps.sessions.create({
      brandCode: caller.brand.config.code,
      memberId: member.id,
      ip: caller.ip,
      deviceNo: caller.deviceNo,
      userAgent: caller.userAgent,
    });
    const loggedIn = (await recordLogin(this.#deps.db, member.id, caller.ip)) ?? member;
    await this.#deps.infoChanged?.(member.id);
    await this.#deps.memberAccessed?.({ brandCode: caller.brand.config.code, memberId: member.id });
    const vipLevel = await this.#deps.vipLevelOf(member.id);
    return { token, info: toMemberInfo(loggedIn, caller.brand, vipLevel) };
  }

  async register(
    caller: Caller,
    body: {
      username: string;
      password: string;
      confirmPassword: string;
      key?: string | undefined;
      code?: string | undefined;
      areaCode?: string | undefined;
      phone?: string | undefined;
      phoneCode?: string | undefined;
      email?: string | undefined;
      mailCode?: string | undefined;
      inviteCode?: string | undefined;
      realName?: string | undefined;
      dateOfBirth?: string | undefined;
    },
  ): Promise<{ token: string; info: MemberInfo }> {
    const { db, rsa, verification } = this.#deps;
    const profile = caller.brand.compliance;
    const brandCode = caller.brand.config.code;
    const rules = caller.brand.config.settings.registration;

    // Fields the brand asks for: required ones must be there; turned-off ones are ignored.
    const missing: FieldIssue[] = [];
    const wants = (
      field: 'phone' | 'email' | 'inviteCode' | 'realName',
      value: string | undefined,
    ) => {
      if (rules[field] === 'off') return undefined;
      const given = value === undefined || value === '' ? undefined : value;
      if (given === undefined && rules[field] === 'required')
        missing.push({ path: field, code: 'required' });
      return given;
    };
    const phone = wants('phone', body.phone);
    const email = wants('email', body.email);
    const inviteCode = wants('inviteCode', body.inviteCode);
    const realName = wants('realName', body.realName);
    if (phone !== undefined && body.areaCode === undefined)
      missing.push({ path: 'areaCode', code: 'required' });
    if (phone !== undefined && body.phoneCode === undefined)
      missing.push({ path: 'phoneCode', code: 'required' });
    if (email !== undefined && body.mailCode === undefined)
      missing.push({ path: 'mailCode', code: 'required' });
    const dateOfBirth = body.dateOfBirth === '' ? undefined : body.dateOfBirth;
    if (profile.dateOfBirthRequired && dateOfBirth === undefined)
      missing.push({ path: 'dateOfBirth', code: 'required' });
    if (missing.length > 0) throw appError(AUTH_ERRORS, 'field_required', missing);

    await this.#checkCaptcha(caller, body.key, body.code);
    if (dateOfBirth !== undefined) {
      const age = ageOn(dateOfBirth, (this.#deps.now ?? (() => new Date()))());
      if (age === null) throw appError(AUTH_ERRORS, 'date_of_birth_invalid');
      if (age < profile.minimumAge) {
        throw appError(AUTH_ERRORS, 'under_age', { params: { age: profile.minimumAge } });
      }
    }
    const username = body.username.trim();
    if (!isValidUsername(username)) throw appError(MEMBER_ERRORS, 'username_invalid');
    const password = readNewPassword(rsa, body.password, body.confirmPassword);
    if (realName !== undefined && !REAL_NAME_RULE.pattern.test(realName)) {
      throw appError(MEMBER_ERRORS, 'real_name_invalid');
    }
    const usernameKey = username.toLowerCase();
    if (await findMemberByUsername(db, brandCode, usernameKey)) {
      throw appError(MEMBER_ERRORS, 'username_taken');
    }
    let referrer: MemberRow | undefined;
    if (inviteCode !== undefined) {
      const normalized = inviteCode.toUpperCase();
      if (!INVITE_CODE_RULE.pattern.test(normalized))
        throw appError(MEMBER_ERRORS, 'invite_code_invalid');
      referrer = await findMemberByInviteCode(db, brandCode, normalized);
      if (!referrer) throw appError(MEMBER_ERRORS, 'invite_code_invalid');
    }
    if (phone !== undefined && body.areaCode !== undefined) {
      if (await findMemberByPhone(db, brandCode, body.areaCode, phone))
        throw appError(MEMBER_ERRORS, 'phone_taken');
    }
    if (email !== undefined && (await findMemberByEmail(db, brandCode, email))) {
      throw appError(MEMBER_ERRORS, 'email_taken');
    }
    // A self-excluded person registers on no brand of the operator (issue 15, point 5).
    await this.#deps.registry.assertNotExcluded(
      identifiersOf({
        phoneAreaCode: body.areaCode ?? null,
        phone: phone ?? null,
        email: email ?? null,
        realName: realName ?? null,
        dateOfBirth: dateOfBirth ?? null,
      }),
    );
    // Codes last: every other check has passed, so a code is only spent on a real registration.
    if (phone !== undefined && body.areaCode !== undefined && body.phoneCode !== undefined) {
      await verification.consume({
        brandCode,
        purpose: 'register',
        target: { channel: 'sms', areaCode: body.areaCode, phone },
        code: body.phoneCode,
      });
    }
    if (email !== undefined && body.mailCode !== undefined) {
      await verification.consume({
        brandCode,
        purpose: 'register',
        target: { channel: 'email', email },
        code: body.mailCode,
      });
    }

    const passwordHash = await hashPassword(password);
    let member: MemberRow | undefined;
    for (let attempt = 0; attempt < 5 && !member; attempt++) {
      try {
        member = await insertMember(db, {
          brandCode,
          username,
          usernameKey,
          passwordHash,
          phoneAreaCode: phone === undefined ? null : (body.areaCode ?? null),
          phone: phone ?? null,
          email: email ?? null,
          realName: realName ?? null,
          dateOfBirth: dateOfBirth ?? null,
          inviteCode: newInviteCode(),
          referrerCode: referrer?.inviteCode ?? null,
          referrerMemberId: referrer?.id ?? null,
          registerIp: caller.ip,
          registerDeviceNo: caller.deviceNo,
        });
      } catch (error) {
        const index = uniqueViolation(error);
        if (index === 'members_brand_invite_code') continue; // A rare clash: draw again.
        if (index === 'members_brand_username') throw appError(MEMBER_ERRORS, 'username_taken');
        if (index === 'members_brand_phone') throw appError(MEMBER_ERRORS, 'phone_taken');
        if (index === 'members_brand_email') throw appError(MEMBER_ERRORS, 'email_taken');
        throw error;
      }
    }
    if (!member) throw new Error('could not draw a free invite code in 5 attempts');
    return this.#startSession(caller, member);
  }

  /**
   * Logs a member in. Every attempt is written to the login history with how it ended, after
   * the answer is decided; writing it never changes the answer (a failure is logged).
   */
  async login(
    caller: Caller,
    body: {
      username: string;
      password: string;
      key?: string | undefined;
      code?: string | undefined;
    },
  ): Promise<{ token: string; info: MemberInfo }> {
    let result: LoginResult = 'error';
    try {
      const answer = await this.#login(caller, body);
      result = 'success';
      return answer;
    } catch (error) {
      if (error instanceof AppError) result = LOGIN_RESULT_OF_CODE[error.code] ?? 'error';
      throw error;
    } finally {
      await this.#recordAttempt(caller, body.username, result);
    }
  }

  /** Writes a login attempt to the history; never throws. The password is never part of it. */
  async #recordAttempt(caller: Caller, typed: string, result: LoginResult): Promise<void> {
    const brandCode = caller.brand.config.code;
    const username = typed.trim().slice(0, 64);
    try {
      const member = await findMemberByUsername(this.#deps.db, brandCode, username.toLowerCase());
      await insertMemberLogin(this.#deps.db, {
        brandCode,
        memberId: member?.id ?? null,
        username,
        result,
        ip: caller.ip,
        deviceNo: caller.deviceNo,
        userAgent: caller.userAgent?.slice(0, 300) ?? null,
      });
      // A member's login, or a refused one, is a significant event. An attempt on a name that
      // is nobody's stays in the login history only (it would flood the chain in an attack).
      if (member && this.#deps.audit) {
        await this.#deps.audit.record(this.#deps.db, {
          kind: result === 'success' ? 'member_login' : 'member_login_failed',
          brandCode,
          memberId: member.id,
          actor: { type: 'member', id: String(member.id) },
          details: { result, ip: caller.ip, deviceNo: caller.deviceNo },
        });
      }
    } catch (error) {
      this.#deps.log?.warn(
        { err: error, brandCode, result },
        'login history: a row was not written',
      );
    }
  }

  async #login(
    caller: Caller,
    body: {
      username: string;
      password: string;
      key?: string | undefined;
      code?: string | undefined;
    },
  ): Promise<{ token: string; info: MemberInfo }> {
    const { db, rsa } = this.#deps;
    const brandCode = caller.brand.config.code;
    const settings = caller.brand.config.settings;
    await this.#checkCaptcha(caller, body.key, body.code);
    const usernameKey = body.username.trim().toLowerCase();
    const locked = await lockedSecondsLeft(db, brandCode, usernameKey);
    if (locked > 0) throw appError(AUTH_ERRORS, 'account_locked', { retryAfterSeconds: locked });
    const password = rsa.decrypt(body.password);
    const member = await findMemberByUsername(db, brandCode, usernameKey);
    const matches = await verifyPassword(member?.passwordHash ?? null, password);
    if (!member || !matches) {
      const lockSeconds = await recordLoginFailure(
        db,
        brandCode,
        usernameKey,
        settings.loginLockAttempts,
        settings.loginLockWindowMinutes,
      );
      if (lockSeconds > 0)
        throw appError(AUTH_ERRORS, 'account_locked', { retryAfterSeconds: lockSeconds });
      throw appError(AUTH_ERRORS, 'account_or_password_wrong');
    }
    if (member.status !== 'active') {
      // Locked by an operator, or closed: only someone with the right password learns which.
      const closed = (await findRestrictions(db, member.id)).some((row) => row.kind === 'closed');
      throw closed
        ? appError(MEMBER_ERRORS, 'account_closed')
        : appError(AUTH_ERRORS, 'account_disabled');
    }
    // A person self-excluded through another account (here or on another brand) stays out;
    // the excluded member themself may log in, to withdraw and see their history.
    await this.#deps.registry.assertNotExcluded(identifiersOf(member), {
      exceptMember: member.id,
    });
    await clearLoginFailures(db, brandCode, usernameKey);
    return this.#startSession(caller, member);
  }

  async logout(sessionId: bigint): Promise<void> {
    await this.#deps.sessions.end(sessionId, 'logout');
  }

  /**
   * Sends a verification code after the graphic captcha. For `forget` the answer is the same
   * whether or not the target belongs to an account, so the call tells nobody who is a member.
   */
  async sendCode(
    caller: Caller,
    memberId: bigint | null,
    body: {
      purpose: VerificationPurpose;
      areaCode?: string | undefined;
      phone?: string | undefined;
      email?: string | undefined;
      key: string;
      code: string;
    },
  ): Promise<{ sentTo: string; resendAfterSeconds: number; expiresInSeconds: number }> {
    const { db } = this.#deps;
    const brandCode = caller.brand.config.code;
    const target = readTarget(body);
    if (body.purpose === 'bindPhone' && target.channel !== 'sms')
      throw appError(AUTH_ERRORS, 'target_required');
    if (body.purpose === 'bindEmail' && target.channel !== 'email')
      throw appError(AUTH_ERRORS, 'target_required');
    if ((body.purpose === 'bindPhone' || body.purpose === 'bindEmail') && memberId === null) {
      throw commonError('token');
    }
    await this.#deps.captcha.verify(body.key, body.code);
    const owner =
      target.channel === 'sms'
        ? await findMemberByPhone(db, brandCode, target.areaCode, target.phone)
        : await findMemberByEmail(db, brandCode, target.email);
    if (body.purpose === 'forget') {
      if (!owner) {
        return { sentTo: maskTarget(target), resendAfterSeconds: 60, expiresInSeconds: 300 };
      }
    } else if (owner) {
      throw appError(MEMBER_ERRORS, target.channel === 'sms' ? 'phone_taken' : 'email_taken');
    } else {
      // A self-excluded person's phone or e-mail gets no code to register or bind it with.
      await this.#deps.registry.assertNotExcluded(
        identifiersOf(
          target.channel === 'sms'
            ? { phoneAreaCode: target.areaCode, phone: target.phone }
            : { email: target.email },
        ),
        memberId === null ? {} : { exceptMember: memberId },
      );
    }
    return this.#deps.verification.send({
      brandCode,
      siteName: caller.brand.config.siteName,
      purpose: body.purpose,
      target,
      language: caller.language,
    });
  }

  /**
   * Sends a member the code of the forgotten-password flow, as the site's "forgot password"
   * does, to their bound phone (or `channel`), else their bound e-mail: for an operator's
   * password reset. Bound contacts were each proven with a code. Null when the member has no
   * bound contact (of that channel). The member then sets a new password on the site.
   */
  async sendPasswordResetCode(
    brand: Brand,
    member: MemberRow,
    channel?: 'sms' | 'email',
  ): Promise<{ channel: 'sms' | 'email'; sentTo: string; expiresInSeconds: number } | null> {
    const phone =
      member.phone !== null && member.phoneAreaCode !== null
        ? ({ channel: 'sms', areaCode: member.phoneAreaCode, phone: member.phone } as const)
        : null;
    const email =
      member.email !== null ? ({ channel: 'email', email: member.email } as const) : null;
    const target: Target | null =
      channel === 'sms' ? phone : channel === 'email' ? email : (phone ?? email);
    if (!target) return null;
    const sent = await this.#deps.verification.send({
      brandCode: brand.config.code,
      siteName: brand.config.siteName,
      purpose: 'forget',
      target,
      language: brand.config.language,
    });
    return {
      channel: target.channel,
      sentTo: sent.sentTo,
      expiresInSeconds: sent.expiresInSeconds,
    };
  }

  /** Resets a forgotten password with a code sent to the account's own phone or e-mail. */
  async forgetPassword(
    caller: Caller,
    body: {
      username: string;
      areaCode?: string | undefined;
      phone?: string | undefined;
      phoneCode?: string | undefined;
      email?: string | undefined;
      mailCode?: string | undefined;
      password: string;
      confirmPassword: string;
    },
  ): Promise<void> {
    const { db, rsa, verification } = this.#deps;
    const brandCode = caller.brand.config.code;
    const target = readTarget(body);
    const code = target.channel === 'sms' ? body.phoneCode : body.mailCode;
    if (code === undefined) {
      throw appError(AUTH_ERRORS, 'field_required', [
        { path: target.channel === 'sms' ? 'phoneCode' : 'mailCode', code: 'required' },
      ]);
    }
    const password = readNewPassword(rsa, body.password, body.confirmPassword);
    const usernameKey = body.username.trim().toLowerCase();
    const member = await findMemberByUsername(db, brandCode, usernameKey);
    const owns =
      member !== undefined &&
      (target.channel === 'sms'
        ? member.phoneAreaCode === target.areaCode && member.phone === target.phone
        : member.email === target.email);
    // The code is checked (and spent) either way, so a wrong username reads as a wrong code.
    await verification.consume({ brandCode, purpose: 'forget', target, code });
    if (!member || !owns) throw appError(VERIFICATION_ERRORS, 'code_wrong');
    await updateMember(db, brandCode, member.id, {
      passwordHash: await hashPassword(password),
      passwordChangedAt: new Date(),
    });
    await this.#deps.sessions.endAllOfMember(member.id, 'password_reset');
    await clearLoginFailures(db, brandCode, usernameKey);
  }
}
