import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_GROUPS, PAYOUT_BANKS, passesLuhn } from '@lobby/contracts';
import { errorMessage } from '@lobby/i18n';
import { post } from '../../../test/members.ts';
import {
  createWalletTestApp,
  evmAddress,
  tronAddress,
  validCardNumber,
  type Member,
  type WalletTestApp,
} from '../withdrawal/wallet-test-app.ts';
import {
  maskAlipayAccount,
  maskCardNumber,
  maskCoinAddress,
  maskHolderName,
} from './payout.service.ts';

let harness: WalletTestApp;

beforeAll(async () => {
  harness = await createWalletTestApp();
});
afterAll(async () => {
  await harness.close();
});

type Account = {
  id: string;
  withdrawType: number;
  bankCode: string | null;
  bankName: string | null;
  group: number;
  protocol: number | null;
  protocolName: string | null;
  coinName: string | null;
  holderName: string;
  account: string;
};

const call = (url: string, fields: Record<string, string>, member?: Member) =>
  post(harness.app, url, fields, member?.headers ?? {});

async function accountsOf(member: Member, withdrawType: 1 | 2 | 3): Promise<Account[]> {
  const answer = await call(
    '/api/f/v1/member/banks',
    { withdraw_type: String(withdrawType) },
    member,
  );
  expect(answer.body.status).toBe(true);
  return answer.body.data as Account[];
}

async function everything(member: Member) {
  return [await accountsOf(member, 1), await accountsOf(member, 2), await accountsOf(member, 3)];
}

