import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PROVIDER_SECRET, REQUEST_MAX_AGE_MS, SIGNATURE_HEADERS } from '@lobby/game-protocol';
import { SeamlessService } from './seamless.service.ts';
import {
  createSeamlessHarness,
  SEAMLESS_PLATFORM as P,
  uniqueId,
  type CallAnswer,
  type SeamlessHarness,
  type TestMember,
  moneyBody,
} from './seamless.test-support.ts';

let h: SeamlessHarness;

beforeAll(async () => {
  h = await createSeamlessHarness();
});

afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const debitBody = moneyBody;

const creditBody = debitBody;

function rollbackBody(
  member: TestMember,
  transactionId: string,
  roundId: string,
  originalTransactionId: string,
) {
  return { transactionId, player: member.player, roundId, originalTransactionId };
}

function ok(balance: bigint): CallAnswer {
  return { statusCode: 200, body: { status: 'ok', balanceMinor: balance.toString() } };
}

function refused(statusCode: number, error: string, balance?: bigint): CallAnswer {
  return {
    statusCode,
    body:
      balance === undefined
        ? { status: 'error', error }
        : { status: 'error', error, balanceMinor: balance.toString() },
  };
}

describe('seamless callbacks: who may call', () => {
  it('answers the balance of the centre wallet to a signed call', async () => {
    const member = await h.newMember({ fundMinor: 12_345n });
    expect(await h.call(P, 'balance', { player: member.player })).toEqual(ok(12_345n));
  });

  it('refuses calls it cannot trust, and nothing moves', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const id = uniqueId('tx');
    const body = debitBody(member, id, uniqueId('round'), 1_000n);
    const badSignature = refused(401, 'bad_signature');

    // The development secret is not this app's secret.
    expect(await h.call(P, 'debit', body, { masterSecret: DEV_PROVIDER_SECRET })).toEqual(
      badSignature,
    );
    // A body changed after signing.
    expect(
      await h.call(P, 'debit', body, {
        sentBody: JSON.stringify({ ...body, amountMinor: '1' }),
      }),
    ).toEqual(badSignature);
    // Too old, and too far in the future.
    expect(
      await h.call(P, 'debit', body, { now: Date.now() - REQUEST_MAX_AGE_MS - 5_000 }),
    ).toEqual(badSignature);
    expect(
      await h.call(P, 'debit', body, { now: Date.now() + REQUEST_MAX_AGE_MS + 5_000 }),
    ).toEqual(badSignature);
    // No signature at all.
    expect(await h.call(P, 'debit', body, { dropHeaders: [SIGNATURE_HEADERS.signature] })).toEqual(
      badSignature,
    );
    // Another seamless platform's valid signature on this platform's path.
    expect(await h.call(P, 'debit', body, { signingPlatformId: 41 })).toEqual(badSignature);

    expect(await h.wallet(member)).toBe(10_000n);
    expect(await h.transaction(P, id)).toBeNull();
    expect(await h.entriesOf(member, P, id)).toBe(0);
  });

  it('has no seamless wallet for unknown or transfer-wallet platforms, or unknown operations', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const id = uniqueId('tx');
    const body = debitBody(member, id, uniqueId('round'), 1_000n);
    const notHere = refused(404, 'invalid_request');

    expect(await h.call(999, 'debit', body)).toEqual(notHere);
    // Platform 1 is a transfer-wallet platform: its own valid signature does not open this door.
    expect(await h.call(1, 'debit', body)).toEqual(notHere);
    expect(await h.call(P, 'withdraw', body)).toEqual(notHere);
    expect(await h.call(P, 'debit/extra', body)).toEqual(notHere);

    expect(await h.wallet(member)).toBe(10_000n);
    expect(await h.transaction(P, id)).toBeNull();
    expect(await h.transaction(1, id)).toBeNull();
  });

  it('refuses bodies that are not the operation, with the protocol answer, not the member envelope', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const id = uniqueId('tx');
    const round = uniqueId('round');
    const invalid = refused(400, 'invalid_request');

    expect(await h.call(P, 'debit', '{not json')).toEqual(invalid);
    expect(await h.call(P, 'debit', { ...debitBody(member, id, round, 0n) })).toEqual(invalid);
    expect(
      await h.call(P, 'debit', { ...debitBody(member, id, round, 1n), amountMinor: '1.5' }),
    ).toEqual(invalid);
    expect(
      await h.call(P, 'debit', { ...debitBody(member, id, round, 1n), amountMinor: -5 }),
    ).toEqual(invalid);
    expect(await h.call(P, 'debit', { ...debitBody(member, id, round, 1n), player: 'x' })).toEqual(
      invalid,
    );
    expect(
      await h.call(P, 'rollback', rollbackBody(member, id, round, id)),
      'a rollback cannot undo itself',
    ).toEqual(invalid);
    // A form body is not a callback, even signed.
    expect(
      (
        await h.call(P, 'debit', 'transactionId=x', {
          contentType: 'application/x-www-form-urlencoded',
        })
      ).body,
    ).toEqual({ status: 'error', error: 'invalid_request' });

    expect(await h.wallet(member)).toBe(10_000n);
    expect(await h.transaction(P, id)).toBeNull();
  });

  it('refuses players that are not an active member of a brand offering the platform', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const other = await h.newMember({ brandCode: 'longteng', fundMinor: 10_000n });
    const disabled = await h.newMember({ status: 'disabled', fundMinor: 10_000n });
    const withoutPlatform = await h.newMember({
      brandCode: await h.newBrand([1, 2, 41]),
      fundMinor: 10_000n,
    });
    const notFound = refused(404, 'player_not_found');
    const tryDebit = async (player: string) => {
      const id = uniqueId('tx');
      const answer = await h.call(P, 'debit', {
        ...debitBody(member, id, uniqueId('round'), 100n),
        player,
      });
      expect(await h.transaction(P, id)).toBeNull();
      return answer;
    };

    expect(await tryDebit(`jinsheng_${member.memberId + 1_000_000n}`)).toEqual(notFound);
    expect(await tryDebit(`nosuchbrand_${member.memberId}`)).toEqual(notFound);
    // The member exists, but in another brand than the player name says.
    expect(await tryDebit(`jinsheng_${other.memberId}`)).toEqual(notFound);
    expect(await tryDebit(`longteng_${member.memberId}`)).toEqual(notFound);
    expect(await tryDebit(disabled.player)).toEqual(notFound);
    expect(await tryDebit(withoutPlatform.player)).toEqual(notFound);
    expect(await h.call(P, 'balance', { player: disabled.player })).toEqual(notFound);

    for (const someone of [member, other, disabled, withoutPlatform]) {
      expect(await h.wallet(someone)).toBe(10_000n);
    }
  });
});

