import type { FastifyBaseLogger } from 'fastify';
import {
  brandBackOfficeSchema,
  brandComplianceSchema,
  brandPublicConfigSchema,
  effectiveCompliance,
  parsePlatformIdList,
  type BrandBackOffice,
  type BrandCompliance,
  type ComplianceSettings,
  type BrandPublicConfig,
  type StatisticsEntry,
} from '@lobby/contracts';
import { isCurrencyCode, type CurrencyCode } from '@lobby/money';
import type { Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { BRAND_ERRORS } from './brand.errors.ts';
import {
  countBrands,
  insertBrandIfAbsent,
  lockBrandsForSeeding,
  listBrandsWithHosts,
  type BrandWithHosts,
} from './brand.repository.ts';
import { DEMO_BRANDS } from './brand.seed.ts';

export type Brand = {
  config: BrandPublicConfig;
  hosts: readonly string[];
  isDefault: boolean;
  revision: bigint;
  /** The back office's policy for the brand; never part of the public config. */
  backOffice: BrandBackOffice;
  /** The compliance profile as stored, and the settings that apply (issue 15). */
  complianceStored: BrandCompliance;
  compliance: ComplianceSettings;
};

/** The currency a brand's members hold; a brand with an unknown one is a configuration bug. */
export function brandCurrency(brand: Brand): CurrencyCode {
  const currency = brand.config.currencyCode;
  if (!isCurrencyCode(currency)) {
    throw new Error(`brand ${brand.config.code}: unknown currency ${currency}`);
  }
  return currency;
}

/** Channel on which a node announces that brand data changed, so every node reloads. */
export const BRAND_CHANGED_CHANNEL = 'brand:changed';
const REFRESH_INTERVAL_MS = 60_000;

/** `Host` header value to a bare lower-case host name: no port, no trailing dot. */
export function normalizeHost(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    host = end === -1 ? host : host.slice(0, end + 1);
  } else {
    host = host.split(':')[0] ?? '';
  }
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** A brand row's public config, validated (throws when the row is not a servable brand). */
export function brandConfigOf(row: Omit<BrandWithHosts, 'hosts'>): BrandPublicConfig {
  return brandPublicConfigSchema.parse({
    code: row.code,
    siteName: row.siteName,
    tagline: row.tagline,
    language: row.language,
    theme: row.theme,
    platformIds: parsePlatformIdList(row.platformIds),
    avatarUrl: row.avatarUrl,
    currencyIconUrl: row.currencyIconUrl,
    currencyCode: row.currencyCode,
    currencySymbol: row.currencySymbol,
    statistics: row.statistics,
    contacts: row.contacts,
    settings: row.settings,
    assetVersion: row.assetVersion,
  });
}

function toBrand(row: BrandWithHosts): Brand {
  const config = brandConfigOf(row);
  const complianceStored = brandComplianceSchema.parse(row.compliance);
  return {
    config,
    hosts: row.hosts,
    isDefault: row.isDefault,
    revision: row.revision,
    backOffice: brandBackOfficeSchema.parse(row.backOffice),
    complianceStored,
    compliance: effectiveCompliance(complianceStored),
  };
}

/**
 * The brands, held in memory for request-time resolution. It reloads from the database when any
 * node announces a change and every minute regardless, so a missed message heals itself.
 */
export class BrandRegistry {
  private byCode = new Map<string, Brand>();
  private byHost = new Map<string, Brand>();
  private defaultBrand: Brand | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;

  private readonly db: Database;
  private readonly cache: Cache;
  private readonly log: FastifyBaseLogger;
  private readonly defaultBrandCode: string | undefined;

  constructor(
    db: Database,
    cache: Cache,
    log: FastifyBaseLogger,
    defaultBrandCode: string | undefined,
  ) {
    this.db = db;
    this.cache = cache;
    this.log = log;
    this.defaultBrandCode = defaultBrandCode;
  }

  async load(): Promise<void> {
    const rows = await listBrandsWithHosts(this.db);
    const byCode = new Map<string, Brand>();
    const byHost = new Map<string, Brand>();
    for (const row of rows) {
      if (!row.enabled) continue;
      let brand: Brand;
      try {
        brand = toBrand(row);
      } catch (error) {
        // One brand's bad data must not take the other brands down; operators see it in the log.
        this.log.error(
          { err: error, brand: row.code },
          'brand config is invalid; brand not served',
        );
        continue;
      }
      byCode.set(row.code, brand);
      for (const host of row.hosts) byHost.set(host, brand);
    }
    const fallback =
      (this.defaultBrandCode ? byCode.get(this.defaultBrandCode) : undefined) ??
      [...byCode.values()].find((brand) => brand.isDefault) ??
      [...byCode.values()][0];
    this.byCode = byCode;
    this.byHost = byHost;
    this.defaultBrand = fallback;
  }

  async startWatching(): Promise<void> {
    this.unsubscribe = await this.cache.subscribe(BRAND_CHANGED_CHANNEL, () => {
      void this.load().catch((error: unknown) =>
        this.log.error({ err: error }, 'brand reload failed'),
      );
    });
    this.timer = setInterval(() => {
      void this.load().catch((error: unknown) =>
        this.log.error({ err: error }, 'brand reload failed'),
      );
    }, REFRESH_INTERVAL_MS);
    this.timer.unref();
  }

  async stopWatching(): Promise<void> {
    clearInterval(this.timer);
    await this.unsubscribe?.();
  }

  /** Tells every node (this one too) to reload brands after a change in the database. */
  async announceChange(): Promise<void> {
    await this.cache.publish(BRAND_CHANGED_CHANNEL, String(Date.now()));
  }

  all(): Brand[] {
    return [...this.byCode.values()];
  }

  get(code: string): Brand | undefined {
    return this.byCode.get(code);
  }

  /**
   * The brand of a request: the `site_code` header when given (an unknown code is refused),
   * otherwise the brand that claims the Host, otherwise the default brand.
   */
  resolve(host: string | undefined, siteCode: string | undefined): Brand {
    if (siteCode) {
      const brand = this.byCode.get(siteCode.trim().toLowerCase());
      if (!brand) throw appError(BRAND_ERRORS, 'unknown_site');
      return brand;
    }
    const brand = this.byHost.get(normalizeHost(host)) ?? this.defaultBrand;
    if (!brand) throw appError(BRAND_ERRORS, 'unknown_site');
    return brand;
  }
}

/**
 * The API-provided statistics list: one entry per host of the brand that has scripts, so the
 * browser can match `url` against its own host.
 */
export function statisticsEntries(brand: Brand): StatisticsEntry[] {
  const entries: StatisticsEntry[] = [];
  for (const [host, scripts] of Object.entries(brand.config.statistics.byHost)) {
    for (const script of scripts) {
      entries.push({
        url: host,
        platform_ck: script.platform_ck,
        kind: script.kind,
        script: script.url,
      });
    }
  }
  return entries;
}

/** Seeds the demo brands into an empty brands table; a no-op once any brand exists. */
export async function seedDemoBrands(db: Database): Promise<number> {
  return db.transaction(async (transaction) => {
    // Two nodes starting on an empty database at once must not both seed.
    await lockBrandsForSeeding(transaction);
    if ((await countBrands(transaction)) > 0) return 0;
    let inserted = 0;
    for (const brand of DEMO_BRANDS) {
      if (await insertBrandIfAbsent(transaction, brand.row, brand.hosts)) inserted++;
    }
    return inserted;
  });
}
