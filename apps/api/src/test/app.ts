import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app.ts';
import { openCache, type Cache } from '../cache/index.ts';
import type { DatabaseHandle, QueryObserver } from '../db/client.ts';
import { createLogger } from '../lib/logger.ts';
import { seedDemoBrands } from '../contexts/platform/brand/brand.service.ts';
import { openTestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  cache: Cache;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** The raw log text, to prove a secret never appears in it. */
  logText(): string;
  close(): Promise<void>;
};

/**
 * An app on a real database (embedded, or PostgreSQL when DATABASE_URL is set) with the demo
 * brands, and on Redis when REDIS_URL is set. `beforeReady` registers test-only routes.
 */
export async function createTestApp(
  options: Partial<
    Pick<
      AppDependencies,
      | 'sessions'
      | 'webDistDir'
      | 'adminDistDir'
      | 'captchaTestCode'
      | 'rsa'
      | 'rateLimits'
      | 'production'
      | 'gameProvider'
      | 'requestTimeoutMs'
      | 'trustProxyHops'
      | 'clock'
      | 'historyClock'
      | 'metrics'
    >
  > & {
    beforeReady?: (app: FastifyInstance) => Promise<void> | void;
    /** Sees every SQL statement and its parameters (tests that prove what reaches SQL). */
    observeQuery?: QueryObserver;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(options.observeQuery);
  const cache = await openCache(process.env.REDIS_URL, `test:${process.pid}:${Date.now()}:`);
  await seedDemoBrands(database.db);
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = await buildApp({
    database,
    cache,
    logger: createLogger('info', stream),
    // Tests register many members from one address; the limits have tests of their own.
    rateLimits: { multiplier: 1_000 },
    ...options,
  });
  await options.beforeReady?.(app);
  await app.ready();
  const logText = () => chunks.join('');
  return {
    app,
    database,
    cache,
    get logs() {
      return logText()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    logText,
    async close() {
      await app.close();
      await cache.close();
      await database.close();
    },
  };
}

/** A form-urlencoded body, as the browser sends it. */
export function form(fields: Record<string, string>): {
  payload: string;
  headers: Record<string, string>;
} {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
