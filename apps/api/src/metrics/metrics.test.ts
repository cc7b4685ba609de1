import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../cache/memory-cache.ts';
import { TimedCache } from '../cache/timed-cache.ts';
import { loadConfig } from '../config.ts';
import { parsePrometheusText } from '../test/prometheus.ts';
import { startMetricsServer } from './metrics-server.ts';
import {
  bearerMatches,
  LobbyMetrics,
  methodLabel,
  routeLabel,
  UNMATCHED_ROUTE,
  withinMs,
} from './metrics.ts';

/** The metrics' pure rules, the scrape's resilience, the metrics port and the settings. */

const warnings: { collector?: unknown }[] = [];
const log = { warn: (object: object) => void warnings.push(object), error: () => undefined };

describe('labels', () => {
  it('keeps known methods and folds the rest into one value', () => {
    expect(methodLabel('get')).toBe('GET');
    expect(methodLabel('DELETE')).toBe('DELETE');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
    expect(methodLabel('x'.repeat(50))).toBe('OTHER');
  });

  it('takes the route pattern, and one value for requests that matched none', () => {
    expect(routeLabel('/admin/api/deposits/:orderNo/confirm')).toBe(
      '/admin/api/deposits/:orderNo/confirm',
    );
    expect(routeLabel(undefined)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel('')).toBe(UNMATCHED_ROUTE);
  });
});

describe('bearerMatches', () => {
  const token = 'a-metrics-token-of-some-length';
  it('accepts exactly "Bearer <token>"', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
  });
  it('refuses a missing, wrong, longer, shorter or differently spelled credential', () => {
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches('', token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(1)}`, token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
  });
});

describe('withinMs', () => {
  it('answers what the work answers in time, and rejects work that takes longer', async () => {
    expect(await withinMs(Promise.resolve(7), 1_000, 'quick')).toBe(7);
    await expect(withinMs(new Promise(() => undefined), 20, 'stuck')).rejects.toThrow(
      'stuck took over 20 ms',
    );
    await expect(withinMs(Promise.reject(new Error('broke')), 1_000, 'x')).rejects.toThrow('broke');
  });
});

describe('a scrape', () => {
  it('leaves out the series of a collector that fails or hangs, and goes on with the rest', async () => {
    warnings.length = 0;
    const metrics = new LobbyMetrics({ log, processMetrics: false, collectorTimeoutMs: 50 });
    const good = metrics.gauge('test_good', 'a figure that reads', ['brand']);
    const broken = metrics.gauge('test_broken', 'a figure whose query fails', ['brand']);
    const stuck = metrics.gauge('test_stuck', 'a figure whose query never answers', ['brand']);
    let fail = false;
    metrics.addCollector('good', [good], async () => {
      good.reset();
      good.set({ brand: 'a' }, 3);
    });
    metrics.addCollector('broken', [broken], async () => {
      if (fail) throw new Error('relation does not exist');
      broken.reset();
      broken.set({ brand: 'a' }, 5);
    });
    metrics.addCollector('stuck', [stuck], () => new Promise(() => undefined));

    const first = parsePrometheusText(await metrics.render());
    expect(first.value('test_good', { brand: 'a' })).toBe(3);
    expect(first.value('test_broken', { brand: 'a' })).toBe(5);
    expect(first.all('test_stuck')).toEqual([]);
    fail = true;
    const second = parsePrometheusText(await metrics.render());
    expect(second.value('test_good', { brand: 'a' })).toBe(3);
    // The figure of the last good reading is not shown as if it were current.
    expect(second.all('test_broken')).toEqual([]);
    expect(second.value('lobby_metrics_collector_failures_total', { collector: 'broken' })).toBe(1);
    expect(second.value('lobby_metrics_collector_failures_total', { collector: 'stuck' })).toBe(2);
    expect(warnings.map((warning) => warning.collector)).toEqual(['stuck', 'broken', 'stuck']);
  });

  it('shows the ledger check figures only once this node ran a check', async () => {
    const metrics = new LobbyMetrics({ log, processMetrics: false });
    const before = parsePrometheusText(await metrics.render());
    expect(before.types.has('lobby_ledger_check_violations')).toBe(false);
    metrics.ledgerChecked(2);
    const after = parsePrometheusText(await metrics.render());
    expect(after.value('lobby_ledger_check_violations')).toBe(2);
    expect(after.value('lobby_ledger_check_last_run_timestamp_seconds')).toBeGreaterThan(0);
    metrics.ledgerChecked(0);
    expect(parsePrometheusText(await metrics.render()).value('lobby_ledger_check_violations')).toBe(
      0,
    );
  });

  it('keeps apart the registries of two apps in one process', async () => {
    const one = new LobbyMetrics({ log, processMetrics: true });
    const two = new LobbyMetrics({ log, processMetrics: true });
    one.sweepRan({ sweep: 's', outcome: 'failed', durationMs: 1_500 });
    const first = parsePrometheusText(await one.render());
    const second = parsePrometheusText(await two.render());
    expect(first.value('lobby_sweep_runs_total', { sweep: 's', outcome: 'failed' })).toBe(1);
    expect(first.value('lobby_sweep_duration_seconds_sum', { sweep: 's' })).toBe(1.5);
    expect(second.all('lobby_sweep_runs_total')).toEqual([]);
    expect(first.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
  });
});

describe('the timed cache', () => {
  it('times each call by operation and answers what the cache answers', async () => {
    const seen: string[] = [];
    const inner = new MemoryCache();
    const cache = new TimedCache(inner, (operation, seconds) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      seen.push(operation);
    });
    await cache.set('k', 'v');
    expect(await cache.get('k')).toBe('v');
    await cache.presenceTouch('g', 'm1', '{}', 60_000);
    expect(await cache.presenceCount('g')).toBe(1);
    expect(cache.kind).toBe('memory');
    expect(seen).toEqual(['set', 'get', 'presence_touch', 'presence_count']);
    await cache.close();
  });
});

describe('the metrics port', () => {
  const metrics = new LobbyMetrics({ log, processMetrics: false });
  metrics.seamlessCallbacks.inc({ operation: 'debit', outcome: 'ok' });
  let server: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('serves GET /metrics and nothing else', async () => {
    server = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0, log });
    const base = `http://127.0.0.1:${server.port}`;
    const scrape = await fetch(`${base}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toBe(metrics.contentType);
    const parsed = parsePrometheusText(await scrape.text());
    expect(
      parsed.value('lobby_seamless_callbacks_total', { operation: 'debit', outcome: 'ok' }),
    ).toBe(1);
    expect((await fetch(`${base}/metrics?x=1`)).status).toBe(200);
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/f/v1/member/info`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('settings', () => {
  it('has no metrics port or token unless set; the port listens on loopback by default', () => {
    const none = loadConfig({});
    expect(none).toMatchObject({
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      metricsToken: undefined,
    });
    const set = loadConfig({
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
      METRICS_TOKEN: 'a-long-enough-token',
    });
    expect(set).toMatchObject({
      metricsPort: 9464,
      metricsHost: '0.0.0.0',
      metricsToken: 'a-long-enough-token',
    });
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
  });

  it('refuses a port out of range and a token too short to be a secret', () => {
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow();
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow();
  });
});