describe('rules', () => {
  it('checks card numbers with Luhn and masks what members see', () => {
    expect(passesLuhn('4539578763621486')).toBe(true);
    expect(passesLuhn('4539578763621487')).toBe(false);
    expect(passesLuhn(validCardNumber(19))).toBe(true);
    expect(maskCardNumber('6222021234567891234')).toBe('6222 **** **** 1234');
    expect(maskAlipayAccount('13812345678')).toBe('138****5678');
    expect(maskAlipayAccount('alice@example.com')).toBe('al***@example.com');
    expect(maskAlipayAccount('a@example.com')).toBe('a***@example.com');
    expect(maskCoinAddress('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('TQn9Y2****KcbLSE');
    expect(maskHolderName('张三')).toBe('张*');
    expect(maskHolderName('John Smith')).toBe('J*********');
  });
});

describe('POST /api/f/v1/withdraw/can/banks and /api/f/v1/virtual/can/protocol', () => {
  it('lists the banks with their group and names in the request language', async () => {
    const member = await harness.register();
    const answer = await call('/api/f/v1/withdraw/can/banks', {}, member);
    const banks = answer.body.data as { code: string; name: string; group: number }[];
    for (const [index, group] of BANK_GROUPS.entries()) {
      for (const code of group) {
        expect(banks.find((bank) => bank.code === code)?.group).toBe(index);
      }
    }
    expect(banks.filter((bank) => bank.group === -1).length).toBeGreaterThan(0);
    expect(banks).toHaveLength(PAYOUT_BANKS.length);
    expect(banks.find((bank) => bank.code === 'icbc')).toMatchObject({
      name: '中国工商银行',
      names: { 'zh-CN': '中国工商银行', 'zh-TW': '中國工商銀行', en: expect.any(String) },
    });
    const english = await post(
      harness.app,
      '/api/f/v1/withdraw/can/banks',
      {},
      { ...member.headers, lang: 'en' },
    );
    expect((english.body.data as { code: string; name: string }[])[0]?.name).toBe(
      'China Construction Bank',
    );
  });

  it('lists the protocols with their coin names', async () => {
    const member = await harness.register();
    const answer = await call('/api/f/v1/virtual/can/protocol', {}, member);
    expect(answer.body.data).toEqual([
      { id: 1, name: 'TRC20', coinName: 'USDT' },
      { id: 2, name: 'ERC20', coinName: 'USDT' },
      { id: 3, name: 'BEP20', coinName: 'USDT' },
    ]);
  });
});

describe('adding payout accounts', () => {
  it('adds a card, an Alipay account and a coin address, and lists them masked by withdraw_type', async () => {
    const member = await harness.register({ realName: '张三' });
    const card = validCardNumber(19);
    const added = await call(
      '/api/f/v1/member/bank/add',
      { bankCode: 'ICBC', holderName: '张三', cardNumber: `${card.slice(0, 4)} ${card.slice(4)}` },
      member,
    );
    expect(added.body).toMatchObject({
      status: true,
      data: {
        withdrawType: 1,
        bankCode: 'icbc',
        bankName: '中国工商银行',
        group: 1,
        protocol: null,
        holderName: '张*',
        account: `${card.slice(0, 4)} **** **** ${card.slice(-4)}`,
      },
    });
    const alipay = await call(
      '/api/f/v1/member/alipay/add',
      { holderName: '张三', account: '13912345678' },
      member,
    );
    expect(alipay.body.data).toMatchObject({ withdrawType: 2, account: '139****5678' });
    const address = tronAddress();
    const coin = await call('/api/f/v1/member/virtual/add', { protocol: '1', address }, member);
    expect(coin.body.data).toMatchObject({
      withdrawType: 3,
      protocol: 1,
      protocolName: 'TRC20',
      coinName: 'USDT',
      bankCode: null,
      group: -1,
      account: `${address.slice(0, 6)}****${address.slice(-6)}`,
    });
    const erc = await call(
      '/api/f/v1/member/virtual/add',
      { protocol: '2', address: evmAddress().toUpperCase().replace('0X', '0x') },
      member,
    );
    expect(erc.body.status).toBe(true);

    const [banks, alipays, coins] = await everything(member);
    expect(banks?.map((account) => account.id)).toEqual([(added.body.data as Account).id]);
    expect(alipays).toHaveLength(1);
    expect(coins).toHaveLength(2);
    // No full number in any listing.
    expect(JSON.stringify([banks, alipays, coins])).not.toContain(card);
  });

  it('needs a withdrawal password set first, with the spec message', async () => {
    const member = await harness.register({ withdrawPassword: null });
    for (const [url, fields] of [
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '张三', cardNumber: validCardNumber() },
      ],
      ['/api/f/v1/member/alipay/add', { holderName: '张三', account: '13912345678' }],
      ['/api/f/v1/member/virtual/add', { protocol: '1', address: tronAddress() }],
    ] as const) {
      const answer = await call(url, fields, member);
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toEqual({
        status: false,
        data: 'withdraw_password_not_set',
        message: errorMessage('withdraw_password_not_set', 'zh-CN'),
      });
    }
    expect((await everything(member)).flat()).toEqual([]);
  });

  it('adds without a withdrawal password on a brand that does not use them', async () => {
    const brand = await harness.createBrand({}, false);
    const member = await harness.register({ brand, withdrawPassword: null });
    const answer = await call(
      '/api/f/v1/member/bank/add',
      { bankCode: 'abc', holderName: 'Li Si', cardNumber: validCardNumber() },
      member,
    );
    expect(answer.body).toMatchObject({ status: true, data: { group: 2 } });
  });

  it('refuses bad input with clear codes and adds nothing', async () => {
    const member = await harness.register({ realName: '王五' });
    const card = validCardNumber();
    const failing = `${card.slice(0, -1)}${(Number(card.slice(-1)) + 1) % 10}`;
    const cases: [string, Record<string, string>, string][] = [
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'nope', holderName: '王五', cardNumber: card },
        'bank_unknown',
      ],
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '王五', cardNumber: failing },
        'bank_card_invalid',
      ],
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '王五', cardNumber: '622202123456789' },
        'bank_card_invalid',
      ],
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '王五', cardNumber: `${card}1234` },
        'bank_card_invalid',
      ],
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '王五', cardNumber: 'abcdabcdabcdabcd' },
        'bank_card_invalid',
      ],
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '李四', cardNumber: card },
        'holder_name_mismatch',
      ],
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '1234', cardNumber: card },
        'holder_name_invalid',
      ],
      ['/api/f/v1/member/bank/add', { bankCode: 'icbc', holderName: '王五' }, 'validation'],
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '王五', cardNumber: '6'.repeat(5_000) },
        'validation',
      ],
      [
        '/api/f/v1/member/bank/add',
        { bankCode: 'icbc', holderName: '王'.repeat(200), cardNumber: card },
        'validation',
      ],
      [
        '/api/f/v1/member/alipay/add',
        { holderName: '王五', account: '12345' },
        'alipay_account_invalid',
      ],
      [
        '/api/f/v1/member/alipay/add',
        { holderName: '王五', account: 'not-an-email@' },
        'alipay_account_invalid',
      ],
      [
        '/api/f/v1/member/alipay/add',
        { holderName: '赵六', account: '13912345678' },
        'holder_name_mismatch',
      ],
      [
        '/api/f/v1/member/virtual/add',
        { protocol: '1', address: tronAddress().slice(0, 33) },
        'coin_address_invalid',
      ],
      [
        '/api/f/v1/member/virtual/add',
        { protocol: '1', address: `T${'0'.repeat(33)}` },
        'coin_address_invalid',
      ],
      [
        '/api/f/v1/member/virtual/add',
        { protocol: '2', address: tronAddress() },
        'coin_address_invalid',
      ],
      [
        '/api/f/v1/member/virtual/add',
        { protocol: '2', address: `0x${'g'.repeat(40)}` },
        'coin_address_invalid',
      ],
      [
        '/api/f/v1/member/virtual/add',
        { protocol: '99', address: tronAddress() },
        'coin_protocol_unknown',
      ],
      ['/api/f/v1/member/virtual/add', { protocol: 'one', address: tronAddress() }, 'validation'],
      ['/api/f/v1/member/virtual/add', { protocol: '1' }, 'validation'],
    ];
    for (const [url, fields, code] of cases) {
      const answer = await call(url, fields, member);
      expect(answer.body.data, `${url} ${JSON.stringify(fields).slice(0, 80)}`).toBe(code);
      expect(answer.statusCode).toBe(400);
    }
    const wrongType = await call('/api/f/v1/member/banks', { withdraw_type: '4' }, member);
    expect(wrongType.body.data).toBe('validation');
    const noType = await call('/api/f/v1/member/banks', {}, member);
    expect(noType.body.data).toBe('validation');
    expect((await everything(member)).flat()).toEqual([]);
  });

  it('refuses duplicates and holds each type to the brand limit', async () => {
    const brand = await harness.createBrand({
      maxBankCards: 2,
      maxAlipayAccounts: 1,
      maxCoinAddresses: 1,
    });
    const member = await harness.register({ brand });
    const card = validCardNumber();
    const add = (cardNumber: string) =>
      call(
        '/api/f/v1/member/bank/add',
        { bankCode: 'cmb', holderName: '张三', cardNumber },
        member,
      );
    expect((await add(card)).body.status).toBe(true);
    const duplicate = await add(card);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.data).toBe('payout_account_duplicate');
    expect((await add(validCardNumber())).body.status).toBe(true);
    const third = await add(validCardNumber());
    expect(third.body).toMatchObject({ status: false, data: 'payout_account_limit' });
    expect(third.body.message).toContain('2');
    expect(await accountsOf(member, 1)).toHaveLength(2);

    const address = evmAddress();
    expect(
      (await call('/api/f/v1/member/virtual/add', { protocol: '2', address }, member)).body.status,
    ).toBe(true);
    // The same EVM address in other letter case is the same address.
    expect(
      (
        await call(
          '/api/f/v1/member/virtual/add',
          { protocol: '2', address: address.toUpperCase().replace('0X', '0x') },
          member,
        )
      ).body.data,
    ).toBe('payout_account_duplicate');
    expect(
      (
        await call(
          '/api/f/v1/member/virtual/add',
          { protocol: '1', address: tronAddress() },
          member,
        )
      ).body.data,
    ).toBe('payout_account_limit');
  });

  it('keeps the limit under concurrent adds', async () => {
    const brand = await harness.createBrand({ maxBankCards: 3 });
    const member = await harness.register({ brand });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(
          '/api/f/v1/member/bank/add',
          { bankCode: 'boc', holderName: '张三', cardNumber: validCardNumber() },
          member,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.body.status)).toHaveLength(3);
    expect(answers.filter((answer) => answer.body.data === 'payout_account_limit')).toHaveLength(5);
    expect(await accountsOf(member, 1)).toHaveLength(3);
  });
});

