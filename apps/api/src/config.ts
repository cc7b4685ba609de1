import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEV_PROVIDER_SECRET } from '@lobby/game-protocol';
import { RETENTION_FLOORS, type Retention } from './contexts/platform/partitions/index.ts';
import { tracingEnvironment } from './tracing-settings.ts';

/**
 * Settings come from the environment. With no DATABASE_URL the API embeds PostgreSQL (PGlite)
 * under DATA_DIR; with no REDIS_URL it keeps cache, presence and pub/sub in process.
 */
function retentionMonths(floor: number) {
  return z.coerce.number().int().min(floor).max(1_200).optional();
}

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z.string().optional(),
  /**
   * A direct (or session-pooled) connection for the advisory locks of migrations and sweeps, when
   * DATABASE_URL goes through a pooler in transaction mode (docs/pgbouncer.md).
   */
  DATABASE_SESSION_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Connections each API node keeps open to PostgreSQL (node-postgres pool size). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Brand code served to hosts that no brand claims (localhost, for one). */
  DEFAULT_BRAND: z.string().optional(),
  /** Directory of the built member web app; empty disables serving it. */
  WEB_DIST_DIR: z.string().optional(),
  /** Directory of the built operator console, served under /admin/. */
  ADMIN_DIST_DIR: z.string().optional(),
  /** Set to 0 to skip the demo data on an empty database. */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Number of proxies in front of the API whose X-Forwarded-For is trusted. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** How long a client may take to send a whole request; slower ones are cut with 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /**
   * After SIGTERM, how long the node keeps serving while /readyz answers 503, before it stops
   * listening: longer than the balancer takes to see it (deploy/haproxy: about 1 s).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** How often the report rollups sweep runs (the dashboard's freshness). */
  REPORTS_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(60_000),
  /**
   * Months of history kept where the law lets the operator drop it (decision 0029): unset keeps
   * everything. Never for the ledger or the significant-event log. Each has a floor.
   */
  RETENTION_BET_RECORDS_MONTHS: retentionMonths(RETENTION_FLOORS.betRecords),
  RETENTION_ACTION_LOG_MONTHS: retentionMonths(RETENTION_FLOORS.actionLog),
  RETENTION_SESSIONS_MONTHS: retentionMonths(RETENTION_FLOORS.sessions),
  RETENTION_CHAT_MONTHS: retentionMonths(RETENTION_FLOORS.chatMessages),
  /** Outside production: a code every captcha accepts, for automated tests. */
  CAPTCHA_TEST_CODE: z.string().min(1).max(12).optional(),
  /** The password key pair (PKCS#8 PEM); created on first start. Nodes must share it. */
  RSA_PRIVATE_KEY_FILE: z.string().optional(),
  /** nodemailer SMTP URL for e-mail codes; without it they go to the outbox table. */
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  /** The first operator, created on an empty operators table. */
  ADMIN_USERNAME: z.string().min(1).max(64).default('admin'),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  /** Multiplies the per-minute limits on login, register, codes and captchas (tests, NAT). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  /** Base URL of the game platforms' API (the simulator, apps/game-sim, by default). */
  GAME_PROVIDER_URL: z.string().url().default('http://127.0.0.1:4100'),
  /** Master secret the platforms' signing secrets derive from; required in production. */
  GAME_PROVIDER_SECRET: z.string().min(16).optional(),
  /** A port of its own for GET /metrics (Prometheus); off when unset. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** The address the metrics port listens on: loopback unless the scraper is elsewhere. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** With it, GET /metrics also answers on the site's port to `Authorization: Bearer <it>`. */
  METRICS_TOKEN: z.string().min(16).max(256).optional(),
  /**
   * OpenTelemetry tracing (decision 0028): the standard OTEL_* names, which server.ts reads first
   * (tracing-settings.ts); checked here with the others, and named for the deploy files' test.
   */
  ...tracingEnvironment,
});

/** The environment variables the API reads (deploy files are checked against them). */
export const SETTING_NAMES: readonly string[] = Object.keys(environmentSchema.shape);

