import { timingSafeEqual, createHash } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One API node's Prometheus series (decision 0024): a registry of its own per app, so tests that
 * build several apps never share one. Counters and histograms move where things happen (requests,
 * cache calls, sweeps, seamless callbacks); the business figures are read at scrape time by the
 * collectors the app adds, each on its own: one that fails or hangs is logged and its series left
 * out, and the scrape goes on.
 */

/** Where a request matched no route: one label value, so random paths add no series. */
export const UNMATCHED_ROUTE = 'unmatched';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The method as a label: the usual ones as they are, anything else as one value. */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return KNOWN_METHODS.has(upper) ? upper : 'OTHER';
}

/** The route pattern (`/admin/api/deposits/:orderNo/confirm`), never the raw URL. */
export function routeLabel(pattern: string | undefined): string {
  return pattern === undefined || pattern === '' ? UNMATCHED_ROUTE : pattern;
}

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (header === undefined || !header.startsWith('Bearer ')) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/** Rejects when `work` takes longer than `timeoutMs` (the work itself goes on, unobserved). */
export async function withinMs<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export type SweepRun = { sweep: string; outcome: 'succeeded' | 'failed'; durationMs: number };

type Log = { warn(object: object, message: string): void };

type Collector = { name: string; gauges: Gauge[]; collect(): Promise<void> };

export type MetricsOptions = {
  log: Log;
  /** Node.js process series (event-loop lag, memory, CPU): on when the node exposes metrics. */
  processMetrics: boolean;
  /** How long one collector may take before the scrape goes on without its series. */
  collectorTimeoutMs?: number;
};

export class LobbyMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly cacheDuration: Histogram<'operation'>;
  readonly sweepRuns: Counter<'sweep' | 'outcome'>;
  readonly sweepDuration: Histogram<'sweep'>;
  readonly seamlessCallbacks: Counter<'operation' | 'outcome'>;
  readonly ledgerViolations: Gauge;
  readonly ledgerCheckedAt: Gauge;
  readonly #collectorFailures: Counter<'collector'>;
  readonly #collectors: Collector[] = [];
  readonly #log: Log;
  readonly #collectorTimeoutMs: number;
  #refreshing: Promise<void> | undefined;

  constructor(options: MetricsOptions) {
    this.#log = options.log;
    this.#collectorTimeoutMs = options.collectorTimeoutMs ?? 5_000;
    const registers = [this.registry];
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'lobby_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern (unmatched for none) and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.cacheDuration = new Histogram({
      name: 'lobby_cache_operation_duration_seconds',
      help: 'Calls to the shared cache (Redis, or in process) by operation.',
      labelNames: ['operation'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.sweepRuns = new Counter({
      name: 'lobby_sweep_runs_total',
      help: 'Background sweep runs on this node, by sweep and outcome (succeeded, failed).',
      labelNames: ['sweep', 'outcome'],
      registers,
    });
    this.sweepDuration = new Histogram({
      name: 'lobby_sweep_duration_seconds',
      help: 'How long the background sweeps run on this node took, by sweep.',
      labelNames: ['sweep'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
      registers,
    });
    this.seamlessCallbacks = new Counter({
      name: 'lobby_seamless_callbacks_total',
      help: 'Seamless-wallet callbacks answered, by operation and outcome (ok, a refusal code, internal).',
      labelNames: ['operation', 'outcome'],
      registers,
    });
    // Registered at the first check: a gauge without labels always shows a value, and "0
    // violations" before any check would be a claim nobody made.
    this.ledgerViolations = new Gauge({
      name: 'lobby_ledger_check_violations',
      help: 'Violations of the ledger invariants found by the last check this node ran.',
      registers: [],
    });
    this.ledgerCheckedAt = new Gauge({
      name: 'lobby_ledger_check_last_run_timestamp_seconds',
      help: 'When this node last checked the ledger invariants (Unix seconds).',
      registers: [],
    });
    this.#collectorFailures = new Counter({
      name: 'lobby_metrics_collector_failures_total',
      help: 'Scrape-time collectors that failed or took too long (their series were left out).',
      labelNames: ['collector'],
      registers,
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** A gauge in this registry. */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (gauge: Gauge<L>) => void,
  ): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      ...(collect
        ? {
            collect(this: Gauge<L>) {
              collect(this);
            },
          }
        : {}),
    });
  }

  /**
   * Reads figures at scrape time into `gauges` (the collector resets and sets them). When it
   * fails or takes too long its gauges are emptied, so a stale or half-set figure is never shown.
   */
  addCollector(name: string, gauges: Gauge[], collect: () => Promise<void>): void {
    this.#collectors.push({ name, gauges, collect });
  }

  /** What the sweeps the scheduler runs are told to report. */
  sweepRan = (run: SweepRun): void => {
    this.sweepRuns.inc({ sweep: run.sweep, outcome: run.outcome });
    this.sweepDuration.observe({ sweep: run.sweep }, run.durationMs / 1000);
  };

  /** A ledger check this node ran found `violations`. */
  ledgerChecked = (violations: number): void => {
    this.registry.registerMetric(this.ledgerViolations);
    this.registry.registerMetric(this.ledgerCheckedAt);
    this.ledgerViolations.set(violations);
    this.ledgerCheckedAt.set(Date.now() / 1000);
  };

  /** The Prometheus text of every series, the scrape-time figures read fresh. */
  async render(): Promise<string> {
    // Scrapes at once (two Prometheus servers) share one reading.
    this.#refreshing ??= this.#refresh().finally(() => {
      this.#refreshing = undefined;
    });
    await this.#refreshing;
    return this.registry.metrics();
  }

  async #refresh(): Promise<void> {
    await Promise.all(
      this.#collectors.map(async (collector) => {
        try {
          await withinMs(collector.collect(), this.#collectorTimeoutMs, collector.name);
        } catch (error) {
          for (const gauge of collector.gauges) gauge.reset();
          this.#collectorFailures.inc({ collector: collector.name });
          this.#log.warn({ err: error, collector: collector.name }, 'metrics collector failed');
        }
      }),
    );
  }
}
