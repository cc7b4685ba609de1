import { buildSimApp } from './app.ts';
import { ConfigError, loadConfig, type SimConfig } from './config.ts';
import { openSimDatabase } from './db/database.ts';
import { createLogger } from './logger.ts';

/** Starts the game provider simulator: database, background work, then listens. */
const BACKGROUND_INTERVAL_MS = 1_000;

let config: SimConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`game-sim: ${error.message}`);
  process.exit(78);
}
const logger = createLogger(config.logLevel);

const database = await openSimDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'embedded', dataDir: config.embeddedDataDir },
).catch((error: unknown) => {
  logger.fatal({ err: error }, 'cannot open the database');
  process.exit(1);
});
if (database.kind === 'embedded') {
  logger.warn(
    { dataDir: config.embeddedDataDir },
    'embedded database (PGlite): it does not fsync; set GAME_SIM_DATABASE_URL for a server',
  );
}

const { app, runBackgroundOnce } = await buildSimApp({
  database,
  secret: config.secret,
  publicUrl: config.publicUrl,
  lobbyUrl: config.lobbyUrl,
  faults: config.faults,
  logger,
});

// One pass at a time: a slow pass (Lobby not answering) delays the next instead of piling up.
let stopping = false;
const stopBackground = new AbortController();
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();
function scheduleBackground(): void {
  if (stopping) return;
  timer = setTimeout(() => {
    running = runBackgroundOnce(stopBackground.signal)
      .then((report) => {
        const busy = Object.values(report).some((count) => count > 0);
        if (busy) app.log.debug({ report }, 'background pass');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'background pass failed'))
      .finally(scheduleBackground);
  }, BACKGROUND_INTERVAL_MS);
}

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  clearTimeout(timer);
  // Cut the background pass short, drain requests, then close the database they used.
  stopBackground.abort();
  await running;
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.fatal({ err: error }, 'cannot listen');
  await app.close();
  await database.close();
  process.exit(1);
}
scheduleBackground();
app.log.info(
  {
    port: config.port,
    database: database.kind,
    publicUrl: config.publicUrl,
    lobbyUrl: config.lobbyUrl,
    faults: config.faults.seed === 'none' ? 'none' : config.faults,
  },
  `game provider simulator is up at ${config.publicUrl}`,
);