/** The first operator's password in the embedded demo (README says so). */
export const DEMO_ADMIN_PASSWORD = 'lobby-demo-admin';

export type AppConfig = {
  environment: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /** Undefined: the locks use DATABASE_URL too. */
  databaseSessionUrl: string | undefined;
  redisUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  logLevel: string;
  defaultBrand: string | undefined;
  webDistDir: string | undefined;
  adminDistDir: string | undefined;
  seedDemo: boolean;
  trustProxyHops: number;
  requestTimeoutMs: number;
  shutdownDrainMs: number;
  reportsSweepIntervalMs: number;
  /** Months kept per history table; unset: kept for ever. */
  retention: Retention;
  /** Undefined in production, whatever the environment says. */
  captchaTestCode: string | undefined;
  rsaPrivateKeyFile: string;
  smtpUrl: string | undefined;
  smtpFrom: string | undefined;
  adminUsername: string;
  /** Undefined when no first admin may be made (production without ADMIN_PASSWORD). */
  adminPassword: string | undefined;
  rateLimitMultiplier: number;
  gameProviderUrl: string;
  gameProviderSecret: string;
  /** Undefined: no metrics port. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** Undefined: no /metrics on the site's port. */
  metricsToken: string | undefined;
};

function providerSecret(environment: string, secret: string | undefined): string {
  if (secret) return secret;
  if (environment === 'production') {
    throw new Error('GAME_PROVIDER_SECRET is required in production');
  }
  return DEV_PROVIDER_SECRET;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.parse(
    Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
  );
  return {
    environment: parsed.NODE_ENV,
    host: parsed.HOST,
    port: parsed.PORT,
    databaseUrl: parsed.DATABASE_URL,
    databaseSessionUrl: parsed.DATABASE_SESSION_URL,
    redisUrl: parsed.REDIS_URL,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    dataDir: resolve(parsed.DATA_DIR),
    logLevel: parsed.LOG_LEVEL,
    defaultBrand: parsed.DEFAULT_BRAND,
    webDistDir: parsed.WEB_DIST_DIR,
    adminDistDir: parsed.ADMIN_DIST_DIR,
    seedDemo: parsed.SEED_DEMO === '1',
    trustProxyHops: parsed.TRUST_PROXY_HOPS,
    requestTimeoutMs: parsed.REQUEST_TIMEOUT_MS,
    shutdownDrainMs: parsed.SHUTDOWN_DRAIN_MS,
    reportsSweepIntervalMs: parsed.REPORTS_SWEEP_INTERVAL_MS,
    retention: {
      betRecords: parsed.RETENTION_BET_RECORDS_MONTHS,
      actionLog: parsed.RETENTION_ACTION_LOG_MONTHS,
      sessions: parsed.RETENTION_SESSIONS_MONTHS,
      chatMessages: parsed.RETENTION_CHAT_MONTHS,
    },
    captchaTestCode: parsed.NODE_ENV === 'production' ? undefined : parsed.CAPTCHA_TEST_CODE,
    rsaPrivateKeyFile: resolve(
      parsed.RSA_PRIVATE_KEY_FILE ?? join(parsed.DATA_DIR, 'keys', 'rsa-private.pem'),
    ),
    smtpUrl: parsed.SMTP_URL,
    smtpFrom: parsed.SMTP_FROM,
    adminUsername: parsed.ADMIN_USERNAME,
    rateLimitMultiplier: parsed.RATE_LIMIT_MULTIPLIER,
    gameProviderUrl: parsed.GAME_PROVIDER_URL.replace(/\/+$/, ''),
    gameProviderSecret: providerSecret(parsed.NODE_ENV, parsed.GAME_PROVIDER_SECRET),
    metricsPort: parsed.METRICS_PORT,
    metricsHost: parsed.METRICS_HOST,
    metricsToken: parsed.METRICS_TOKEN,
    // The demo password only for the embedded database outside production; never a default
    // for a PostgreSQL server, where real money may be.
    adminPassword:
      parsed.ADMIN_PASSWORD ??
      (parsed.NODE_ENV !== 'production' && !parsed.DATABASE_URL ? DEMO_ADMIN_PASSWORD : undefined),
  };
}
