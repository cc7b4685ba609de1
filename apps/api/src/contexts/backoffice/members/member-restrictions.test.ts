import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_PROVIDER_SECRET,
  platformSecret,
  SEAMLESS_PATH_PREFIX,
  signRequest,
} from '@lobby/game-protocol';
import { errorMessage } from '@lobby/i18n';
import { addCard, WITHDRAW_PASSWORD } from '../../money/withdrawal/wallet-test-app.ts';
import { post } from '../../../test/members.ts';
import {
  BRAND,
  createRecordHarness,
  type Member,
  type RecordHarness,
} from './member-record.test-support.ts';

/**
 * The money gate: a frozen member's deposit orders, withdrawal requests, transfers in and out
 * (also the recycle and the automatic transfer of a game launch) are refused with
 * account_frozen, and seamless debits with the protocol's own refusal; nothing moves. Unfreezing
 * lets every one of them through again.
 */
let h: RecordHarness;
const SEAMLESS = 40;
const TRANSFER_PLATFORM = '1';

beforeAll(async () => {
  h = await createRecordHarness();
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h?.close();
});

const key = () => randomUUID();

function memberPost(member: Member, path: string, fields: Record<string, string>) {
  return post(h.app, path, fields, member.headers);
}

function deposit(member: Member) {
  return memberPost(member, '/api/f/v1/deposit', {
    channel: 'bank',
    amount: '100',
    payerName: '张三',
    idempotencyKey: key(),
  });
}

function withdraw(member: Member, accountId: string) {
  return memberPost(member, '/api/f/v1/withdraw', {
    amount: '100',
    accountId,
    withdrawPassword: h.enc(WITHDRAW_PASSWORD),
    idempotencyKey: key(),
  });
}

function transfer(member: Member, type: 'in' | 'out') {
  return h.transfer(member, {
    platform: TRANSFER_PLATFORM,
    type,
    amount: '50',
    idempotencyKey: key(),
  });
}

