import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogPlatform } from '@lobby/game-protocol';
import { gameBetRecords } from '../../games/bet-records/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { uniqueUsername } from '../../../test/members.ts';
import { insertMember, SessionService } from '../../identity/member/index.ts';

/**
 * Reality checks and play time through the API (issue 15, points 1 and 3): the interval the
 * member picks or the brand's default, and the game screen's tick that counts play time (a gap
 * is not play) and says when the day's play time is used.
 */
let h: TestApp;
let now = Date.parse('2026-11-20T02:00:00Z');

beforeAll(async () => {
  h = await createTestApp({ clock: () => new Date(now) });
});
afterAll(async () => {
  await h?.close();
});

async function newMember() {
  const username = uniqueUsername('pl');
  const member = await insertMember(h.database.db, {
    brandCode: 'jinsheng',
    username,
    usernameKey: username.toLowerCase(),
    passwordHash: 'not-a-real-hash',
    inviteCode: randomUUID().replaceAll('-', '').slice(0, 12),
  });
  const { token } = await new SessionService(h.database.db).create({
    brandCode: 'jinsheng',
    memberId: member.id,
    ip: '127.0.0.1',
    deviceNo: null,
    userAgent: null,
  });
  return { token, id: member.id };
}

async function call(token: string, method: 'GET' | 'POST', url: string, body?: object) {
  const response = await h.app.inject({
    method,
    url,
    headers: { t: token },
    ...(body ? { payload: body } : {}),
  });
  return response.json<{ status: boolean; data: Record<string, unknown> | string }>();
}

describe('reality checks and play time', () => {
  it("uses the member's interval, else the brand's default", async () => {
    const { token } = await newMember();
    expect((await call(token, 'GET', '/api/f/v1/protection/reality-check')).data).toEqual({
      chosenMinutes: null,
      minutes: 0,
      brandDefaultMinutes: 0,
    });
    const set = await call(token, 'POST', '/api/f/v1/protection/reality-check', { minutes: 30 });
    expect(set.data).toMatchObject({ chosenMinutes: 30, minutes: 30 });
    const bad = await call(token, 'POST', '/api/f/v1/protection/reality-check', { minutes: 7 });
    expect(bad).toMatchObject({ status: false, data: 'validation' });
    const reset = await call(token, 'POST', '/api/f/v1/protection/reality-check', {
      minutes: null,
    });
    expect(reset.data).toMatchObject({ chosenMinutes: null, minutes: 0 });
  });

  it('counts play time by ticks, not gaps, and stops play when the day is used', async () => {
    const { token } = await newMember();
    await call(token, 'POST', '/api/f/v1/protection/limits', {
      kind: 'play_time',
      period: 'day',
      amount: '3',
    });
    const startedAt = new Date(now).toISOString();
    const tick = () => call(token, 'POST', '/api/f/v1/protection/play', { startedAt });
    expect((await tick()).data).toMatchObject({
      sessionMinutes: 0,
      net: '0.00',
      playTimeLeftMinutes: 3,
      stop: null,
    });
    now += 60_000;
    expect((await tick()).data).toMatchObject({ sessionMinutes: 1, playTimeLeftMinutes: 2 });
    // Ten minutes without a tick (the laptop closed): at most 90 seconds count.
    now += 10 * 60_000;
    expect((await tick()).data).toMatchObject({ playTimeLeftMinutes: 1, stop: null });
    now += 60_000;
    expect((await tick()).data).toMatchObject({
      playTimeLeftMinutes: 0,
      stop: 'play_time_limit_reached',
    });
    // A launch is refused as well, until the next day of the brand's calendar.
    const platformId = h.app.brands.get('jinsheng')?.config.platformIds[0] ?? 0;
    const gameCode = catalogPlatform(platformId)?.games[0]?.code ?? '';
    const launch = await h.app.inject({
      method: 'POST',
      url: '/api/game/launch',
      headers: { t: token },
      payload: { platform: platformId, gameCode },
    });
    expect(launch.json()).toMatchObject({ status: false, data: 'play_time_limit_reached' });
    now += 24 * 3_600_000;
    expect((await tick()).data).toMatchObject({ stop: null });
  });

  it('refuses a transfer into a platform and a launch once a wager limit is used up', async () => {
    const { token, id } = await newMember();
    await call(token, 'POST', '/api/f/v1/protection/limits', {
      kind: 'wager',
      period: 'day',
      amount: '100',
    });
    const transferPlatform = (h.app.brands.get('jinsheng')?.config.platformIds ?? []).find(
      (id) => catalogPlatform(id)?.walletType === 1,
    );
    expect(transferPlatform).toBeDefined();
    const platformId = transferPlatform ?? 0;
    // A settled round of the transfer platform worth the whole limit, as the bet-record sync
    // would store it.
    await h.database.db.insert(gameBetRecords).values({
      platformId,
      roundId: `r-${randomUUID()}`,
      brandCode: 'jinsheng',
      memberId: id,
      gameCode: catalogPlatform(platformId)?.games[0]?.code ?? 'x',
      category: catalogPlatform(platformId)?.category ?? 2,
      currency: 'CNY',
      betMinor: 10_000n,
      validBetMinor: 10_000n,
      payoutMinor: 0n,
      placedAt: new Date(now - 60_000),
      settledAt: new Date(now - 30_000),
    });
    const transfer = await h.app.inject({
      method: 'POST',
      url: '/api/game/transfer',
      headers: { t: token },
      payload: {
        platform: String(platformId),
        type: 'in',
        amount: '10',
        idempotencyKey: `k-${randomUUID()}`,
      },
    });
    expect(transfer.json()).toMatchObject({ status: false, data: 'play_limit_reached' });
    const launch = await h.app.inject({
      method: 'POST',
      url: '/api/game/launch',
      headers: { t: token },
      payload: {
        platform: platformId,
        gameCode: catalogPlatform(platformId)?.games[0]?.code ?? '',
      },
    });
    expect(launch.json()).toMatchObject({ status: false, data: 'play_limit_reached' });
  });
});
