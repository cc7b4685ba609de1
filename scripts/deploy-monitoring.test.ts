import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXPORTED_SERIES } from '../apps/api/src/metrics/series.ts';

/**
 * deploy/prometheus and deploy/grafana (decision 0024): the YAML parses, the example scrapes two
 * API nodes and loads the rules, every rule says in one line what it means, and every alert
 * and dashboard query names only series the API exports (or Prometheus's own `up`), so a
 * renamed series cannot leave an alert that never fires.
 */

const DEPLOY = join(import.meta.dirname, '..', 'deploy');
const PROMETHEUS_OWN = new Set(['up']);
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on']);
const HISTOGRAM_SUFFIX = /_(bucket|count|sum)$/;

/** The series names a PromQL expression selects: not functions, labels, keywords or strings. */
export function seriesNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w$.])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    const [, name, call] = match;
    if (!name || call || KEYWORDS.has(name)) continue;
    names.add(name);
  }
  return [...names];
}

const exported = new Set<string>(EXPORTED_SERIES);
/** A name the API exports: a family, or a histogram's bucket, count or sum series. */
function isExported(name: string): boolean {
  return (
    exported.has(name) ||
    PROMETHEUS_OWN.has(name) ||
    (HISTOGRAM_SUFFIX.test(name) && exported.has(name.replace(HISTOGRAM_SUFFIX, '')))
  );
}

type Rule = {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: { description?: string };
};

function readYaml(path: string): unknown {
  return parse(readFileSync(join(DEPLOY, path), 'utf8'), { uniqueKeys: true, prettyErrors: true });
}

describe('seriesNames', () => {
  it('finds the selected series, and not functions, labels, ranges, keywords or numbers', () => {
    expect(
      seriesNames(
        'histogram_quantile(0.99, sum by (le, route) (rate(lobby_http_request_duration_seconds_bucket{route!="x", status_code=~"5.."}[5m])))',
      ),
    ).toEqual(['lobby_http_request_duration_seconds_bucket']);
    expect(seriesNames('max by (sweep) (a_total) / on (sweep) b > 0.5 and up == 0')).toEqual([
      'a_total',
      'b',
      'up',
    ]);
    expect(seriesNames('rate(x[$__rate_interval]) * 1e3 unless y offset 5m')).toEqual(['x', 'y']);
  });
});

describe('deploy/prometheus', () => {
  const alerts = readYaml('prometheus/alerts.yml') as { groups: { name: string; rules: Rule[] }[] };
  const rules = alerts.groups.flatMap((group) => group.rules);

  it('scrapes two API nodes and loads the alert rules beside it', () => {
    const config = readYaml('prometheus/prometheus.yml') as {
      rule_files: string[];
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    const api = config.scrape_configs.find((job) => job.job_name === 'lobby-api');
    expect(api?.static_configs.flatMap((group) => group.targets)).toHaveLength(2);
    for (const file of config.rule_files)
      expect(existsSync(join(DEPLOY, 'prometheus', file))).toBe(true);
  });

  it('has the alerts the runbook needs, each with a one-line description', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'LobbyTransfersStuckInTransit',
        'LobbySweepFailing',
        'LobbySweepNotRunning',
        'LobbyHigh5xxRate',
        'LobbyEventLoopLag',
        'LobbyLedgerViolations',
      ]),
    );
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
    for (const rule of rules) {
      const description = rule.annotations?.description ?? '';
      expect(description.length, rule.alert).toBeGreaterThan(20);
      expect(description, rule.alert).not.toContain('\n');
      expect(rule.expr.trim(), rule.alert).not.toBe('');
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
    }
  });

  it('names only series the API exports in its alert expressions', () => {
    const unknown = rules.flatMap((rule) =>
      seriesNames(rule.expr)
        .filter((name) => !isExported(name))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // Each rule selects something: an expression with no series would never fire.
    for (const rule of rules) expect(seriesNames(rule.expr).length, rule.alert).toBeGreaterThan(0);
  });
});

describe('deploy/grafana', () => {
  type Panel = { type: string; title: string; targets?: { expr: string }[] };
  type Variable = { type: string; definition?: string };
  const dashboard = JSON.parse(
    readFileSync(join(DEPLOY, 'grafana', 'lobby-dashboard.json'), 'utf8'),
  ) as { panels: Panel[]; templating: { list: Variable[] } };

  it('queries only series the API exports', () => {
    const queries = [
      ...dashboard.panels.flatMap((panel) =>
        (panel.targets ?? []).map((target) => ({ where: panel.title, expr: target.expr })),
      ),
      ...dashboard.templating.list
        .filter((variable) => variable.type === 'query')
        // label_values(series, label): the second argument is a label name.
        .map((variable) => ({
          where: 'variable',
          expr: (variable.definition ?? '').replace(/^label_values\(([^,()]+),[^)]*\)$/, '$1'),
        })),
    ];
    expect(queries.length).toBeGreaterThan(15);
    const unknown = queries.flatMap((query) =>
      seriesNames(query.expr)
        .filter((name) => !isExported(name))
        .map((name) => `${query.where}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('has the panels the issue asks for', () => {
    const exprs = dashboard.panels
      .flatMap((panel) => (panel.targets ?? []).map((t) => t.expr))
      .join('\n');
    for (const series of [
      'lobby_http_request_duration_seconds_count',
      'lobby_http_request_duration_seconds_bucket',
      'nodejs_eventloop_lag_seconds',
      'lobby_db_pool_total_connections',
      'lobby_transfers_in_transit',
      'lobby_transfer_in_transit_oldest_age_seconds',
      'lobby_sweep_runs_total',
      'lobby_deposit_orders',
      'lobby_withdrawal_orders',
      'lobby_members_online',
    ]) {
      expect(exprs).toContain(series);
    }
    expect(exprs).toMatch(/status_code=~"5\.\."/);
  });
});
