import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Cache } from '../../cache/index.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { AuditLog } from './audit/index.ts';
import { BrandRegistry, brandModule } from './brand/index.ts';
import { CaptchaService, captchaModule } from './captcha/index.ts';
import { healthModule } from './health/index.ts';
import { phoneAreaModule } from './phone-area/index.ts';
import { RsaKeys } from './rsa/index.ts';
import { telemetryModule } from './telemetry/index.ts';
import {
  createMessageProviders,
  VerificationService,
  verificationModule,
} from './verification/index.ts';

/**
 * The platform context: what every other context stands on. Brands (the registry every request
 * resolves its brand in), the password key pair, captchas, verification codes, health and
 * browser telemetry.
 */
export type Platform = {
  brands: BrandRegistry;
  /** The significant-event log (hash-chained, append-only). */
  audit: AuditLog;
  rsa: RsaKeys;
  captchas: CaptchaService;
  verification: VerificationService;
};

export type PlatformSettings = {
  database: DatabaseHandle;
  cache: Cache;
  log: FastifyBaseLogger;
  production: boolean;
  defaultBrandCode?: string | undefined;
  rsa?: RsaKeys | undefined;
  captchaTestCode?: string | undefined;
  smtpUrl?: string | undefined;
  smtpFrom?: string | undefined;
};

/** Builds the platform's services; the brands are loaded and watched for changes. */
export async function createPlatform(settings: PlatformSettings): Promise<Platform> {
  const { database, cache } = settings;
  const brands = new BrandRegistry(database.db, cache, settings.log, settings.defaultBrandCode);
  await brands.load();
  await brands.startWatching();
  const rsa = settings.rsa ?? RsaKeys.generate();
  return {
    brands,
    audit: new AuditLog(database.db),
    rsa,
    captchas: new CaptchaService({
      cache,
      testCode: settings.production ? undefined : settings.captchaTestCode,
    }),
    verification: new VerificationService({
      db: database.db,
      cache,
      providers: createMessageProviders(database.db, {
        smtpUrl: settings.smtpUrl,
        smtpFrom: settings.smtpFrom,
      }),
    }),
  };
}

/** Registers the platform's modules. */
export async function registerPlatform(
  app: FastifyInstance,
  platform: Platform,
  settings: PlatformSettings & { isShuttingDown: () => boolean },
) {
  const { database, cache } = settings;
  await app.register(healthModule, {
    database,
    cache,
    isShuttingDown: settings.isShuttingDown,
  });
  await app.register(brandModule);
  await app.register(telemetryModule);
  await app.register(captchaModule, { captchas: platform.captchas });
  await app.register(phoneAreaModule);
  await app.register(verificationModule, { db: database.db, production: settings.production });
}
