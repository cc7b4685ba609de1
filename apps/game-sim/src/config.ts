import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  DEV_PROVIDER_SECRET,
  faultConfig,
  NO_FAULTS,
  type FaultConfig,
} from '@lobby/game-protocol';

/**
 * Settings of the game provider simulator, from the environment. With no GAME_SIM_DATABASE_URL
 * it embeds PostgreSQL (PGlite) under `${DATA_DIR}/game-sim`.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  GAME_SIM_HOST: z.string().default('127.0.0.1'),
  GAME_SIM_PORT: z.coerce.number().int().min(0).max(65_535).default(4100),
  /** Base of the launch URLs the browser opens; by default this machine at GAME_SIM_PORT. */
  GAME_SIM_PUBLIC_URL: z.url().optional(),
  GAME_SIM_DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  /** The master secret; each platform signs with platformSecret(master, id). */
  GAME_PROVIDER_SECRET: z.string().min(16).optional(),
  /** Base of Lobby's seamless wallet callbacks. */
  LOBBY_CALLBACK_URL: z.url().default('http://127.0.0.1:3000'),
  /** JSON of the fault configuration (packages/game-protocol faults.ts). */
  GAME_SIM_FAULTS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The environment variables the simulator reads (deploy files are checked against them). */
export const SETTING_NAMES: readonly string[] = Object.keys(environmentSchema.shape);

export type SimConfig = {
  environment: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Without a trailing slash. */
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Directory of the embedded database (unused with databaseUrl). */
  embeddedDataDir: string;
  secret: string;
  /** Without a trailing slash. */
  lobbyUrl: string;
  faults: FaultConfig;
  logLevel: string;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Where a browser on this machine reaches the simulator listening on `port`: the default of
 * GAME_SIM_PUBLIC_URL, so moving the port moves the game pages with it.
 */
export function localPublicUrl(port: number | string): string {
  return `http://localhost:${port}`;
}

/**
 * The addresses the API and the simulator give each other when they run side by side on one
 * machine (`npm start`): each derived from the other's port unless set. Without it, a simulator
 * moved to another port would still hand out game pages on the old one.
 */
export function sideBySideEnvironment(environment: NodeJS.ProcessEnv): {
  api: { GAME_PROVIDER_URL: string };
  simulator: { LOBBY_CALLBACK_URL: string; GAME_SIM_PUBLIC_URL: string };
} {
  const apiPort = environment.PORT || '3000';
  const simPort = environment.GAME_SIM_PORT || '4100';
  return {
    api: { GAME_PROVIDER_URL: environment.GAME_PROVIDER_URL || `http://127.0.0.1:${simPort}` },
    simulator: {
      LOBBY_CALLBACK_URL: environment.LOBBY_CALLBACK_URL || `http://127.0.0.1:${apiPort}`,
      GAME_SIM_PUBLIC_URL: environment.GAME_SIM_PUBLIC_URL || localPublicUrl(simPort),
    },
  };
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function parseFaults(text: string | undefined): FaultConfig {
  if (text === undefined) return NO_FAULTS;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError('GAME_SIM_FAULTS is not JSON');
  }
  const parsed = faultConfig.safeParse(json);
  if (!parsed.success) {
    throw new ConfigError(`GAME_SIM_FAULTS is not a fault configuration: ${parsed.error.message}`);
  }
  return parsed.data;
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): SimConfig {
  const result = environmentSchema.safeParse(
    Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
  );
  if (!result.success) throw new ConfigError(`invalid settings: ${result.error.message}`);
  const parsed = result.data;
  const production = parsed.NODE_ENV === 'production';
  if (production && parsed.GAME_PROVIDER_SECRET === undefined) {
    throw new ConfigError('GAME_PROVIDER_SECRET is required in production');
  }
  if (production && parsed.GAME_PROVIDER_SECRET === DEV_PROVIDER_SECRET) {
    throw new ConfigError('GAME_PROVIDER_SECRET must not be the public development secret');
  }
  return {
    environment: parsed.NODE_ENV,
    host: parsed.GAME_SIM_HOST,
    port: parsed.GAME_SIM_PORT,
    publicUrl: withoutTrailingSlash(
      parsed.GAME_SIM_PUBLIC_URL ?? localPublicUrl(parsed.GAME_SIM_PORT),
    ),
    databaseUrl: parsed.GAME_SIM_DATABASE_URL,
    embeddedDataDir: resolve(join(parsed.DATA_DIR, 'game-sim')),
    secret: parsed.GAME_PROVIDER_SECRET ?? DEV_PROVIDER_SECRET,
    lobbyUrl: withoutTrailingSlash(parsed.LOBBY_CALLBACK_URL),
    faults: parseFaults(parsed.GAME_SIM_FAULTS),
    logLevel: parsed.LOG_LEVEL,
  };
}
