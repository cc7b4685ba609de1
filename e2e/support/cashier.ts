import { constants, publicEncrypt, randomInt, randomUUID } from 'node:crypto';
import { uniqueUsername } from './members.ts';
import { adjustBalance } from './wallet.ts';

/**
 * The member side of the cashier browser tests, through the member API from Node as the site
 * would call it (form bodies, RSA-OAEP passwords, the member token in the `t` header): members
 * with a withdrawal password, money, cards, withdrawals and deposits, on the brand the host
 * 127.0.0.1 picks (the default demo brand).
 */

export type Envelope<T> = { status: boolean; data: T; message?: string };
export type Member = { username: string; token: string };

export const WITHDRAW_PASSWORD = '135790';

const publicKeys = new Map<string, string>();

/** A text as the browser sends a password: RSA-OAEP SHA-256 with the served key, base64. */
export async function encrypt(baseUrl: string, text: string): Promise<string> {
  let key = publicKeys.get(baseUrl);
  if (!key) {
    const response = await fetch(`${baseUrl}/api/f/v1/member/preInfo`);
    key = ((await response.json()) as Envelope<{ publicKey: string }>).data.publicKey;
    publicKeys.set(baseUrl, key);
  }
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(text),
  ).toString('base64');
}

/** A member API call: GET without fields, else a form POST; the envelope's data, or a throw. */
export async function memberCall<T>(
  baseUrl: string,
  path: string,
  fields: Record<string, string> | undefined,
  token?: string,
): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: fields === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(fields === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      ...(token ? { t: token } : {}),
    },
    body: fields === undefined ? null : new URLSearchParams(fields).toString(),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.status) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return { data: answer.data, headers: response.headers };
}

/** A registered member with a withdrawal password (the captcha takes the test code). */
export async function registerMember(baseUrl: string, prefix: string): Promise<Member> {
  const username = uniqueUsername(prefix);
  const { data: captcha } = await memberCall<{ key: string }>(
    baseUrl,
    '/api/f/v1/captcha',
    undefined,
  );
  const registered = await memberCall(baseUrl, '/api/f/v1/member/register', {
    username,
    password: await encrypt(baseUrl, 'cashier1234'),
    confirmPassword: await encrypt(baseUrl, 'cashier1234'),
    key: captcha.key,
    code: 'test',
  });
  const token = registered.headers.get('id');
  if (!token) throw new Error('register answered no member token');
  await memberCall(
    baseUrl,
    '/api/findmed/v1/member/withdraw/password',
    {
      withdrawPassword: await encrypt(baseUrl, WITHDRAW_PASSWORD),
      confirmWithdrawPassword: await encrypt(baseUrl, WITHDRAW_PASSWORD),
    },
    token,
  );
  return { username, token };
}

/** A Luhn-valid 16-digit card number. */
export function cardNumber(): string {
  let body = '6222';
  while (body.length < 15) body += String(randomInt(10));
  for (let check = 0; check <= 9; check++) {
    const digits = `${body}${check}`;
    let sum = 0;
    for (let index = 0; index < digits.length; index++) {
      let digit = Number(digits[digits.length - 1 - index]);
      if (index % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('unreachable');
}

/**
 * Money in (an operator's adjustment, kept under the brand's second-approval threshold), a bank
 * card, and a withdrawal of `amount`: the pending order's number.
 */
export async function memberWithWithdrawal(
  baseUrl: string,
  operatorToken: string,
  input: { brand: string; member: Member; credit: string; amount: string },
): Promise<string> {
  const { brand, member, credit, amount } = input;
  await adjustBalance(baseUrl, operatorToken, {
    brand,
    username: member.username,
    amount: credit,
    reason: 'cashier browser test',
  });
  const { data: card } = await memberCall<{ id: string }>(
    baseUrl,
    '/api/f/v1/member/bank/add',
    { bankCode: 'icbc', holderName: '张三', cardNumber: cardNumber() },
    member.token,
  );
  const { data: order } = await memberCall<{ orderNo: string; status: string }>(
    baseUrl,
    '/api/f/v1/withdraw',
    {
      amount,
      accountId: card.id,
      withdrawPassword: await encrypt(baseUrl, WITHDRAW_PASSWORD),
      idempotencyKey: randomUUID(),
    },
    member.token,
  );
  if (order.status !== 'pending') throw new Error(`withdrawal ${order.orderNo} is ${order.status}`);
  return order.orderNo;
}

/** A bank-transfer deposit the member says they paid (the notice): its order number. */
export async function reportedBankDeposit(
  baseUrl: string,
  member: Member,
  amount: string,
  payerName: string,
): Promise<string> {
  const { data: order } = await memberCall<{ orderNo: string }>(
    baseUrl,
    '/api/f/v1/deposit',
    { channel: 'bank', amount, payerName, idempotencyKey: randomUUID() },
    member.token,
  );
  const { data: noticed } = await memberCall<{ status: string }>(
    baseUrl,
    '/api/f/v1/deposit/notice',
    { orderNo: order.orderNo, payerName, transferredAt: new Date().toISOString() },
    member.token,
  );
  if (noticed.status !== 'submitted')
    throw new Error(`deposit ${order.orderNo} is ${noticed.status}`);
  return order.orderNo;
}

/** Moves money from the member's centre wallet into a transfer-wallet platform. */
export async function transferIn(
  baseUrl: string,
  member: Member,
  platform: number,
  amount: string,
): Promise<{ orderNo: string; status: string }> {
  const { data } = await memberCall<{ order: { orderNo: string; status: string } }>(
    baseUrl,
    '/api/game/transfer',
    { platform: String(platform), type: 'in', amount, idempotencyKey: randomUUID() },
    member.token,
  );
  return data.order;
}
