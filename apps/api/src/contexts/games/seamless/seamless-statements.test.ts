import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSeamlessHarness,
  SEAMLESS_PLATFORM as P,
  uniqueId,
  type SeamlessHarness,
  moneyBody,
} from './seamless.test-support.ts';

/**
 * What a seamless callback costs the database, counted statement by statement (issue 14): the
 * hot debit and credit are one round trip each: the money gate (or the round's held debit), the
 * ledger entry and its row in one statement. A change that adds a read or a write to these
 * paths fails here before it shows in bench/seamless.
 */
let h: SeamlessHarness;
let recording: string[] | null = null;

beforeAll(async () => {
  h = await createSeamlessHarness({
    observeQuery: (query) => {
      recording?.push(query);
    },
  });
});

afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  recording = [];
  try {
    await work();
    return recording;
  } finally {
    recording = null;
  }
}

const body = moneyBody;

describe('seamless callbacks: statements per call', () => {
  it('debits and credits in one statement each, the money gate checked in it on every debit', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    // Rounds first, so the ids of the house account's eight shards are known to this process
    // (120 movements drawing one of 8 shards each: all 8 seen but for about 1 in a million).
    for (let round = 0; round < 60; round++) {
      const roundId = uniqueId('warm');
      await h.call(P, 'debit', body(member, `${roundId}:d`, roundId, 10n));
      await h.call(P, 'credit', body(member, `${roundId}:c`, roundId, 5n));
    }

    const roundId = uniqueId('round');
    let answer: unknown;
    const debit = await statementsOf(async () => {
      answer = await h.call(P, 'debit', body(member, `${roundId}:d`, roundId, 100n));
    });
    expect(answer).toMatchObject({ statusCode: 200, body: { balanceMinor: '9600' } });
    // The member and the money gate's restrictions, the entry, balances, postings and the
    // transaction's row: one statement.
    expect(debit).toHaveLength(1);
    expect(debit[0]).toMatch(/"members"/);
    expect(debit[0]).toMatch(/member_restrictions/);
    expect(debit[0]).toMatch(/insert into journal_entries/);
    expect(debit[0]).toMatch(/insert into postings/);
    expect(debit[0]).toMatch(/insert into seamless_transactions/);

    const credit = await statementsOf(async () => {
      answer = await h.call(P, 'credit', body(member, `${roundId}:c`, roundId, 60n));
    });
    expect(answer).toMatchObject({ statusCode: 200, body: { balanceMinor: '9660' } });
    // The round's held debit, the entry and the row: one statement.
    expect(credit).toHaveLength(1);
    expect(credit[0]).toMatch(/select 1 from seamless_transactions/);
    expect(credit[0]).toMatch(/insert into seamless_transactions/);

    // A repeat answers from the recorded row: still no more than a few statements, no money.
    const repeat = await statementsOf(async () => {
      answer = await h.call(P, 'debit', body(member, `${roundId}:d`, roundId, 100n));
    });
    expect(answer).toMatchObject({ statusCode: 200, body: { balanceMinor: '9660' } });
    expect(repeat.length).toBeLessThanOrEqual(7);
    expect(await h.entriesOf(member, P, `${roundId}:d`)).toBe(1);
  });
});
