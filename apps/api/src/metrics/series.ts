/**
 * The series names alone (no prom-client), so the deploy files' test in the unit project reads
 * them without the API's dependencies.
 */

/**
 * Every series family the app exports that a dashboard or an alert may name: Lobby's own and the
 * default Node.js ones deploy/ uses. The API test proves each is in a scrape; the deploy test
 * proves the alert rules and the dashboard name no other.
 */
export const EXPORTED_SERIES = [
  'lobby_http_request_duration_seconds',
  'lobby_cache_operation_duration_seconds',
  'lobby_db_pool_total_connections',
  'lobby_db_pool_idle_connections',
  'lobby_db_pool_waiting_clients',
  'lobby_db_pool_max_connections',
  'lobby_sweep_runs_total',
  'lobby_sweep_duration_seconds',
  'lobby_sweep_overdue_seconds',
  'lobby_sweep_last_run_failed',
  'lobby_seamless_callbacks_total',
  'lobby_deposit_orders',
  'lobby_deposit_orders_open',
  'lobby_withdrawal_orders',
  'lobby_withdrawal_orders_open',
  'lobby_transfers_in_transit',
  'lobby_transfer_in_transit_oldest_age_seconds',
  'lobby_transfer_reconciliation_lag_seconds',
  'lobby_members_online',
  'lobby_ledger_check_violations',
  'lobby_ledger_check_last_run_timestamp_seconds',
  'lobby_metrics_collector_failures_total',
  'nodejs_eventloop_lag_seconds',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
] as const;