describe('seamless callbacks: money', () => {
  it('debits a bet and credits a win through the ledger, each once', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const round = uniqueId('round');
    const debit = debitBody(member, uniqueId('tx'), round, 1_500n);
    const credit = creditBody(member, uniqueId('tx'), round, 4_000n);

    expect(await h.call(P, 'debit', debit)).toEqual(ok(8_500n));
    expect(await h.call(P, 'credit', credit)).toEqual(ok(12_500n));
    // Copies answer the first outcome with the balance of now, and move nothing.
    expect(await h.call(P, 'debit', debit)).toEqual(ok(12_500n));
    expect(await h.call(P, 'credit', credit)).toEqual(ok(12_500n));

    expect(await h.wallet(member)).toBe(12_500n);
    expect(await h.entriesOf(member, P, debit.transactionId)).toBe(1);
    expect(await h.entriesOf(member, P, credit.transactionId)).toBe(1);
    const row = await h.transaction(P, debit.transactionId);
    expect(row).toMatchObject({
      kind: 'debit',
      memberId: member.memberId,
      amountMinor: 1_500n,
      rolledBack: false,
    });
    expect(row?.ledgerEntryId).not.toBeNull();
  });

  it('records a zero credit (a lost round) without a ledger entry', async () => {
    const member = await h.newMember({ fundMinor: 1_000n });
    const round = uniqueId('round');
    const credit = creditBody(member, uniqueId('tx'), round, 0n);
    await h.call(P, 'debit', debitBody(member, uniqueId('tx'), round, 300n));

    expect(await h.call(P, 'credit', credit)).toEqual(ok(700n));
    expect(await h.call(P, 'credit', credit)).toEqual(ok(700n));
    expect(await h.entriesOf(member, P, credit.transactionId)).toBe(0);
    expect(await h.transaction(P, credit.transactionId)).toMatchObject({
      kind: 'credit',
      amountMinor: 0n,
      ledgerEntryId: null,
    });
  });

  it('refuses a debit above the balance for good: a copy after a deposit is refused too', async () => {
    const member = await h.newMember({ fundMinor: 500n });
    const debit = debitBody(member, uniqueId('tx'), uniqueId('round'), 501n);

    expect(await h.call(P, 'debit', debit)).toEqual(refused(409, 'insufficient_funds', 500n));
    await h.fund(member, 1_000n);
    expect(await h.call(P, 'debit', debit)).toEqual(refused(409, 'insufficient_funds', 1_500n));
    expect(await h.call(P, 'debit', { ...debit, amountMinor: '100' })).toEqual(
      refused(409, 'transaction_conflict'),
    );
    expect(await h.wallet(member)).toBe(1_500n);
    expect(await h.entriesOf(member, P, debit.transactionId)).toBe(0);
  });

  it('refuses a credit of a round it holds no debit of, and its copies after the debit', async () => {
    const member = await h.newMember({ fundMinor: 1_000n });
    const round = uniqueId('round');
    const credit = creditBody(member, uniqueId('tx'), round, 700n);

    expect(await h.call(P, 'credit', credit)).toEqual(refused(404, 'round_not_found'));
    expect(await h.call(P, 'debit', debitBody(member, uniqueId('tx'), round, 100n))).toEqual(
      ok(900n),
    );
    expect(await h.call(P, 'credit', credit)).toEqual(refused(404, 'round_not_found'));
    // A debit of the same round id by another player does not open the round to this one.
    const other = await h.newMember({ fundMinor: 1_000n });
    const otherRound = uniqueId('round');
    await h.call(P, 'debit', debitBody(other, uniqueId('tx'), otherRound, 100n));
    expect(await h.call(P, 'credit', creditBody(member, uniqueId('tx'), otherRound, 5n))).toEqual(
      refused(404, 'round_not_found'),
    );
    expect(await h.wallet(member)).toBe(900n);
  });

  it('answers transaction_conflict to an id reused with another body, and moves nothing', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const round = uniqueId('round');
    const debit = debitBody(member, uniqueId('tx'), round, 1_000n);
    await h.call(P, 'debit', debit);
    const conflict = refused(409, 'transaction_conflict');

    expect(await h.call(P, 'debit', { ...debit, amountMinor: '2000' })).toEqual(conflict);
    expect(await h.call(P, 'debit', { ...debit, roundId: uniqueId('round') })).toEqual(conflict);
    expect(await h.call(P, 'credit', { ...debit })).toEqual(conflict);
    expect(
      await h.call(P, 'rollback', rollbackBody(member, debit.transactionId, round, uniqueId('tx'))),
    ).toEqual(conflict);
    expect(await h.wallet(member)).toBe(9_000n);
  });

  it('reverses a debit once, however many rollbacks name it', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const round = uniqueId('round');
    const debit = debitBody(member, uniqueId('tx'), round, 2_000n);
    const rollback = rollbackBody(member, uniqueId('tx'), round, debit.transactionId);
    await h.call(P, 'debit', debit);

    expect(await h.call(P, 'rollback', rollback)).toEqual(ok(10_000n));
    expect(await h.call(P, 'rollback', rollback)).toEqual(ok(10_000n));
    // A second rollback id for the same debit: nothing left to undo.
    expect(
      await h.call(P, 'rollback', rollbackBody(member, uniqueId('tx'), round, debit.transactionId)),
    ).toEqual(ok(10_000n));
    // A late copy of the debit answers its first outcome and takes nothing.
    expect(await h.call(P, 'debit', debit)).toEqual(ok(10_000n));
    // The round was cancelled: no win is paid on a stake that was given back.
    expect(await h.call(P, 'credit', creditBody(member, uniqueId('tx'), round, 9_000n))).toEqual(
      refused(404, 'round_not_found'),
    );

    expect(await h.wallet(member)).toBe(10_000n);
    expect(await h.transaction(P, debit.transactionId)).toMatchObject({
      rolledBack: true,
      relatedTransactionId: rollback.transactionId,
    });
    expect(await h.entriesOf(member, P, rollback.transactionId)).toBe(1);
  });

  it('leaves a tombstone when the rollback comes first, so the late debit is refused', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const round = uniqueId('round');
    const debit = debitBody(member, uniqueId('tx'), round, 2_000n);
    const rollback = rollbackBody(member, uniqueId('tx'), round, debit.transactionId);

    expect(await h.call(P, 'rollback', rollback)).toEqual(ok(10_000n));
    expect(await h.call(P, 'debit', debit)).toEqual(refused(409, 'transaction_rolled_back'));
    expect(await h.call(P, 'rollback', rollback)).toEqual(ok(10_000n));
    expect(await h.call(P, 'debit', debit)).toEqual(refused(409, 'transaction_rolled_back'));
    // A credit for the round finds no debit there.
    expect(await h.call(P, 'credit', creditBody(member, uniqueId('tx'), round, 50n))).toEqual(
      refused(404, 'round_not_found'),
    );

    expect(await h.wallet(member)).toBe(10_000n);
    expect(await h.transaction(P, debit.transactionId)).toMatchObject({
      kind: 'tombstone',
      relatedTransactionId: rollback.transactionId,
    });
    expect(await h.entriesOf(member, P, debit.transactionId)).toBe(0);
  });

  it('settles a win while the debit is still being retried: the retry takes nothing', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const round = uniqueId('round');
    const debit = debitBody(member, uniqueId('tx'), round, 1_000n);
    const credit = creditBody(member, uniqueId('tx'), round, 3_000n);

    await h.call(P, 'debit', debit); // applied; the platform never saw the answer
    expect(await h.call(P, 'credit', credit)).toEqual(ok(12_000n));
    expect(await h.call(P, 'debit', debit)).toEqual(ok(12_000n));
    expect(await h.call(P, 'credit', credit)).toEqual(ok(12_000n));
    expect(await h.wallet(member)).toBe(12_000n);
  });

  it('settles rounds of a member disabled mid-round, but takes no new bet', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const round = uniqueId('round');
    const cancelled = uniqueId('round');
    await h.call(P, 'debit', debitBody(member, uniqueId('tx'), round, 1_000n));
    const stake = debitBody(member, uniqueId('tx'), cancelled, 2_000n);
    await h.call(P, 'debit', stake);
    await h.disable(member);

    // The win and the refund are owed to the member: refusing them would be final for the
    // platform, and the member would lose them.
    expect(await h.call(P, 'credit', creditBody(member, uniqueId('tx'), round, 2_500n))).toEqual(
      ok(9_500n),
    );
    expect(
      await h.call(
        P,
        'rollback',
        rollbackBody(member, uniqueId('tx'), cancelled, stake.transactionId),
      ),
    ).toEqual(ok(11_500n));
    expect(
      await h.call(P, 'debit', debitBody(member, uniqueId('tx'), uniqueId('round'), 1n)),
    ).toEqual(refused(404, 'player_not_found'));
    expect(await h.call(P, 'balance', { player: member.player })).toEqual(
      refused(404, 'player_not_found'),
    );
    expect(await h.wallet(member)).toBe(11_500n);
  });

  it('settles rounds of a platform the brand stopped offering mid-round, but takes no new bet', async () => {
    const brand = await h.newBrand([1, P]);
    const member = await h.newMember({ brandCode: brand, fundMinor: 10_000n });
    const round = uniqueId('round');
    await h.call(P, 'debit', debitBody(member, uniqueId('tx'), round, 1_000n));
    await h.setBrandPlatforms(brand, [1]);

    expect(await h.call(P, 'credit', creditBody(member, uniqueId('tx'), round, 300n))).toEqual(
      ok(9_300n),
    );
    expect(
      await h.call(P, 'debit', debitBody(member, uniqueId('tx'), uniqueId('round'), 1n)),
    ).toEqual(refused(404, 'player_not_found'));
    expect(await h.wallet(member)).toBe(9_300n);
  });
});

