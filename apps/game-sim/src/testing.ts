import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { DEV_PROVIDER_SECRET, NO_FAULTS, type FaultConfig } from '@lobby/game-protocol';
import { buildSimApp, type SimApp, type SimAppDependencies } from './app.ts';
import { openSimDatabase, type SimDatabase } from './db/database.ts';

/**
 * The simulator for other packages' tests (`@lobby/game-sim/testing`): listening on 127.0.0.1 on
 * a free port with a fresh in-memory database, so Lobby's tests talk to it over real HTTP as
 * production does.
 */
export type TestSim = SimApp & {
  /** Where it listens: Lobby's `gameProvider.baseUrl`; open launch URLs' paths here. */
  baseUrl: string;
  database: SimDatabase;
  /** The master secret it signs and verifies with. */
  secret: string;
  /** Replaces the faults; fields not given are off. */
  setFaults(config: Partial<FaultConfig>): void;
  close(): Promise<void>;
};

export type TestSimOptions = {
  faults?: Partial<FaultConfig>;
  secret?: string;
  /** Base of launch URLs (default http://sim.test: tests open the paths on baseUrl). */
  publicUrl?: string;
  /** Where seamless callbacks go (default: nowhere that answers). */
  lobbyUrl?: string;
  callbackPolicy?: SimAppDependencies['callbackPolicy'];
  logger?: Logger;
};

export async function startTestSim(options: TestSimOptions = {}): Promise<TestSim> {
  const database = await openSimDatabase({ kind: 'embedded', dataDir: null });
  const secret = options.secret ?? DEV_PROVIDER_SECRET;
  const sim = await buildSimApp({
    database,
    secret,
    publicUrl: options.publicUrl ?? 'http://sim.test',
    lobbyUrl: options.lobbyUrl ?? 'http://127.0.0.1:9',
    faults: { ...NO_FAULTS, ...options.faults },
    logger: options.logger,
    callbackPolicy: options.callbackPolicy,
  });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = sim.app.server.address() as AddressInfo;
  return {
    ...sim,
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    secret,
    setFaults(config) {
      sim.setFaults({ ...NO_FAULTS, ...config });
    },
    async close() {
      await sim.app.close();
      await database.close();
    },
  };
}
