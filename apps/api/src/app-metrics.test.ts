import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_PROVIDER_SECRET,
  NO_FAULTS,
  platformSecret,
  SEAMLESS_PATH_PREFIX,
  signRequest,
} from '@lobby/game-protocol';
import { playerNameOf } from './contexts/games/games/catalog.ts';
import {
  BRAND,
  createTransferTestApp,
  type Member,
  type TransferTestApp,
} from './contexts/games/transfer/transfer.test-support.ts';
import { OperatorService } from './contexts/identity/operator/index.ts';
import { seedDepositChannels } from './contexts/money/deposit/index.ts';
import { Scheduler, type Sweep } from './jobs/scheduler.ts';
import { EXPORTED_SERIES } from './metrics/series.ts';
import { createTestApp } from './test/app.ts';
import { onPostgres } from './test/database.ts';
import { silentLogger } from './test/logger.ts';
import { post } from './test/members.ts';
import { operatorLogin } from './test/operators.ts';
import { parsePrometheusText, type Scrape } from './test/prometheus.ts';

/**
 * GET /metrics through inject() on a database of its own (so every figure is exact): refused
 * without the token, valid Prometheus text with it, and each business series moves when its
 * event happens: a deposit order and its confirmation, a transfer left in transit and the
 * reconciliation sweep that settles it, seamless callbacks, a failing sweep, a heartbeat, a
 * ledger check.
 */
const TOKEN = `metrics-${randomUUID()}`;
let h: TransferTestApp;
let operatorToken: string;
let member: Member;

beforeAll(async () => {
  h = await createTransferTestApp({ isolated: true, timeoutMs: 1_000, metrics: { token: TOKEN } });
  await seedDepositChannels(h.database.db);
  const username = `met${randomUUID().slice(0, 8)}`;
  await new OperatorService(h.database.db).seedAdmin(username, 'operator-pass-1');
  operatorToken = await operatorLogin(h.app, { username, password: 'operator-pass-1' });
  [member] = (await h.createMembers(1)) as [Member];
  await h.fund(member, 100_000n);
});
afterAll(async () => {
  await h?.close();
});

async function scrape(): Promise<Scrape> {
  const response = await h.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(response.body);
}