describe('deleting payout accounts', () => {
  it('deletes (softly) the member own card, Alipay and coin address; never another member one', async () => {
    const owner = await harness.register();
    const other = await harness.register();
    const card = (
      await call(
        '/api/f/v1/member/bank/add',
        { bankCode: 'ccb', holderName: '张三', cardNumber: validCardNumber() },
        owner,
      )
    ).body.data as Account;
    const alipay = (
      await call(
        '/api/f/v1/member/alipay/add',
        { holderName: '张三', account: 'me@example.com' },
        owner,
      )
    ).body.data as Account;
    const coin = (
      await call('/api/f/v1/member/virtual/add', { protocol: '1', address: tronAddress() }, owner)
    ).body.data as Account;

    for (const [url, id] of [
      ['/api/f/v1/member/bank/delete', card.id],
      ['/api/findmed/v1/member/virtual/delete', coin.id],
    ] as const) {
      const stolen = await call(url, { id }, other);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.body.data).toBe('payout_account_not_found');
    }
    // Each delete call serves its own types.
    expect((await call('/api/f/v1/member/bank/delete', { id: coin.id }, owner)).body.data).toBe(
      'payout_account_not_found',
    );
    expect(
      (await call('/api/findmed/v1/member/virtual/delete', { id: card.id }, owner)).body.data,
    ).toBe('payout_account_not_found');
    expect((await everything(owner)).flat()).toHaveLength(3);

    for (const [url, id] of [
      ['/api/f/v1/member/bank/delete', card.id],
      ['/api/f/v1/member/bank/delete', alipay.id],
      ['/api/findmed/v1/member/virtual/delete', coin.id],
    ] as const) {
      expect((await call(url, { id }, owner)).body).toEqual({
        status: true,
        data: { deleted: true },
      });
      expect((await call(url, { id }, owner)).body.data).toBe('payout_account_not_found');
    }
    expect((await everything(owner)).flat()).toEqual([]);
    for (const id of ['abc', '-1', '0', '9'.repeat(30), '']) {
      expect((await call('/api/f/v1/member/bank/delete', { id }, owner)).body.data).toBe(
        'validation',
      );
    }
  });
});

describe('guests', () => {
  it('get data "token" from every payout call, and nothing changes', async () => {
    for (const url of [
      '/api/f/v1/member/banks',
      '/api/f/v1/withdraw/can/banks',
      '/api/f/v1/virtual/can/protocol',
      '/api/f/v1/member/bank/add',
      '/api/f/v1/member/alipay/add',
      '/api/f/v1/member/virtual/add',
      '/api/f/v1/member/bank/delete',
      '/api/findmed/v1/member/virtual/delete',
    ]) {
      const answer = await call(url, { withdraw_type: '1', id: '1' });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.body).toMatchObject({ status: false, data: 'token' });
    }
  });
});
