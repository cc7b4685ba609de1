import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogPlatform, type BetRecord } from '@lobby/game-protocol';
import { ProviderClient } from '../games/provider-client.ts';
import {
  createSeamlessHarness,
  SEAMLESS_PLATFORM as P,
  startSeamlessSim,
  TEST_MASTER_SECRET,
  type SeamlessHarness,
  type SeamlessSim,
} from './seamless.test-support.ts';

/**
 * Lobby's seamless wallet against the provider simulator over real HTTP both ways: a member
 * plays slot rounds on platform 40 while the simulator sends half of its callbacks twice and
 * holds back a third so later ones overtake them. Once its outbox has drained, the centre
 * wallet must equal the start minus the stakes plus the payouts of the rounds the simulator
 * settled, to the unit.
 */
let h: SeamlessHarness;
let sim: SeamlessSim;
let provider: ProviderClient;

beforeAll(async () => {
  h = await createSeamlessHarness();
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const lobbyUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  sim = await startSeamlessSim(
    lobbyUrl,
    { seed: 'seamless-integration', duplicateCallbackRate: 0.5, reorderCallbackRate: 0.3 },
    // Held-back callbacks and retries come due quickly, so the outbox drains within the test.
    { reorderHoldMs: 150, backoffBaseMs: 50, backoffMaxMs: 500 },
  );
  // Lobby's own client would work as well; this one knows the sim's address, which Lobby's
  // app cannot know before the sim listens (the sim needs Lobby's address first).
  provider = new ProviderClient({ baseUrl: sim.baseUrl, masterSecret: TEST_MASTER_SECRET });
});

afterAll(async () => {
  await sim?.close();
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

async function drainOutbox(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await sim.runBackgroundOnce();
    if ((await sim.pendingCallbacks()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the sim's outbox still holds ${await sim.pendingCallbacks()} callbacks`);
}

async function settledRounds(player: string, from: Date): Promise<BetRecord[]> {
  const records: BetRecord[] = [];
  for (let page = 1; ; page++) {
    const answer = await provider.bets(P, {
      from,
      to: new Date(Date.now() + 60_000),
      page,
      pageSize: 500,
    });
    if (answer.kind !== 'ok') throw new Error(`bets: ${JSON.stringify(answer)}`);
    records.push(...answer.value.records.filter((record) => record.player === player));
    if (page * answer.value.pageSize >= answer.value.total) return records;
  }
}

describe('seamless wallet with the provider simulator', () => {
  it('keeps the centre wallet exact through duplicated and reordered callbacks', async () => {
    const start = 1_000_000n;
    const member = await h.newMember({ fundMinor: start });
    const from = new Date(Date.now() - 60_000);
    const gameCode = catalogPlatform(P)?.games[0]?.code ?? '';

    const created = await provider.createPlayer(P, member.player, 'CNY');
    expect(created.kind).toBe('ok');
    const launched = await provider.launch(P, { player: member.player, gameCode, lang: 'en' });
    if (launched.kind !== 'ok') throw new Error(`launch: ${JSON.stringify(launched)}`);
    const page = await fetch(`${sim.baseUrl}${new URL(launched.value.url).pathname}`);
    expect(page.status).toBe(200);
    const config = /<script type="application\/json" id="play-config">(.*?)<\/script>/s.exec(
      await page.text(),
    );
    const sessionId = (JSON.parse(config?.[1] ?? '{}') as { sessionId?: string }).sessionId;
    expect(sessionId).toBeTruthy();

    const answered = { settled: 0, unavailable: 0 };
    for (let round = 0; round < 30; round++) {
      const response = await fetch(`${sim.baseUrl}/play/api/round`, {
        method: 'POST',
        headers: { 'x-play-session': sessionId ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({ params: { betMinor: String(100 + round * 370) } }),
      });
      // A debit held back by the reorder fault leaves the round without an answer: the sim
      // gives the stake up (503) and rolls it back; the held debit reaches Lobby later.
      if (response.status === 503) answered.unavailable++;
      else if (response.status === 200) answered.settled++;
      else throw new Error(`round ${response.status}: ${await response.text()}`);
    }
    await drainOutbox();

    const records = await settledRounds(member.player, from);
    expect(records.length).toBe(answered.settled);
    const stakes = records.reduce((total, record) => total + BigInt(record.betMinor), 0n);
    const payouts = records.reduce((total, record) => total + BigInt(record.payoutMinor), 0n);
    expect(await h.wallet(member)).toBe(start - stakes + payouts);

    // The faults did happen: copies were sent, and stakes were given up and rolled back.
    const copies = await sim.database.query<{ copies: number }>(
      'select count(*)::int as copies from game_sim.callback_outbox where copy_number = 1',
    );
    expect(copies[0]?.copies ?? 0).toBeGreaterThan(0);
    expect(answered.unavailable).toBeGreaterThan(0);
    // Lobby refused only debits that came after their rollback; everything else was taken.
    const refusals = await sim.database.query<{ operation: string; error: string }>(
      `select operation, answer->>'error' as error from game_sim.callback_outbox
       where state = 'refused'`,
    );
    for (const refusal of refusals) {
      expect(refusal).toEqual({ operation: 'debit', error: 'transaction_rolled_back' });
    }
    console.info(
      `seamless-sim: ${answered.settled} rounds settled, ${answered.unavailable} given up; ` +
        `${copies[0]?.copies} duplicate callbacks, ${refusals.length} late debits refused`,
    );
  });
});