async function operator(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${operatorToken}` },
    ...(payload === undefined ? {} : { payload }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ status: boolean; data: Record<string, unknown> }>();
}

/** A seamless callback as platform 40 signs it, or with the wrong secret. */
async function seamlessBalance(secret = platformSecret(DEV_PROVIDER_SECRET, 40)) {
  const path = `${SEAMLESS_PATH_PREFIX}/40/balance`;
  const body = JSON.stringify({ player: playerNameOf(BRAND, member.memberId) });
  const response = await h.app.inject({
    method: 'POST',
    url: path,
    headers: {
      ...signRequest({ secret, platformId: 40, method: 'POST', pathAndQuery: path, body }),
      'content-type': 'application/json',
    },
    payload: body,
  });
  return response.statusCode;
}

const deposits = (scrape: Scrape, name: string, status: string) =>
  scrape.value(name, { brand: BRAND, channel: 'bank', status }) ?? 0;

describe('GET /metrics on the site port', () => {
  it('answers as an unknown path without the token, and does not exist when none is set', async () => {
    const unknown = await h.app.inject({ method: 'GET', url: '/no-such-path' });
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN]) {
      const refused = await h.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toBe(unknown.body);
    }
    const tokenless = await createTestApp();
    try {
      const answer = await tokenless.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(tokenless.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
    } finally {
      await tokenless.close();
    }
  });

  it('labels requests by route pattern, never by the raw path', async () => {
    const missing = `/api/nothing-here-${randomUUID()}`;
    expect((await h.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
    const opened = await post(
      h.app,
      '/api/f/v1/deposit',
      { idempotencyKey: randomUUID(), channel: 'bank', amount: '100', payerName: '张三' },
      member.headers,
    );
    const orderNo = (opened.body.data as { orderNo: string }).orderNo;
    await operator('GET', `/admin/api/deposits/${orderNo}`);
    const response = await h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const metrics = parsePrometheusText(response.body);
    const count = 'lobby_http_request_duration_seconds_count';
    expect(
      metrics.value(count, {
        method: 'GET',
        route: '/admin/api/deposits/:orderNo',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      metrics.value(count, { method: 'POST', route: '/api/f/v1/deposit', status_code: '200' }),
    ).toBe(1);
    expect(
      metrics.value(count, { method: 'GET', route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(2);
    expect(response.body).not.toContain(orderNo);
    expect(response.body).not.toContain(missing);
  });
});

describe('the business series', () => {
  it('count deposit orders by channel and status, and the open ones', async () => {
    const before = await scrape();
    const opened = await post(
      h.app,
      '/api/f/v1/deposit',
      { idempotencyKey: randomUUID(), channel: 'bank', amount: '200', payerName: '张三' },
      member.headers,
    );
    expect(opened.body.status).toBe(true);
    const open = await scrape();
    expect(deposits(open, 'lobby_deposit_orders', 'pending')).toBe(
      deposits(before, 'lobby_deposit_orders', 'pending') + 1,
    );
    expect(deposits(open, 'lobby_deposit_orders_open', 'pending')).toBe(
      deposits(before, 'lobby_deposit_orders_open', 'pending') + 1,
    );
    const orderNo = (opened.body.data as { orderNo: string }).orderNo;
    await operator('POST', `/admin/api/deposits/${orderNo}/confirm`, { reason: '已到账' });
    const decided = await scrape();
    expect(deposits(decided, 'lobby_deposit_orders', 'pending')).toBe(
      deposits(before, 'lobby_deposit_orders', 'pending'),
    );
    expect(deposits(decided, 'lobby_deposit_orders', 'confirmed')).toBe(
      deposits(before, 'lobby_deposit_orders', 'confirmed') + 1,
    );
    expect(deposits(decided, 'lobby_deposit_orders_open', 'pending')).toBe(
      deposits(before, 'lobby_deposit_orders_open', 'pending'),
    );
    expect(decided.all('lobby_deposit_orders_open', { status: 'confirmed' })).toEqual([]);
  });

  it('show a transfer in transit, its age and reconciliation lag, until the sweep settles it; and count sweep runs and failures', async () => {
    const platform = { brand: BRAND, platform: '13' };
    expect((await scrape()).all('lobby_transfers_in_transit')).toEqual([]);
    // A first transfer makes the member's player at the platform; the next one's answer is lost.
    const first = await h.transfer(member, {
      platform: '13',
      type: 'in',
      amount: '1.00',
      idempotencyKey: randomUUID(),
    });
    expect(first.body.status).toBe(true);
    await h.sim.setFaults({
      seed: 'metrics',
      timeoutRate: 1,
      timeoutAppliedRate: 1,
      timeoutDelayMs: 1_500,
    });
    const stuck = await h.transfer(member, {
      platform: '13',
      type: 'in',
      amount: '10.00',
      idempotencyKey: randomUUID(),
    });
    await h.sim.setFaults(NO_FAULTS);
    expect((stuck.body.data as { order: { status: string } }).order.status).toBe('in_transit');
    // Its status query fell due a minute ago and no sweep has asked yet.
    await h.database.db.execute(
      sql`update game_transfers set next_check_at = now() - interval '60 seconds'
          where member_id = ${member.memberId} and status = 'in_transit'`,
    );
    const waiting = await scrape();
    expect(waiting.value('lobby_transfers_in_transit', platform)).toBe(1);
    expect(waiting.value('lobby_transfer_in_transit_oldest_age_seconds', platform)).toBeGreaterThan(
      0,
    );
    expect(waiting.value('lobby_transfer_reconciliation_lag_seconds', platform)).toBeGreaterThan(
      60,
    );

    const failing: Sweep = {
      name: 'metrics-test-failing',
      intervalMs: 3_600_000,
      run: async () => {
        throw new Error('planned failure');
      },
    };
    h.app.addSweep(failing);
    const scheduler = new Scheduler(
      h.database,
      h.app.sweeps,
      silentLogger,
      5_000,
      h.app.metrics.sweepRan,
    );
    const reconciliation = h.app.sweeps.find((sweep) => sweep.name === 'transfer-reconciliation');
    if (!reconciliation) throw new Error('no reconciliation sweep');
    expect(await scheduler.runSweep(reconciliation)).toBe('ran');
    expect(await scheduler.runSweep(failing)).toBe('failed');

    const swept = await scrape();
    expect(swept.all('lobby_transfers_in_transit')).toEqual([]);
    expect(swept.all('lobby_transfer_reconciliation_lag_seconds')).toEqual([]);
    const runs = 'lobby_sweep_runs_total';
    expect(swept.value(runs, { sweep: reconciliation.name, outcome: 'succeeded' })).toBe(1);
    expect(swept.value(runs, { sweep: failing.name, outcome: 'failed' })).toBe(1);
    expect(swept.value(runs, { sweep: failing.name, outcome: 'succeeded' })).toBeUndefined();
    expect(swept.value('lobby_sweep_duration_seconds_count', { sweep: failing.name })).toBe(1);
    expect(swept.value('lobby_sweep_last_run_failed', { sweep: failing.name })).toBe(1);
    expect(swept.value('lobby_sweep_last_run_failed', { sweep: reconciliation.name })).toBe(0);
    expect(swept.value('lobby_sweep_overdue_seconds', { sweep: failing.name })).toBe(0);
    // Sweeps that never ran have no row yet: no figure rather than a made-up one.
    expect(
      swept
        .all('lobby_sweep_overdue_seconds')
        .map((sample) => sample.labels.sweep)
        .sort(),
    ).toEqual([failing.name, reconciliation.name].sort());
  });

  it('count seamless callbacks by operation and outcome', async () => {
    const before = await scrape();
    const callbacks = 'lobby_seamless_callbacks_total';
    expect(before.all(callbacks)).toEqual([]);
    expect(await seamlessBalance()).toBe(200);
    expect(await seamlessBalance()).toBe(200);
    expect(await seamlessBalance('not-the-platform-secret')).toBe(401);
    const after = await scrape();
    expect(after.value(callbacks, { operation: 'balance', outcome: 'ok' })).toBe(2);
    expect(after.value(callbacks, { operation: 'balance', outcome: 'bad_signature' })).toBe(1);
  });

  it('count members online per brand, and time the cache calls', async () => {
    const before = await scrape();
    expect(before.value('lobby_members_online', { brand: BRAND })).toBe(0);
    const beat = await post(
      h.app,
      '/api/findmed/v1/heartbeat',
      { gameid: '', platform: '' },
      member.headers,
    );
    expect(beat.body.status).toBe(true);
    const after = await scrape();
    expect(after.value('lobby_members_online', { brand: BRAND })).toBe(1);
    expect(after.value('lobby_members_online', { brand: 'longteng' })).toBe(0);
    const cacheCalls = 'lobby_cache_operation_duration_seconds_count';
    expect(after.value(cacheCalls, { operation: 'presence_touch_many' })).toBe(1);
    expect(after.value(cacheCalls, { operation: 'presence_count' })).toBeGreaterThan(
      before.value(cacheCalls, { operation: 'presence_count' }) ?? 0,
    );
  });

  it("show the violations the node's last ledger check found", async () => {
    expect((await scrape()).types.has('lobby_ledger_check_violations')).toBe(false);
    const check = await operator('POST', '/admin/api/ledger/check');
    expect(check.data).toMatchObject({ ok: true });
    const after = await scrape();
    expect(after.value('lobby_ledger_check_violations')).toBe(0);
    expect(after.value('lobby_ledger_check_last_run_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 600,
    );
  });

  it('report the connection pool on PostgreSQL, and every family the deploy files name', async () => {
    const metrics = await scrape();
    if (onPostgres) {
      expect(metrics.value('lobby_db_pool_max_connections')).toBe(4);
      expect(metrics.value('lobby_db_pool_total_connections')).toBeGreaterThanOrEqual(1);
      expect(metrics.value('lobby_db_pool_waiting_clients')).toBeGreaterThanOrEqual(0);
    } else {
      // The embedded database has no pool: nothing is made up for it.
      expect([...metrics.types.keys()].filter((name) => name.includes('pool'))).toEqual([]);
    }
    const expected = EXPORTED_SERIES.filter(
      (name) => onPostgres || !name.startsWith('lobby_db_pool_'),
    );
    expect(expected.filter((name) => !metrics.types.has(name))).toEqual([]);
    expect(metrics.value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
