import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceResponse,
  betsResponse,
  launchResponse,
  platformSecret,
  REQUEST_MAX_AGE_MS,
  signRequest,
  transferResponse,
  transferStatusResponse,
  withdrawAllResponse,
  type BetRecord,
} from '@lobby/game-protocol';
import {
  createTestSim,
  firstGameCode,
  fundedPlayer,
  openPlaySession,
  PLATFORMS,
  playCall,
  providerCall,
  PUBLIC_URL,
  SECRET,
  type TestSim,
} from '../test/helpers.ts';

let sim: TestSim;
beforeAll(async () => {
  sim = await createTestSim();
});
afterAll(async () => {
  await sim.close();
});

const SLOT = PLATFORMS.slotTransfer;

function signedHeaders(platformId: number, method: string, url: string, body: string) {
  return signRequest({
    secret: platformSecret(SECRET, platformId),
    platformId,
    method,
    pathAndQuery: url,
    body,
    now: sim.clock.now().getTime(),
  });
}

function transfer(
  platformId: number,
  body: { orderId: string; player: string; direction: 'in' | 'out'; amountMinor: string },
) {
  return providerCall(sim, { platformId, method: 'POST', path: '/transfers', body });
}

async function balanceOf(platformId: number, player: string) {
  const response = await providerCall(sim, {
    platformId,
    method: 'GET',
    path: `/players/${player}/balance`,
  });
  expect(response.statusCode).toBe(200);
  return balanceResponse.parse(response.json());
}

async function statusOf(platformId: number, orderId: string) {
  const response = await providerCall(sim, {
    platformId,
    method: 'GET',
    path: `/transfers/${orderId}`,
  });
  expect(response.statusCode).toBe(200);
  return transferStatusResponse.parse(response.json());
}

