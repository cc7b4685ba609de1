import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app.ts';
import { openCache } from './cache/index.ts';
import type { AppConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { Scheduler } from './jobs/scheduler.ts';
import { createLogger } from './lib/logger.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { seedDemoBrands } from './contexts/platform/brand/index.ts';
import { seedDepositChannels } from './contexts/money/deposit/index.ts';
import { seedHelpPages } from './contexts/service/help/index.ts';
import { seedPromotions } from './contexts/engagement/promo/index.ts';
import { seedAgentTiers } from './contexts/engagement/agent/index.ts';
import { OperatorService } from './contexts/identity/operator/index.ts';
import { RsaKeys } from './contexts/platform/rsa/index.ts';
import type { Tracing } from './tracing.ts';

/**
 * Starts one API node: database, cache, demo data, background sweeps, then listens (server.ts
 * calls it, after starting tracing when it is configured).
 */
export async function startNode(config: AppConfig, tracing?: Tracing): Promise<void> {
  const logger = createLogger(config.logLevel, undefined, tracing?.logFields);
  tracing?.reportTo(logger);

  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.databasePoolSize,
          sessionUrl: config.databaseSessionUrl,
        }
      : { kind: 'embedded', dataDir: join(config.dataDir, 'embedded') },
  ).catch((error: unknown) => {
    logger.fatal({ err: error }, 'cannot open the database');
    process.exit(1);
  });
  if (database.migrations.applied.length > 0) {
    logger.info({ migrations: database.migrations.applied }, 'migrations applied');
  }
  if (database.kind === 'embedded') {
    logger.warn(
      { dataDir: config.dataDir },
      'embedded database (PGlite): it does not fsync; for trying the product and development only. ' +
        'Set DATABASE_URL to a PostgreSQL server for real money.',
    );
  }
  const cache = await openCache(config.redisUrl);

  if (config.adminPassword) {
    if (
      await new OperatorService(database.db).seedAdmin(config.adminUsername, config.adminPassword)
    ) {
      logger.info({ username: config.adminUsername }, 'first operator created');
    }
  } else {
    logger.warn('no ADMIN_PASSWORD: no first operator is created');
  }

  if (config.seedDemo) {
    const seeded = await seedDemoBrands(database.db);
    if (seeded > 0) logger.info({ brands: seeded }, 'demo data seeded');
    // Demo channels (an invented receiving card, the sandbox gateway) only with the demo data.
    const channels = await seedDepositChannels(database.db);
    if (channels > 0) logger.info({ channels }, 'demo deposit channels seeded');
    const helpPages = await seedHelpPages(database.db);
    if (helpPages > 0) logger.info({ helpPages }, 'demo help pages seeded');
    const promotions = await seedPromotions(database.db);
    if (promotions > 0) logger.info({ promotions }, 'demo promotions seeded');
  }

  const defaultDist = resolve(import.meta.dirname, '../../web/dist');
  const webDistDir =
    config.webDistDir ?? (existsSync(join(defaultDist, 'index.html')) ? defaultDist : undefined);
  if (!webDistDir) logger.warn('web app not built (npm run build): serving the API only');
  const defaultAdminDist = resolve(import.meta.dirname, '../../admin/dist');
  const adminDistDir =
    config.adminDistDir ??
    (existsSync(join(defaultAdminDist, 'index.html')) ? defaultAdminDist : undefined);
  if (!adminDistDir) logger.warn('admin console not built (npm run build): /admin/ is not served');

  const app = await buildApp({
    database,
    cache,
    logger,
    rsa: RsaKeys.loadOrCreate(config.rsaPrivateKeyFile),
    captchaTestCode: config.captchaTestCode,
    production: config.environment === 'production',
    smtpUrl: config.smtpUrl,
    smtpFrom: config.smtpFrom,
    rateLimits: { multiplier: config.rateLimitMultiplier },
    defaultBrandCode: config.defaultBrand,
    webDistDir,
    adminDistDir,
    trustProxyHops: config.trustProxyHops,
    requestTimeoutMs: config.requestTimeoutMs,
    reportsSweepIntervalMs: config.reportsSweepIntervalMs,
    retention: config.retention,
    gameProvider: { baseUrl: config.gameProviderUrl, masterSecret: config.gameProviderSecret },
    metrics:
      config.metricsPort !== undefined || config.metricsToken !== undefined
        ? { token: config.metricsToken }
        : undefined,
    traceRequest: tracing?.nameRoute,
  });
  // Commission tiers are configuration every brand needs (not demo data): a brand without any gets
  // the default table once; operators replace it.
  const tierBrands = await seedAgentTiers(database.db, app.brands.all());
  if (tierBrands > 0) logger.info({ brands: tierBrands }, 'default agent commission tiers seeded');
  const scheduler = new Scheduler(
    database,
    app.sweeps,
    app.log,
    undefined,
    app.metrics.sweepRan,
    tracing?.inSpan,
  );
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsServer(app.metrics, {
          host: config.metricsHost,
          port: config.metricsPort,
          log: app.log,
        });

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.isShuttingDown = true;
    // Stop background work; meanwhile keep serving for the drain time while /readyz answers 503,
    // so the balancer takes this node out before it stops listening. Then finish the requests
    // in flight, and close what they used.
    await Promise.all([
      scheduler.stop(),
      new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs)),
    ]);
    await app.close();
    await metricsServer?.close();
    await cache.close();
    await database.close();
    await tracing?.shutdown();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  scheduler.start();
  app.log.info(
    {
      port: config.port,
      database: database.kind,
      cache: cache.kind,
      metricsPort: metricsServer?.port,
      metricsOnSitePort: config.metricsToken !== undefined,
    },
    `Lobby is up at http://localhost:${config.port}`,
  );
}
