import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BrandPublicSettings } from '@lobby/contracts';
import { members } from '../../identity/member/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { encryptFor, get, post, publicKeyOf, uniqueUsername } from '../../../test/members.ts';
import { insertBrandIfAbsent, DEMO_BRANDS } from '../../platform/brand/index.ts';
import { LedgerService } from '../ledger/index.ts';
import { OperatorService } from '../../identity/operator/index.ts';
import { RsaKeys } from '../../platform/rsa/index.ts';
import { operatorLogin } from '../../../test/operators.ts';

/**
 * Test support for the payout, withdrawal and records modules (not a test file): the app, and
 * members with sessions, deposits and operator tokens.
 */

export const TEST_CODE = 'T3ST';
export const DEFAULT_BRAND = 'jinsheng';
export const WITHDRAW_PASSWORD = '135790';

export type Member = {
  username: string;
  memberId: bigint;
  token: string;
  headers: Record<string, string>;
  brand: string;
};

export type WalletTestApp = TestApp & {
  enc(text: string): string;
  ledger: LedgerService;
  register(options?: {
    brand?: string;
    realName?: string;
    withdrawPassword?: string | null;
  }): Promise<Member>;
  /** Money in through the ledger, as a confirmed deposit would bring it. */
  deposit(member: Member, amountMinor: bigint): Promise<void>;
  balances(member: Member): Promise<{ walletMinor: bigint; lockedMinor: bigint }>;
  operatorToken(): Promise<string>;
  /**
   * A brand of its own with these wallet settings (and withdrawal passwords on or off), in the
   * default brand's time zone (Asia/Shanghai) unless `timeZone` names another.
   */
  createBrand(
    wallet: Partial<NonNullable<BrandPublicSettings['wallet']>>,
    withdrawPasswordEnabled?: boolean,
    options?: { timeZone?: string },
  ): Promise<string>;
  /** A host header that selects the brand. */
  hostOf(brand: string): Record<string, string>;
};

export async function createWalletTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<WalletTestApp> {
  const rsa = RsaKeys.generate();
  const base = await createTestApp({ ...options, rsa, captchaTestCode: TEST_CODE });
  const publicKey = await publicKeyOf(base.app);
  const enc = (text: string) => encryptFor(publicKey, text);
  const ledger = new LedgerService(base.database.db);
  const hostOf = (brand: string): Record<string, string> =>
    brand === DEFAULT_BRAND ? {} : { host: `${brand}.lobby.test` };
  let operatorToken: string | undefined;

  const register: WalletTestApp['register'] = async (options = {}) => {
    const brand = options.brand ?? DEFAULT_BRAND;
    const host = hostOf(brand);
    const username = uniqueUsername('w');
    const captcha = await get(base.app, '/api/f/v1/captcha', host);
    const registered = await post(
      base.app,
      '/api/f/v1/member/register',
      {
        username,
        password: enc('Secret123'),
        confirmPassword: enc('Secret123'),
        key: (captcha.body.data as { key: string }).key,
        code: TEST_CODE,
        // An adult's: a brand whose compliance profile asks for the date of birth gets one.
        dateOfBirth: '1990-01-01',
      },
      host,
    );
    if (!registered.body.status) {
      throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
    }
    const token = String(registered.headers.id);
    const headers = { t: token, ...host };
    if (options.realName) {
      const named = await post(
        base.app,
        '/api/findmed/v1/member/realName',
        { realName: options.realName },
        headers,
      );
      if (!named.body.status) throw new Error(`real name: ${JSON.stringify(named.body)}`);
    }
    const withdrawPassword =
      options.withdrawPassword === undefined ? WITHDRAW_PASSWORD : options.withdrawPassword;
    if (withdrawPassword !== null) {
      const set = await post(
        base.app,
        '/api/findmed/v1/member/withdraw/password',
        { withdrawPassword: enc(withdrawPassword), confirmWithdrawPassword: enc(withdrawPassword) },
        headers,
      );
      if (!set.body.status) throw new Error(`withdraw password: ${JSON.stringify(set.body)}`);
    }
    const rows = await base.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.usernameKey, username.toLowerCase()));
    const memberId = rows.find(() => true)?.id;
    if (memberId === undefined) throw new Error('member not found');
    return { username, memberId, token, headers, brand };
  };

  return {
    ...base,
    get logs() {
      return base.logs;
    },
    enc,
    ledger,
    register,
    async deposit(member, amountMinor) {
      await ledger.post({
        brandCode: member.brand,
        reason: 'deposit',
        idempotencyKey: `test-deposit:${randomUUID()}`,
        actor: { type: 'system', id: 'test' },
        lines: [
          {
            account: { kind: 'house_deposit_clearing', ref: 'bank', currency: 'CNY' },
            amountMinor: -amountMinor,
          },
          {
            account: { kind: 'member_wallet', memberId: member.memberId, currency: 'CNY' },
            amountMinor,
          },
        ],
      });
    },
    async balances(member) {
      const { walletMinor, lockedMinor } = await ledger.balances(
        member.brand,
        member.memberId,
        'CNY',
      );
      return { walletMinor, lockedMinor };
    },
    async operatorToken() {
      if (operatorToken) return operatorToken;
      const name = `cash${randomUUID().slice(0, 8)}`;
      await new OperatorService(base.database.db).seedAdmin(name, 'operator-pass-1');
      const loginToken = await operatorLogin(base.app, {
        username: name,
        password: 'operator-pass-1',
      });
      operatorToken = loginToken;
      return operatorToken;
    },
    async createBrand(wallet, withdrawPasswordEnabled = true, options = {}) {
      const code = `w${randomUUID().replaceAll('-', '').slice(0, 10)}`;
      const template = DEMO_BRANDS[0];
      if (!template) throw new Error('no demo brand');
      const settings = template.row.settings;
      await insertBrandIfAbsent(
        base.database.db,
        {
          ...template.row,
          code,
          isDefault: false,
          settings: {
            ...settings,
            ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
            withdrawPasswordEnabled,
            wallet: {
              turnoverMultiplierPercent: 100,
              withdrawMinMinor: 10_000,
              withdrawMaxMinor: 5_000_000,
              withdrawDailyCount: 5,
              maxBankCards: 5,
              maxAlipayAccounts: 2,
              maxCoinAddresses: 3,
              ...wallet,
            },
          },
        },
        [`${code}.lobby.test`],
      );
      await base.app.brands.load();
      return code;
    },
    hostOf,
  };
}

/** A card number of 16 digits (or `length`) with a right Luhn check digit. */
export function validCardNumber(length = 16, prefix = '6222'): string {
  let body = prefix;
  while (body.length < length - 1) body += String(randomInt(10));
  for (let check = 0; check <= 9; check++) {
    const candidate = `${body}${check}`;
    if (luhnSum(candidate) % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

function luhnSum(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function tronAddress(): string {
  return `T${Array.from({ length: 33 }, () => BASE58[randomInt(BASE58.length)]).join('')}`;
}

export function evmAddress(): string {
  return `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[randomInt(16)]).join('')}`;
}

/** Adds a bank card through the API and returns its id. */
export async function addCard(
  app: TestApp['app'],
  member: Member,
  holderName = '张三',
): Promise<string> {
  const added = await post(
    app,
    '/api/f/v1/member/bank/add',
    { bankCode: 'icbc', holderName, cardNumber: validCardNumber() },
    member.headers,
  );
  if (!added.body.status) throw new Error(`add card: ${JSON.stringify(added.body)}`);
  return (added.body.data as { id: string }).id;
}
