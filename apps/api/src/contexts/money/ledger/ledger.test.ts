import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { members } from '../../identity/member/member.schema.ts';
import { journalEntries, ledgerAccounts } from './ledger.schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { seedDemoBrands } from '../../platform/brand/brand.service.ts';
import { onPostgres, openTestDatabase } from '../../../test/database.ts';
import { LedgerService, type PostInput } from './ledger.service.ts';

let database: DatabaseHandle;
let ledger: LedgerService;
const BRAND = 'jinsheng';

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoBrands(database.db);
  ledger = new LedgerService(database.db);
});
afterAll(async () => {
  await database.close();
});

async function newMember(): Promise<bigint> {
  const name = `l${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const rows = await database.db
    .insert(members)
    .values({
      brandCode: BRAND,
      username: name,
      usernameKey: name,
      passwordHash: 'x',
      inviteCode: name.slice(0, 12).toUpperCase(),
    })
    .returning({ id: members.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no member');
  return id;
}

const key = () => randomUUID();
const deposit = (
  memberId: bigint,
  amountMinor: bigint,
  idempotencyKey: string = key(),
): PostInput => ({
  brandCode: BRAND,
  reason: 'deposit',
  idempotencyKey,
  actor: { type: 'operator', id: 'test' },
  lines: [
    {
      account: { kind: 'house_deposit_clearing', ref: 'bank', currency: 'CNY' },
      amountMinor: -amountMinor,
    },
    { account: { kind: 'member_wallet', memberId, currency: 'CNY' }, amountMinor },
  ],
});
const move = (
  memberId: bigint,
  from: 'member_wallet' | 'member_locked',
  to: 'member_wallet' | 'member_locked' | 'house_withdrawals_payable',
  amountMinor: bigint,
  reason: PostInput['reason'] = 'withdrawal_request',
): PostInput => ({
  brandCode: BRAND,
  reason,
  idempotencyKey: key(),
  actor: { type: 'member', id: String(memberId) },
  lines: [
    { account: { kind: from, memberId, currency: 'CNY' }, amountMinor: -amountMinor },
    to === 'house_withdrawals_payable'
      ? { account: { kind: to, currency: 'CNY' }, amountMinor }
      : { account: { kind: to, memberId, currency: 'CNY' }, amountMinor },
  ],
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof AppError ? error.code : `thrown: ${(error as Error).message}`;
  }
}

describe('ledger', () => {
  it('posts a balanced entry and keeps the balance on the account', async () => {
    const member = await newMember();
    const result = await ledger.post(deposit(member, 10_050n));
    expect(result.replayed).toBe(false);
    expect(result.memberBalances).toEqual([
      { kind: 'member_wallet', memberId: member, balanceMinor: 10_050n },
    ]);
    expect(await ledger.balances(BRAND, member, 'CNY')).toEqual({
      walletMinor: 10_050n,
      lockedMinor: 0n,
      platformsMinor: 0n,
    });
  });

  it('refuses to overdraw a member account and changes nothing', async () => {
    const member = await newMember();
    await ledger.post(deposit(member, 500n));
    const attempt = move(member, 'member_wallet', 'member_locked', 501n);
    expect(await codeOf(ledger.post(attempt))).toBe('insufficient_funds');
    expect(await ledger.balances(BRAND, member, 'CNY')).toMatchObject({
      walletMinor: 500n,
      lockedMinor: 0n,
    });
    const entries = await database.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.idempotencyKey, attempt.idempotencyKey));
    expect(entries).toEqual([]);
  });

  it('applies the legs of one account in their order: a debit first is refused even when a later credit covers it', async () => {
    const member = await newMember();
    await ledger.post(deposit(member, 100n));
    const wallet = { kind: 'member_wallet' as const, memberId: member, currency: 'CNY' as const };
    const house = { kind: 'house_promotions' as const, currency: 'CNY' as const };
    const costThenReward = (cost: bigint): PostInput => ({
      brandCode: BRAND,
      reason: 'promo_resign',
      idempotencyKey: key(),
      actor: { type: 'member', id: String(member) },
      lines: [
        { account: wallet, amountMinor: -cost },
        { account: house, amountMinor: cost },
        { account: house, amountMinor: -cost },
        { account: wallet, amountMinor: cost },
      ],
    });
    expect(await codeOf(ledger.post(costThenReward(101n)))).toBe('insufficient_funds');
    expect(await codeOf(ledger.post(costThenReward(100n)))).toBe('none');
    expect((await ledger.balances(BRAND, member, 'CNY')).walletMinor).toBe(100n);
  });

  it('answers a replay with the first result, and a reused key with another body as a conflict', async () => {
    const member = await newMember();
    const first = deposit(member, 700n);
    const posted = await ledger.post(first);
    const replay = await ledger.post(first);
    expect(replay).toMatchObject({ entryId: posted.entryId, replayed: true });
    expect((await ledger.balances(BRAND, member, 'CNY')).walletMinor).toBe(700n);
    expect(await codeOf(ledger.post(deposit(member, 701n, first.idempotencyKey)))).toBe(
      'idempotency_conflict',
    );
    expect((await ledger.balances(BRAND, member, 'CNY')).walletMinor).toBe(700n);
  });

  it('runs work alongside a new entry in its transaction: if that fails, nothing is posted', async () => {
    const member = await newMember();
    const input = deposit(member, 900n);
    let ran = 0;
    await expect(
      ledger.post(input, async () => {
        ran++;
        throw new Error('order update failed');
      }),
    ).rejects.toThrow('order update failed');
    expect((await ledger.balances(BRAND, member, 'CNY')).walletMinor).toBe(0n);
    await ledger.post(input, async () => void ran++);
    await ledger.post(input, async () => void ran++);
    // Once for the failed try, once for the posting; a replay runs nothing.
    expect(ran).toBe(2);
    expect((await ledger.balances(BRAND, member, 'CNY')).walletMinor).toBe(900n);
  });

  it('replays concurrent requests with one key exactly once', async () => {
    const member = await newMember();
    const input = deposit(member, 300n);
    const results = await Promise.all(Array.from({ length: 10 }, () => ledger.post(input)));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect((await ledger.balances(BRAND, member, 'CNY')).walletMinor).toBe(300n);
  });

  it('crashes loudly on an unbalanced or one-legged entry (a programmer error)', async () => {
    const member = await newMember();
    const unbalanced = deposit(member, 100n);
    unbalanced.lines[0] = { ...unbalanced.lines[0]!, amountMinor: -99n };
    expect(await codeOf(ledger.post(unbalanced))).toMatch(
      /^thrown: ledger: postings in CNY sum to 1/,
    );
    const oneLeg = { ...deposit(member, 100n), lines: [deposit(member, 100n).lines[1]!] };
    expect(await codeOf(ledger.post(oneLeg))).toMatch(/^thrown: ledger: an entry needs two/);
  });

  it('keeps journal entries append-only', async () => {
    const member = await newMember();
    const { entryId } = await ledger.post(deposit(member, 100n));
    await expect(
      database.db
        .update(journalEntries)
        .set({ memo: 'edited' })
        .where(eq(journalEntries.id, entryId)),
    ).rejects.toThrow();
    await expect(
      database.db.delete(journalEntries).where(eq(journalEntries.id, entryId)),
    ).rejects.toThrow();
  });

  it('refuses a negative member balance even from a direct write (CHECK constraint)', async () => {
    const member = await newMember();
    await ledger.post(deposit(member, 100n));
    await expect(
      database.db
        .update(ledgerAccounts)
        .set({ balanceMinor: sql`-1` })
        .where(eq(ledgerAccounts.memberId, member)),
    ).rejects.toThrow();
  });

  it('spreads a hot house account over several rows', async () => {
    const member = await newMember();
    for (let index = 0; index < 40; index++) await ledger.post(deposit(member, 1n));
    const shards = await database.db
      .selectDistinct({ shard: ledgerAccounts.shard })
      .from(ledgerAccounts)
      .where(
        sql`${ledgerAccounts.kind} = 'house_deposit_clearing' and ${ledgerAccounts.brandCode} = ${BRAND}`,
      );
    expect(shards.length).toBeGreaterThan(1);
  });

  it(`never overdraws under 200 concurrent debits${onPostgres ? ' (PostgreSQL, pooled connections)' : ''}`, async () => {
    const member = await newMember();
    await ledger.post(deposit(member, 15_000n));
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () =>
        codeOf(ledger.post(move(member, 'member_wallet', 'member_locked', 100n))),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'none')).toHaveLength(150);
    expect(outcomes.filter((outcome) => outcome === 'insufficient_funds')).toHaveLength(50);
    expect(await ledger.balances(BRAND, member, 'CNY')).toMatchObject({
      walletMinor: 0n,
      lockedMinor: 15_000n,
    });
    expect(await ledger.check()).toEqual([]);
  }, 60_000);

  it('keeps every invariant over random deposits, withdrawal requests, approvals and rejections', async () => {
    const member = await newMember();
    const model = { wallet: 0n, locked: 0n };
    const operation = fc.oneof(
      fc.record({
        type: fc.constant('deposit' as const),
        amount: fc.bigInt({ min: 1n, max: 50_000n }),
      }),
      fc.record({
        type: fc.constant('request' as const),
        amount: fc.bigInt({ min: 1n, max: 60_000n }),
      }),
      fc.record({
        type: fc.constant('approve' as const),
        amount: fc.bigInt({ min: 1n, max: 60_000n }),
      }),
      fc.record({
        type: fc.constant('reject' as const),
        amount: fc.bigInt({ min: 1n, max: 60_000n }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const step of operations) {
          if (step.type === 'deposit') {
            await ledger.post(deposit(member, step.amount));
            model.wallet += step.amount;
            continue;
          }
          const [from, to] =
            step.type === 'request'
              ? (['member_wallet', 'member_locked'] as const)
              : step.type === 'approve'
                ? (['member_locked', 'house_withdrawals_payable'] as const)
                : (['member_locked', 'member_wallet'] as const);
          const available = from === 'member_wallet' ? model.wallet : model.locked;
          const reason = (
            {
              request: 'withdrawal_request',
              approve: 'withdrawal_paid',
              reject: 'withdrawal_rejected',
            } as const
          )[step.type];
          const outcome = await codeOf(ledger.post(move(member, from, to, step.amount, reason)));
          if (step.amount > available) {
            expect(outcome).toBe('insufficient_funds');
            continue;
          }
          expect(outcome).toBe('none');
          if (from === 'member_wallet') model.wallet -= step.amount;
          else model.locked -= step.amount;
          if (to === 'member_wallet') model.wallet += step.amount;
          if (to === 'member_locked') model.locked += step.amount;
        }
        const balances = await ledger.balances(BRAND, member, 'CNY');
        expect(balances.walletMinor).toBe(model.wallet);
        expect(balances.lockedMinor).toBe(model.locked);
      }),
      { numRuns: 25 },
    );
    expect(await ledger.check()).toEqual([]);
  }, 120_000);
});