/** A seamless debit signed as platform 40 signs it (the app's master secret is the dev one). */
async function seamlessDebit(
  member: Member,
  amountMinor: bigint,
  transactionId = key(),
  roundId = transactionId,
) {
  const path = `${SEAMLESS_PATH_PREFIX}/${SEAMLESS}/debit`;
  const body = JSON.stringify({
    transactionId,
    player: `${BRAND}_${member.memberId}`,
    roundId,
    gameCode: 'fortune-dragon',
    amountMinor: amountMinor.toString(),
  });
  const headers = signRequest({
    secret: platformSecret(DEV_PROVIDER_SECRET, SEAMLESS),
    platformId: SEAMLESS,
    method: 'POST',
    pathAndQuery: path,
    body,
  });
  const response = await h.app.inject({
    method: 'POST',
    url: path,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: body,
  });
  return { statusCode: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function walletOf(member: Member) {
  return h.ledger.balances(BRAND, member.memberId, 'CNY');
}

/** A member with money in the wallet and on a platform, a withdrawal password and a card. */
async function readyMember(): Promise<{ member: Member; accountId: string }> {
  const member = await h.register();
  await h.fund(member, 100_000n);
  const set = await memberPost(member, '/api/findmed/v1/member/withdraw/password', {
    withdrawPassword: h.enc(WITHDRAW_PASSWORD),
    confirmWithdrawPassword: h.enc(WITHDRAW_PASSWORD),
  });
  expect(set.body.status).toBe(true);
  const accountId = await addCard(h.app, { ...member, token: '', brand: BRAND });
  expect((await transfer(member, 'in')).body.status).toBe(true);
  return { member, accountId };
}

describe('the money gate', () => {
  it('refuses every money movement of a frozen member with account_frozen; nothing moves', async () => {
    const { member, accountId } = await readyMember();
    const frozen = await h.call('POST', `/admin/api/members/${member.memberId}/freeze`, {
      reason: 'suspected stolen card',
    });
    expect(frozen.body.data).toMatchObject({
      status: 'active',
      restrictions: { moneyFrozen: { reason: 'suspected stolen card' }, loginLocked: null },
      sessionsEnded: 0,
    });
    expect((await h.lastAction(member.memberId, 'member_freeze'))?.details).toMatchObject({
      before: { moneyFrozen: false },
      after: { moneyFrozen: true },
    });
    const before = await walletOf(member);

    const answers = {
      deposit: await deposit(member),
      withdrawal: await withdraw(member, accountId),
      transferIn: await transfer(member, 'in'),
      transferOut: await transfer(member, 'out'),
      recycle: await memberPost(member, '/api/game/transfer/recycle', { idempotencyKey: key() }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.body.data, name).toBe('account_frozen');
      expect(answer.body.message, name).toBe(errorMessage('account_frozen', 'zh-CN'));
    }
    expect(answers.deposit.statusCode).toBe(403);

    // Entering a game with the automatic transfer on is refused too (the transfer would move money).
    await memberPost(member, '/api/game/settings', { autoTransfer: '1' });
    const launch = await memberPost(member, '/api/game/launch', {
      platform: '18',
      gameCode: 'golden-koi',
    });
    expect(launch.body.data).toBe('account_frozen');

    // A seamless platform gets the protocol's funds refusal, and a copy of the call too.
    const transactionId = key();
    const debit = await seamlessDebit(member, 1_000n, transactionId);
    expect(debit.statusCode).toBe(409);
    expect(debit.body).toMatchObject({ status: 'error', error: 'insufficient_funds' });
    expect((await seamlessDebit(member, 1_000n, transactionId)).body).toMatchObject({
      error: 'insufficient_funds',
    });

    expect(await walletOf(member)).toEqual(before);
    const record = await h.call('GET', `/admin/api/members/${member.memberId}`);
    expect(record.body.data.counts).toMatchObject({ openWithdrawals: 0, pendingDeposits: 0 });
    expect(record.body.data.balances.platforms[0].balance).toBe('50.00');
    expect(record.body.data.restrictions.moneyFrozen.reason).toBe('suspected stolen card');
    // The member still logs in and reads their account.
    expect((await h.login(member.username)).statusCode).toBe(200);
  });

  it('lets everything through again once unfrozen', async () => {
    const { member, accountId } = await readyMember();
    await h.call('POST', `/admin/api/members/${member.memberId}/freeze`, { reason: 'check' });
    expect((await transfer(member, 'out')).body.data).toBe('account_frozen');
    const unfrozen = await h.call('POST', `/admin/api/members/${member.memberId}/unfreeze`, {
      reason: 'checked: all fine',
    });
    expect(unfrozen.body.data.restrictions.moneyFrozen).toBeNull();
    expect((await h.lastAction(member.memberId, 'member_unfreeze'))?.details).toMatchObject({
      before: { moneyFrozen: true },
      after: { moneyFrozen: false },
    });

    expect((await deposit(member)).body.status).toBe(true);
    expect((await transfer(member, 'out')).body.status).toBe(true);
    expect((await transfer(member, 'in')).body.status).toBe(true);
    expect((await withdraw(member, accountId)).body).toMatchObject({
      status: true,
      data: { status: 'pending' },
    });
    const debit = await seamlessDebit(member, 1_000n);
    expect(debit.statusCode).toBe(200);
    expect(debit.body).toMatchObject({ status: 'ok' });
    // 1000.00 - 50 (in) + 50 (out) - 50 (in) - 100 (withdrawal, locked) - 10 (bet)
    expect(await walletOf(member)).toMatchObject({ walletMinor: 84_000n, lockedMinor: 10_000n });
  });

  it('stops a closed account’s money the same way', async () => {
    const member = await h.register();
    await h.call('POST', `/admin/api/members/${member.memberId}/close`, { reason: 'asked' });
    const debit = await seamlessDebit(member, 100n);
    expect(debit.statusCode).toBeGreaterThanOrEqual(400);
    expect(debit.body.status).toBe('error');
  });
});
