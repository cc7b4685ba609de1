import type { Gauge } from 'prom-client';
import type { DatabaseHandle } from './db/client.ts';
import { sweepStates } from './jobs/job-runs.repository.ts';
import type { LobbyMetrics } from './metrics/metrics.ts';
import type { PresenceService } from './contexts/games/presence/index.ts';
import { inTransitFigures } from './contexts/games/transfer/index.ts';
import { depositOrderCountsSince, openDepositOrderCounts } from './contexts/money/deposit/index.ts';
import {
  openWithdrawalOrderCounts,
  withdrawalOrderCountsSince,
} from './contexts/money/withdrawal/index.ts';
import type { BrandRegistry } from './contexts/platform/brand/index.ts';

/** The window of the order gauges: orders created in the last 24 hours, by status now. */
export const ORDER_WINDOW_MS = 24 * 60 * 60 * 1000;

type OrderCount = { brandCode: string; channel: string; status: string; orders: number };

/**
 * The figures of the business a node exports (decision 0024), read when Prometheus scrapes: each
 * from its owner module's repository, with cheap indexed SQL, and every node reads the same
 * database, so dashboards take the max over nodes, not the sum. The counters (seamless callbacks,
 * sweep runs, the ledger check) move where their events happen, wired in app.ts.
 */
export function addBusinessCollectors(
  metrics: LobbyMetrics,
  deps: {
    database: DatabaseHandle;
    brands: BrandRegistry;
    presence: PresenceService;
    /** The sweeps the app registered (others in job_runs are old names, not watched). */
    sweepNames: () => string[];
  },
): void {
  const { database, brands, presence } = deps;
  const db = database.db;
  const brandCodes = () => brands.all().map((brand) => brand.config.code);

  if (database.kind === 'postgres') {
    const pool = (field: 'total' | 'idle' | 'waiting' | 'max', name: string, help: string) =>
      metrics.gauge(name, help, [], (gauge) => gauge.set(database.poolUse()?.[field] ?? 0));
    pool('total', 'lobby_db_pool_total_connections', 'Connections the PostgreSQL pool holds open.');
    pool('idle', 'lobby_db_pool_idle_connections', 'Open pool connections no query is using.');
    pool('waiting', 'lobby_db_pool_waiting_clients', 'Queries waiting for a pool connection.');
    pool('max', 'lobby_db_pool_max_connections', 'The pool size (DATABASE_POOL_SIZE).');
  }

  const orderLabels = ['brand', 'channel', 'status'] as const;
  const orderGauges = (kind: 'deposit' | 'withdrawal', channel: string) => ({
    recent: metrics.gauge(
      `lobby_${kind}_orders`,
      `${kind[0]?.toUpperCase()}${kind.slice(1)} orders created in the last 24 hours, by brand, ${channel} and status now.`,
      orderLabels,
    ),
    open: metrics.gauge(
      `lobby_${kind}_orders_open`,
      `${kind[0]?.toUpperCase()}${kind.slice(1)} orders awaiting a decision, of any age, by brand, ${channel} and status.`,
      orderLabels,
    ),
  });
  const setOrders = (gauge: Gauge<(typeof orderLabels)[number]>, rows: OrderCount[]) => {
    gauge.reset();
    for (const row of rows) {
      gauge.set({ brand: row.brandCode, channel: row.channel, status: row.status }, row.orders);
    }
  };
  const deposits = orderGauges('deposit', 'channel type');
  metrics.addCollector('deposit_orders', [deposits.recent, deposits.open], async () => {
    const since = new Date(Date.now() - ORDER_WINDOW_MS);
    const [recent, open] = await Promise.all([
      depositOrderCountsSince(db, brandCodes(), since),
      openDepositOrderCounts(db, brandCodes()),
    ]);
    setOrders(deposits.recent, recent);
    setOrders(deposits.open, open);
  });
  const withdrawals = orderGauges('withdrawal', 'payout type');
  metrics.addCollector('withdrawal_orders', [withdrawals.recent, withdrawals.open], async () => {
    const since = new Date(Date.now() - ORDER_WINDOW_MS);
    const [recent, open] = await Promise.all([
      withdrawalOrderCountsSince(db, brandCodes(), since),
      openWithdrawalOrderCounts(db, brandCodes()),
    ]);
    setOrders(withdrawals.recent, recent);
    setOrders(withdrawals.open, open);
  });

  const transferLabels = ['brand', 'platform'] as const;
  const inTransit = metrics.gauge(
    'lobby_transfers_in_transit',
    'Transfers to or from game platforms in transit (outcome not yet known), by brand and platform.',
    transferLabels,
  );
  const oldest = metrics.gauge(
    'lobby_transfer_in_transit_oldest_age_seconds',
    'Age of the oldest transfer in transit, by brand and platform.',
    transferLabels,
  );
  const lag = metrics.gauge(
    'lobby_transfer_reconciliation_lag_seconds',
    'How long the most overdue status query of a transfer in transit has waited for the reconciliation sweep.',
    transferLabels,
  );
  metrics.addCollector('transfers_in_transit', [inTransit, oldest, lag], async () => {
    const rows = await inTransitFigures(db);
    for (const gauge of [inTransit, oldest, lag]) gauge.reset();
    for (const row of rows) {
      const labels = { brand: row.brandCode, platform: String(row.platformId) };
      inTransit.set(labels, row.orders);
      oldest.set(labels, row.oldestAgeSeconds);
      lag.set(labels, row.reconciliationLagSeconds);
    }
  });

  const overdue = metrics.gauge(
    'lobby_sweep_overdue_seconds',
    'How far past its due time a background sweep is, on any node (0 when not due yet).',
    ['sweep'],
  );
  const lastFailed = metrics.gauge(
    'lobby_sweep_last_run_failed',
    'Whether the last finished run of a background sweep, on any node, failed (1) or not (0).',
    ['sweep'],
  );
  metrics.addCollector('sweeps', [overdue, lastFailed], async () => {
    const rows = await sweepStates(db, deps.sweepNames());
    overdue.reset();
    lastFailed.reset();
    for (const row of rows) {
      overdue.set({ sweep: row.name }, row.overdueSeconds);
      lastFailed.set({ sweep: row.name }, row.lastRunFailed ? 1 : 0);
    }
  });

  const online = metrics.gauge(
    'lobby_members_online',
    'Members online now (a heartbeat in the last three intervals), by brand.',
    ['brand'],
  );
  metrics.addCollector('members_online', [online], async () => {
    const codes = brandCodes();
    const counts = await Promise.all(codes.map((code) => presence.onlineCount(code)));
    online.reset();
    codes.forEach((code, index) => online.set({ brand: code }, counts[index] ?? 0));
  });
}
