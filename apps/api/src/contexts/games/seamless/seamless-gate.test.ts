import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import {
  createSeamlessHarness,
  moneyBody,
  SEAMLESS_PLATFORM as P,
  uniqueId,
  type SeamlessHarness,
} from './seamless.test-support.ts';

/**
 * The money gate inside the debit's own statement (decision 0017): what it lets through and
 * what a refusal leaves behind.
 */
let h: SeamlessHarness;

beforeAll(async () => {
  h = await createSeamlessHarness();
});

afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

describe('seamless debit: the money gate in the statement', () => {
  it('leaves no ledger account behind when it refuses a member of another brand', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const other = await h.newMember({ brandCode: 'longteng', fundMinor: 10_000n });
    for (const player of [`jinsheng_${other.memberId}`, `longteng_${member.memberId}`]) {
      const id = uniqueId('tx');
      const answer = await h.call(P, 'debit', {
        ...moneyBody(member, id, uniqueId('round'), 100n),
        player,
      });
      expect(answer).toEqual({
        statusCode: 404,
        body: { status: 'error', error: 'player_not_found' },
      });
      expect(await h.transaction(P, id)).toBeNull();
    }
    const stray = await queryRows(
      h.database.db,
      sql`select a.id from ledger_accounts a join members m on m.id = a.member_id
          where a.brand_code <> m.brand_code`,
    );
    expect(stray).toEqual([]);
    expect(await h.wallet(member)).toBe(10_000n);
    expect(await h.wallet(other)).toBe(10_000n);
  });

  it("takes a new member's first stake, made before any account of theirs exists", async () => {
    const member = await h.newMember();
    // No wallet yet: the gate lets the member through, the wallet is made, and it is short.
    expect(
      await h.call(P, 'debit', moneyBody(member, uniqueId('tx'), uniqueId('round'), 100n)),
    ).toEqual({
      statusCode: 409,
      body: { status: 'error', error: 'insufficient_funds', balanceMinor: '0' },
    });
    expect(await h.wallet(member)).toBe(0n);
  });
});