describe('seamless callbacks: duplicates and reordering', () => {
  it('moves money once for the same debit sent many times at the same moment', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const debit = debitBody(member, uniqueId('tx'), uniqueId('round'), 1_000n);

    const answers = await Promise.all(Array.from({ length: 8 }, () => h.call(P, 'debit', debit)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body.status).toBe('ok');
    }
    expect(await h.wallet(member)).toBe(9_000n);
    expect(await h.entriesOf(member, P, debit.transactionId)).toBe(1);
  });

  it('moves money once for the same credit, and for a rollback, sent at the same moment', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    const round = uniqueId('round');
    await h.call(P, 'debit', debitBody(member, uniqueId('tx'), round, 1_000n));
    const credit = creditBody(member, uniqueId('tx'), round, 5_000n);
    const credits = await Promise.all(Array.from({ length: 6 }, () => h.call(P, 'credit', credit)));
    expect(credits.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await h.wallet(member)).toBe(14_000n);

    const second = debitBody(member, uniqueId('tx'), uniqueId('round'), 4_000n);
    await h.call(P, 'debit', second);
    // Different rollback ids for the same debit race each other.
    const rollbacks = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.call(
          P,
          'rollback',
          rollbackBody(member, uniqueId('tx'), second.roundId, second.transactionId),
        ),
      ),
    );
    expect(rollbacks.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await h.wallet(member)).toBe(14_000n);
  });

  it('takes a debit and the rollback of it racing each other to one of the two outcomes, never both', async () => {
    const member = await h.newMember({ fundMinor: 10_000n });
    for (let index = 0; index < 6; index++) {
      const round = uniqueId('round');
      const debit = debitBody(member, uniqueId('tx'), round, 1_000n);
      const rollback = rollbackBody(member, uniqueId('tx'), round, debit.transactionId);
      const [debitAnswer, rollbackAnswer] = await Promise.all([
        h.call(P, 'debit', debit),
        h.call(P, 'rollback', rollback),
      ]);
      expect(rollbackAnswer.statusCode).toBe(200);
      expect([200, 409]).toContain(debitAnswer.statusCode);
      // Whichever came first, the stake is back: reversed, or never taken.
      expect(await h.wallet(member)).toBe(10_000n);
    }
  });

  it('moves money once when the calls interleave inside the service, at every await', async () => {
    // Injected requests on the embedded database each finish before the next starts; calling
    // the service directly in one tick makes their reads and writes interleave on it too.
    const service = new SeamlessService({
      db: h.database.db,
      ledger: h.ledger,
      brands: h.app.brands,
      secretOf: () => 'unused',
      // These members set no limits: their stakes never take the counted way.
      limits: { stakeWithinLimits: () => Promise.resolve(true) },
    });
    const settle = (calls: Promise<unknown>[]) => Promise.allSettled(calls);
    const member = await h.newMember({ fundMinor: 10_000n });
    const round = uniqueId('round');
    const debit = debitBody(member, uniqueId('tx'), round, 1_000n);
    await settle(Array.from({ length: 5 }, () => service.debit(P, debit)));
    expect(await h.wallet(member)).toBe(9_000n);

    const credit = creditBody(member, uniqueId('tx'), round, 700n);
    await settle(Array.from({ length: 5 }, () => service.credit(P, credit)));
    expect(await h.wallet(member)).toBe(9_700n);

    const rollbacks = await settle(
      Array.from({ length: 5 }, () =>
        service.rollback(P, rollbackBody(member, uniqueId('tx'), round, debit.transactionId)),
      ),
    );
    expect(rollbacks.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(await h.wallet(member)).toBe(10_700n);

    const short = await h.newMember({ fundMinor: 100n });
    // A debit and its rollback, the second started after 0..7 other queries: on the embedded
    // database (one query at a time, in order) this walks every point of the first call.
    for (const rollbackFirst of [false, true]) {
      for (let lag = 0; lag < 8; lag++) {
        const raced = uniqueId('round');
        const stake = debitBody(member, uniqueId('tx'), raced, 500n);
        const rollback = rollbackBody(member, uniqueId('tx'), raced, stake.transactionId);
        const start = (first: boolean) =>
          first === rollbackFirst ? service.rollback(P, rollback) : service.debit(P, stake);
        const firstCall = start(true);
        for (let query = 0; query < lag; query++) await h.wallet(short);
        const [first, second] = await settle([firstCall, start(false)]);
        const [debitResult, rollbackResult] = rollbackFirst ? [second, first] : [first, second];
        expect(rollbackResult?.status, `lag ${lag}`).toBe('fulfilled');
        const row = await h.transaction(P, stake.transactionId);
        // Taken and reversed, or never taken: the stake is back either way.
        expect(
          debitResult?.status === 'fulfilled'
            ? row?.kind === 'debit' && row.rolledBack
            : row?.kind === 'tombstone',
          `lag ${lag}`,
        ).toBe(true);
        expect(await h.wallet(member), `lag ${lag}`).toBe(10_700n);
      }
    }
    const tooMuch = debitBody(short, uniqueId('tx'), uniqueId('round'), 101n);
    const refusals = await settle(Array.from({ length: 4 }, () => service.debit(P, tooMuch)));
    expect(refusals.map((result) => result.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(await h.wallet(short)).toBe(100n);
  });

  type Step = { operation: 'debit' | 'credit' | 'rollback'; round: number; body: object };

  it('changes balances exactly once for any order and repetition of a round’s callbacks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            settled: fc.boolean(),
            stake: fc.bigInt({ min: 1n, max: 5_000n }),
            win: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 20_000n })),
            debitSent: fc.boolean(),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 12, maxLength: 12 }),
        fc.infiniteStream(fc.nat()),
        async (rounds, copyCounts, randomness) => {
          const start = 100_000n;
          const member = await h.newMember({ fundMinor: start });
          const steps: Step[] = [];
          let copyIndex = 0;
          const send = (step: Step) => {
            const copies = copyCounts[copyIndex++ % copyCounts.length] ?? 1;
            for (let copy = 0; copy < copies; copy++) steps.push(step);
          };
          const ids = rounds.map(() => ({
            round: uniqueId('round'),
            debit: uniqueId('tx'),
            after: uniqueId('tx'),
          }));
          rounds.forEach((round, index) => {
            const id = ids[index];
            if (!id) return;
            // A cancelled round's debit may never arrive at all (lost on the way).
            if (round.settled || round.debitSent) {
              send({
                operation: 'debit',
                round: index,
                body: debitBody(member, id.debit, id.round, round.stake),
              });
            }
            send(
              round.settled
                ? {
                    operation: 'credit',
                    round: index,
                    body: creditBody(member, id.after, id.round, round.win),
                  }
                : {
                    operation: 'rollback',
                    round: index,
                    body: rollbackBody(member, id.after, id.round, id.debit),
                  },
            );
          });
          // Shuffle, then keep the one order a platform cannot break: it credits a round only
          // after Lobby took its debit, so the first credit follows the first debit.
          const order = steps.map((step) => ({ step, key: randomness.next().value }));
          order.sort((left, right) => left.key - right.key);
          const shuffled = order.map((entry) => entry.step);
          rounds.forEach((round, index) => {
            if (!round.settled) return;
            const firstDebit = shuffled.findIndex(
              (step) => step.round === index && step.operation === 'debit',
            );
            const firstCredit = shuffled.findIndex(
              (step) => step.round === index && step.operation === 'credit',
            );
            if (firstCredit < firstDebit) {
              const credit = shuffled[firstCredit] as Step;
              shuffled[firstCredit] = shuffled[firstDebit] as Step;
              shuffled[firstDebit] = credit;
            }
          });

          const answers = new Map<string, string>();
          for (const step of shuffled) {
            const answer = await h.call(P, step.operation, step.body);
            const outcome = `${answer.statusCode} ${answer.body.error ?? answer.body.status}`;
            const key = (step.body as { transactionId: string }).transactionId;
            // Every copy of a transaction gets the answer the first one got.
            expect(answers.get(key) ?? outcome).toBe(outcome);
            answers.set(key, outcome);
            expect(['200 ok', '409 transaction_rolled_back']).toContain(outcome);
          }
          // A settled round changes the wallet by win minus stake; a cancelled one not at all,
          // whether its debit was reversed or refused after the rollback's tombstone.
          const expected = rounds.reduce(
            (total, round) => (round.settled ? total - round.stake + round.win : total),
            start,
          );
          expect(await h.wallet(member)).toBe(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});