describe('signed requests', () => {
  it('accepts a request signed with the platform secret', async () => {
    const response = await providerCall(sim, {
      platformId: SLOT,
      method: 'POST',
      path: '/players',
      body: { player: 'lumen_1', currency: 'CNY' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ player: 'lumen_1', created: true });
    const again = await providerCall(sim, {
      platformId: SLOT,
      method: 'POST',
      path: '/players',
      body: { player: 'lumen_1', currency: 'CNY' },
    });
    expect(again.json()).toEqual({ player: 'lumen_1', created: false });
  });

  it('refuses a wrong secret, a changed body, missing headers and a foreign platform', async () => {
    const wrongSecret = await providerCall(sim, {
      platformId: SLOT,
      method: 'POST',
      path: '/players',
      body: { player: 'lumen_2', currency: 'CNY' },
      secret: 'another-master-secret',
    });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ error: 'bad_signature' });

    // Headers signed for one player's balance do not verify for another player's.
    const signedFor = signedHeaders(
      SLOT,
      'GET',
      `/provider/v1/${SLOT}/players/lumen_1/balance`,
      '',
    );
    const replayed = await sim.app.inject({
      method: 'GET',
      url: `/provider/v1/${SLOT}/players/lumen_9/balance`,
      headers: signedFor,
    });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ message: expect.stringMatching(/bad_signature/) });

    const unsigned = await sim.app.inject({
      method: 'GET',
      url: `/provider/v1/${SLOT}/players/lumen_1/balance`,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ error: 'bad_signature' });

    // Signed by platform 18 (its secret, its id) for platform 17's path.
    const crossedUrl = `/provider/v1/${SLOT}/players/lumen_1/balance`;
    const crossed = await sim.app.inject({
      method: 'GET',
      url: crossedUrl,
      headers: signedHeaders(18, 'GET', crossedUrl, ''),
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toMatchObject({ error: 'bad_signature' });

    const unknown = await providerCall(sim, {
      platformId: 999,
      method: 'GET',
      path: '/players/lumen_1/balance',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'unknown_platform' });
  });

  it('refuses a tampered body', async () => {
    const url = `/provider/v1/${SLOT}/players`;
    const headers = signedHeaders(
      SLOT,
      'POST',
      url,
      JSON.stringify({ player: 'lumen_3', currency: 'CNY' }),
    );
    const tampered = await sim.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ player: 'lumen_4', currency: 'CNY' }),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ error: 'bad_signature' });
  });

  it('refuses a stale request before it changes anything', async () => {
    await fundedPlayer(sim, SLOT, 'stale_1', 1000n);
    const stale = await providerCall(sim, {
      platformId: SLOT,
      method: 'POST',
      path: '/transfers',
      body: { orderId: 'stale-order-1', player: 'stale_1', direction: 'in', amountMinor: '500' },
      signedAt: sim.clock.now().getTime() - REQUEST_MAX_AGE_MS - 1,
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({
      error: 'bad_signature',
      message: expect.stringMatching(/stale/),
    });
    expect((await statusOf(SLOT, 'stale-order-1')).status).toBe('not_found');
    expect((await balanceOf(SLOT, 'stale_1')).balanceMinor).toBe('1000');
  });

  it('refuses transfer calls on a seamless platform, but launches there', async () => {
    const response = await providerCall(sim, {
      platformId: PLATFORMS.slotSeamless,
      method: 'POST',
      path: '/transfers',
      body: { orderId: 'seamless-order', player: 'lumen_1', direction: 'in', amountMinor: '5' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    const launch = await providerCall(sim, {
      platformId: PLATFORMS.slotSeamless,
      method: 'POST',
      path: '/launch',
      body: { player: 'lumen_1', gameCode: firstGameCode(PLATFORMS.slotSeamless), lang: 'en' },
    });
    expect(launch.statusCode).toBe(200);
  });

  it('answers invalid requests with 400 and moves nothing', async () => {
    const response = await transfer(SLOT, {
      orderId: 'x',
      player: 'lumen_1',
      direction: 'in',
      amountMinor: '10',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    const zero = await transfer(SLOT, {
      orderId: 'zero-amount-1',
      player: 'lumen_1',
      direction: 'in',
      amountMinor: '0',
    });
    expect(zero.statusCode).toBe(400);
    const unknownPlayer = await transfer(SLOT, {
      orderId: 'unknown-player-1',
      player: 'nobody_1',
      direction: 'in',
      amountMinor: '10',
    });
    expect(unknownPlayer.statusCode).toBe(404);
    expect(unknownPlayer.json()).toMatchObject({ error: 'player_not_found' });
    expect((await statusOf(SLOT, 'unknown-player-1')).status).toBe('not_found');
  });
});

describe('transfers', () => {
  it('moves money in and out, idempotent on the order id', async () => {
    await fundedPlayer(sim, SLOT, 'idem_1', 0n);
    const first = await transfer(SLOT, {
      orderId: 'idem-order-1',
      player: 'idem_1',
      direction: 'in',
      amountMinor: '12500',
    });
    expect(transferResponse.parse(first.json())).toEqual({
      orderId: 'idem-order-1',
      status: 'success',
      balanceMinor: '12500',
    });
    const repeat = await transfer(SLOT, {
      orderId: 'idem-order-1',
      player: 'idem_1',
      direction: 'in',
      amountMinor: '12500',
    });
    expect(repeat.json()).toEqual(first.json());
    expect((await balanceOf(SLOT, 'idem_1')).balanceMinor).toBe('12500');

    const out = await transfer(SLOT, {
      orderId: 'idem-order-2',
      player: 'idem_1',
      direction: 'out',
      amountMinor: '2500',
    });
    expect(out.json()).toEqual({
      orderId: 'idem-order-2',
      status: 'success',
      balanceMinor: '10000',
    });
    expect(await statusOf(SLOT, 'idem-order-2')).toEqual({
      orderId: 'idem-order-2',
      status: 'success',
      direction: 'out',
      amountMinor: '2500',
      player: 'idem_1',
    });
  });

  it('answers a conflict when the order id comes with another body, and moves nothing', async () => {
    await fundedPlayer(sim, SLOT, 'conflict_1', 5000n);
    const first = await transfer(SLOT, {
      orderId: 'conflict-order-1',
      player: 'conflict_1',
      direction: 'out',
      amountMinor: '1000',
    });
    expect(first.json()).toMatchObject({ status: 'success', balanceMinor: '4000' });
    for (const body of [
      { direction: 'out' as const, amountMinor: '2000', player: 'conflict_1' },
      { direction: 'in' as const, amountMinor: '1000', player: 'conflict_1' },
    ]) {
      const conflict = await transfer(SLOT, { orderId: 'conflict-order-1', ...body });
      expect(conflict.statusCode).toBe(200);
      expect(conflict.json()).toEqual({
        orderId: 'conflict-order-1',
        status: 'failed',
        reason: 'order_conflict',
        balanceMinor: '4000',
      });
    }
    const withdrawAll = await providerCall(sim, {
      platformId: SLOT,
      method: 'POST',
      path: '/players/conflict_1/withdraw-all',
      body: { orderId: 'conflict-order-1' },
    });
    expect(withdrawAll.json()).toMatchObject({
      status: 'failed',
      reason: 'order_conflict',
      amountMinor: '0',
    });
    expect((await balanceOf(SLOT, 'conflict_1')).balanceMinor).toBe('4000');
    // The order keeps its first outcome.
    expect(await statusOf(SLOT, 'conflict-order-1')).toMatchObject({
      status: 'success',
      amountMinor: '1000',
      direction: 'out',
    });
  });

  it('refuses a transfer out above the balance, for good', async () => {
    await fundedPlayer(sim, SLOT, 'poor_1', 300n);
    const refused = await transfer(SLOT, {
      orderId: 'poor-order-1',
      player: 'poor_1',
      direction: 'out',
      amountMinor: '301',
    });
    expect(refused.json()).toEqual({
      orderId: 'poor-order-1',
      status: 'failed',
      reason: 'insufficient_balance',
      balanceMinor: '300',
    });
    expect(await statusOf(SLOT, 'poor-order-1')).toMatchObject({ status: 'failed' });
    // More money arrives, but the order id keeps its first outcome.
    await transfer(SLOT, {
      orderId: 'poor-order-2',
      player: 'poor_1',
      direction: 'in',
      amountMinor: '1000',
    });
    const repeat = await transfer(SLOT, {
      orderId: 'poor-order-1',
      player: 'poor_1',
      direction: 'out',
      amountMinor: '301',
    });
    expect(repeat.json()).toMatchObject({
      status: 'failed',
      reason: 'insufficient_balance',
      balanceMinor: '300',
    });
    expect((await balanceOf(SLOT, 'poor_1')).balanceMinor).toBe('1300');
  });

  it('moves money once when one order arrives many times at once', async () => {
    await fundedPlayer(sim, SLOT, 'race_1', 1_000n);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        transfer(SLOT, {
          orderId: 'race-order-1',
          player: 'race_1',
          direction: 'out',
          amountMinor: '600',
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.body))).toEqual(
      new Set([
        JSON.stringify({ orderId: 'race-order-1', status: 'success', balanceMinor: '400' }),
      ]),
    );
    // Different orders racing for one balance: only what the balance covers succeeds.
    const outs = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        transfer(SLOT, {
          orderId: `race-order-${index + 2}`,
          player: 'race_1',
          direction: 'out',
          amountMinor: '150',
        }),
      ),
    );
    const statuses = outs.map((answer) => answer.json<{ status: string }>().status).sort();
    expect(statuses).toEqual(['failed', 'failed', 'success', 'success']);
    expect((await balanceOf(SLOT, 'race_1')).balanceMinor).toBe('100');
  });

  it('answers not_found for an order it never saw', async () => {
    expect(await statusOf(SLOT, 'never-seen-order')).toEqual({
      orderId: 'never-seen-order',
      status: 'not_found',
    });
  });

  it('withdraws everything, idempotently, and an empty balance is a success of zero', async () => {
    await fundedPlayer(sim, SLOT, 'all_1', 7700n);
    const call = (orderId: string) =>
      providerCall(sim, {
        platformId: SLOT,
        method: 'POST',
        path: '/players/all_1/withdraw-all',
        body: { orderId },
      });
    const first = await call('all-order-1');
    expect(withdrawAllResponse.parse(first.json())).toEqual({
      orderId: 'all-order-1',
      status: 'success',
      amountMinor: '7700',
      balanceMinor: '0',
    });
    expect((await call('all-order-1')).json()).toEqual(first.json());
    expect((await call('all-order-2')).json()).toEqual({
      orderId: 'all-order-2',
      status: 'success',
      amountMinor: '0',
      balanceMinor: '0',
    });
    expect(await statusOf(SLOT, 'all-order-1')).toMatchObject({
      status: 'success',
      direction: 'out',
      amountMinor: '7700',
    });
  });

  it('refuses transfers out while the player is in a fish round, until leave or 120 s idle', async () => {
    const FISH = PLATFORMS.fishTransfer;
    await fundedPlayer(sim, FISH, 'fish_1', 10_000n);
    const session = await openPlaySession(sim, { platformId: FISH, player: 'fish_1' });
    expect((await playCall(sim, session, 'POST', '/fish/enter')).json()).toEqual({ inRound: true });
    expect((await balanceOf(FISH, 'fish_1')).inRound).toBe(true);

    const refused = await transfer(FISH, {
      orderId: 'fish-order-1',
      player: 'fish_1',
      direction: 'out',
      amountMinor: '100',
    });
    expect(refused.json()).toEqual({
      orderId: 'fish-order-1',
      status: 'failed',
      reason: 'player_in_round',
      balanceMinor: '10000',
    });
    const all = await providerCall(sim, {
      platformId: FISH,
      method: 'POST',
      path: '/players/fish_1/withdraw-all',
      body: { orderId: 'fish-order-2' },
    });
    expect(all.json()).toMatchObject({
      status: 'failed',
      reason: 'player_in_round',
      amountMinor: '0',
    });
    // Money in is still welcome.
    const moneyIn = await transfer(FISH, {
      orderId: 'fish-order-3',
      player: 'fish_1',
      direction: 'in',
      amountMinor: '100',
    });
    expect(moneyIn.json()).toMatchObject({ status: 'success', balanceMinor: '10100' });

    // A shot keeps the session open; 120 s after the last one it closes by itself.
    sim.clock.advance(100_000);
    const shot = await playCall(sim, session, 'POST', '/round', {
      params: { stakeMinor: '100', pick: 'heads' },
    });
    expect(shot.statusCode).toBe(200);
    sim.clock.advance(100_000);
    expect((await balanceOf(FISH, 'fish_1')).inRound).toBe(true);
    sim.clock.advance(21_000);
    expect((await balanceOf(FISH, 'fish_1')).inRound).toBe(false);
    const after = await transfer(FISH, {
      orderId: 'fish-order-4',
      player: 'fish_1',
      direction: 'out',
      amountMinor: '100',
    });
    expect(after.json()).toMatchObject({ status: 'success' });

    await playCall(sim, session, 'POST', '/fish/enter');
    expect((await playCall(sim, session, 'POST', '/fish/leave')).json()).toEqual({
      inRound: false,
    });
    const afterLeave = await transfer(FISH, {
      orderId: 'fish-order-5',
      player: 'fish_1',
      direction: 'out',
      amountMinor: '100',
    });
    expect(afterLeave.json()).toMatchObject({ status: 'success' });
  });
});

describe('launch', () => {
  it('gives a one-time URL that opens the game once', async () => {
    await fundedPlayer(sim, SLOT, 'launch_1', 0n);
    const response = await providerCall(sim, {
      platformId: SLOT,
      method: 'POST',
      path: '/launch',
      body: {
        player: 'launch_1',
        gameCode: firstGameCode(SLOT),
        lang: 'zh-TW',
        returnUrl: 'https://lumen.lobby.test/games',
      },
    });
    expect(response.statusCode).toBe(200);
    const launch = launchResponse.parse(response.json());
    expect(launch.url.startsWith(`${PUBLIC_URL}/play/`)).toBe(true);
    expect(Date.parse(launch.expiresAt) - sim.clock.now().getTime()).toBe(10 * 60_000);

    const path = new URL(launch.url).pathname;
    const page = await sim.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.body).toContain('<link rel="stylesheet" href="/play/assets/play.css">');
    expect(page.body).toContain('<script type="module" src="/play/assets/app.js"></script>');
    const config = /id="play-config">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '';
    expect(JSON.parse(config)).toEqual({
      sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      lang: 'zh-TW',
      kind: 'slot',
      gameCode: firstGameCode(SLOT),
      platformId: SLOT,
      gameName: expect.any(String),
      returnUrl: 'https://lumen.lobby.test/games',
    });

    const again = await sim.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('遊戲連結已失效');
    // The token never reaches the logs.
    expect(sim.logText()).not.toContain(path.slice('/play/'.length));
  });

  it('expires after 10 minutes', async () => {
    await fundedPlayer(sim, SLOT, 'launch_2', 0n);
    const response = await providerCall(sim, {
      platformId: SLOT,
      method: 'POST',
      path: '/launch',
      body: { player: 'launch_2', gameCode: firstGameCode(SLOT), lang: 'zh-CN' },
    });
    const path = new URL(launchResponse.parse(response.json()).url).pathname;
    sim.clock.advance(10 * 60_000 + 1);
    const page = await sim.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('游戏链接已失效');
    const unknown = await sim.app.inject({ method: 'GET', url: `/play/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses unknown games and players', async () => {
    const noGame = await providerCall(sim, {
      platformId: SLOT,
      method: 'POST',
      path: '/launch',
      body: { player: 'lumen_1', gameCode: 'baccarat', lang: 'en' },
    });
    expect(noGame.statusCode).toBe(404);
    expect(noGame.json()).toMatchObject({ error: 'game_not_found' });
    const noPlayer = await providerCall(sim, {
      platformId: SLOT,
      method: 'POST',
      path: '/launch',
      body: { player: 'ghost_1', gameCode: firstGameCode(SLOT), lang: 'en' },
    });
    expect(noPlayer.statusCode).toBe(404);
    expect(noPlayer.json()).toMatchObject({ error: 'player_not_found' });
  });
});

describe('bet records', () => {
  const PLATFORM = 18;

  async function page(from: string, to: string, pageNumber: number, pageSize: number) {
    const response = await providerCall(sim, {
      platformId: PLATFORM,
      method: 'GET',
      path: `/bets?from=${from}&to=${to}&page=${pageNumber}&pageSize=${pageSize}`,
    });
    expect(response.statusCode).toBe(200);
    return betsResponse.parse(response.json());
  }

  async function all(from: string, to: string, pageSize: number): Promise<BetRecord[]> {
    const records: BetRecord[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const result = await page(from, to, pageNumber, pageSize);
      records.push(...result.records);
      if (pageNumber * pageSize >= result.total) return records;
    }
  }

  it('pages settled rounds in a window stably, overlapping windows repeating records', async () => {
    await fundedPlayer(sim, PLATFORM, 'bets_1', 1_000_000n);
    await fundedPlayer(sim, PLATFORM, 'bets_2', 1_000_000n);
    const first = await openPlaySession(sim, { platformId: PLATFORM, player: 'bets_1' });
    const second = await openPlaySession(sim, { platformId: PLATFORM, player: 'bets_2' });
    sim.clock.advance(1_000);
    const start = sim.clock.now().toISOString();
    const played: string[] = [];
    for (let second_ = 0; second_ < 7; second_ += 1) {
      // Two rounds share each settlement time: the round id orders them.
      for (const session of [first, second]) {
        const round = await playCall(sim, session, 'POST', '/round', {
          params: { stakeMinor: '100', pick: 'tails' },
        });
        expect(round.statusCode).toBe(200);
        played.push(round.json<{ roundId: string }>().roundId);
      }
      sim.clock.advance(1_000);
    }
    const end = sim.clock.now().toISOString();

    const whole = await all(start, end, 3);
    expect(whole).toHaveLength(14);
    expect(new Set(whole.map((record) => record.roundId))).toEqual(new Set(played));
    const sorted = [...whole].sort(
      (a, b) => a.settledAt.localeCompare(b.settledAt) || a.roundId.localeCompare(b.roundId),
    );
    expect(whole).toEqual(sorted);
    expect(whole[0]).toMatchObject({
      gameCode: firstGameCode(PLATFORM),
      category: 4,
      betMinor: '100',
      validBetMinor: '100',
    });
    expect(['0', '200']).toContain(whole[0]?.payoutMinor);

    // The same window paged again, and with another page size, gives the same records.
    expect(await all(start, end, 3)).toEqual(whole);
    expect(await all(start, end, 5)).toEqual(whole);

    // Overlapping windows: [start, mid+2s) and [mid, end) cover everything, the overlap twice.
    const mid = new Date(Date.parse(start) + 3_000).toISOString();
    const midPlus = new Date(Date.parse(start) + 5_000).toISOString();
    const left = await all(start, midPlus, 4);
    const right = await all(mid, end, 4);
    const union = new Map([...left, ...right].map((record) => [record.roundId, record]));
    expect([...union.values()].sort((a, b) => a.roundId.localeCompare(b.roundId))).toEqual(
      [...whole].sort((a, b) => a.roundId.localeCompare(b.roundId)),
    );
    expect(left.length + right.length).toBe(14 + 4);
  });

  it('refuses an empty or reversed window', async () => {
    const now = sim.clock.now().toISOString();
    const response = await providerCall(sim, {
      platformId: PLATFORM,
      method: 'GET',
      path: `/bets?from=${now}&to=${now}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('maintenance', () => {
  it('answers 503 on provider calls and the play page of the listed platforms only', async () => {
    await fundedPlayer(sim, 19, 'maint_1', 100n);
    const launch = await providerCall(sim, {
      platformId: 19,
      method: 'POST',
      path: '/launch',
      body: { player: 'maint_1', gameCode: firstGameCode(19), lang: 'en' },
    });
    const path = new URL(launchResponse.parse(launch.json()).url).pathname;
    sim.setFaults({ seed: 'maintenance', maintenancePlatformIds: [19] });
    try {
      const balance = await providerCall(sim, {
        platformId: 19,
        method: 'GET',
        path: '/players/maint_1/balance',
      });
      expect(balance.statusCode).toBe(503);
      expect(balance.json()).toMatchObject({ error: 'maintenance' });
      const page = await sim.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('Under maintenance');
      const other = await providerCall(sim, {
        platformId: SLOT,
        method: 'GET',
        path: '/players/lumen_1/balance',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      sim.setFaults({ seed: 'none' });
    }
    // The link was not used up by the maintenance page.
    expect((await sim.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });
});
