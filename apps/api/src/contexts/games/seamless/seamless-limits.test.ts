import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberLimits } from '../../protection/limits/index.ts';
import {
  createSeamlessHarness,
  moneyBody,
  SEAMLESS_PLATFORM as P,
  uniqueId,
  type SeamlessHarness,
  type TestMember,
} from './seamless.test-support.ts';

/**
 * A stake past the member's loss or wager limit (issue 15, point 2): refused with the protocol's
 * own `limit_reached`, nothing moved, the id buried; concurrent stakes counted one after the
 * other; members without limits keep the one-statement path.
 */
let h: SeamlessHarness;

beforeAll(async () => {
  h = await createSeamlessHarness();
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

async function limit(member: TestMember, kind: 'loss' | 'wager', amount: bigint) {
  await h.database.db
    .insert(memberLimits)
    .values({ memberId: member.memberId, kind, period: 'day', amount });
}

const debit = (member: TestMember, amount: bigint, round = uniqueId('round')) =>
  h.call(P, 'debit', moneyBody(member, uniqueId('tx'), round, amount));

describe('seamless stakes under the member limits', () => {
  it('takes stakes up to the wager limit and refuses the one past it', async () => {
    const member = await h.newMember({ fundMinor: 100_000n });
    await limit(member, 'wager', 1_000n);
    expect((await debit(member, 600n)).statusCode).toBe(200);
    expect((await debit(member, 400n)).statusCode).toBe(200);
    const id = uniqueId('tx');
    const refused = await h.call(P, 'debit', moneyBody(member, id, uniqueId('round'), 1n));
    expect(refused).toEqual({
      statusCode: 403,
      body: { status: 'error', error: 'limit_reached', balanceMinor: '99000' },
    });
    expect(await h.wallet(member)).toBe(99_000n);
    // The id is buried: a repeat answers the same refusal and never moves money later.
    expect((await h.transaction(P, id))?.kind).toBe('tombstone');
    expect(await h.entriesOf(member, P, id)).toBe(0);
  });

  it('counts payouts against the loss limit: a win makes room', async () => {
    const member = await h.newMember({ fundMinor: 100_000n });
    await limit(member, 'loss', 500n);
    const round = uniqueId('round');
    expect((await debit(member, 500n, round)).statusCode).toBe(200);
    expect((await debit(member, 100n)).body.error).toBe('limit_reached');
    const win = await h.call(P, 'credit', moneyBody(member, uniqueId('tx'), round, 300n));
    expect(win.statusCode).toBe(200);
    expect((await debit(member, 300n)).statusCode).toBe(200);
    expect((await debit(member, 1n)).body.error).toBe('limit_reached');
  });

  it('lets concurrent stakes pass only up to the limit', async () => {
    const member = await h.newMember({ fundMinor: 100_000n });
    await limit(member, 'wager', 1_000n);
    const answers = await Promise.all(Array.from({ length: 6 }, () => debit(member, 300n)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.body.error === 'limit_reached')).toHaveLength(3);
    expect(await h.wallet(member)).toBe(100_000n - 900n);
  });
});
