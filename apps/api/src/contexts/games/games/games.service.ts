import type { CurrencyCode } from '@lobby/money';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AdminBrandGamePlatform,
  AdminGame,
  AdminGamePlatform,
  GamePlatform,
  Language,
  MaintenanceSwitch,
  TransferOrder,
} from '@lobby/contracts';
import { catalogPlatform, PLATFORM_CATALOG, type CatalogPlatform } from '@lobby/game-protocol';
import { toDecimalString } from '@lobby/money';
import type { Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import { AppError, appError, commonError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand, type BrandRegistry } from '../../platform/brand/index.ts';
import type { LedgerService } from '../../money/ledger/index.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import { brandGame, brandPlatform, brandPlatforms, localized } from './catalog.ts';
import { GAMES_ERRORS } from './games.errors.ts';
import {
  findAutoTransfer,
  findBrandMaintenance,
  findPlatformSetting,
  updateAutoTransfer,
  upsertBrandMaintenance,
  upsertPlatformMaintenance,
  type BrandMaintenanceRow,
  type PlatformSettingRow,
} from './games.repository.ts';
import { gameIconUrl, platformIconUrl } from './icons.ts';
import type { PlayerDirectory } from './player-directory.ts';
import { PlatformStatus } from './platform-status.ts';
import type { ProviderClient } from './provider-client.ts';

/** What launch hands the transfer engine when the member's setting moves money first. */
export type AutoTransferInput = {
  brand: Brand;
  /** For the order's reason text. */
  language: Language;
  memberId: bigint;
  platformId: number;
  /** The whole centre wallet, as read just before. */
  amountMinor: bigint;
  idempotencyKey: string;
};

/**
 * Moves money from the centre wallet into a transfer-wallet platform (TransferService, built
 * by the transfers work and wired in app.ts). It answers the order whatever its outcome
 * (success, failed, in transit) and throws an AppError when it refuses to start one.
 */
export type AutoTransferIn = (input: AutoTransferInput) => Promise<TransferOrder>;

/** The member's platform books and transfers in transit (the transfer module owns both). */
export type PlatformStates = (
  brandCode: string,
  memberId: bigint,
  currency: CurrencyCode,
) => Promise<{ books: Map<number, bigint>; inTransit: Set<number> }>;

/**
 * Refusals of the automatic transfer that do not stop the game: another transfer (perhaps a
 * second launch of the same member) is already moving the money, or took it first.
 */
const TOLERATED_TRANSFER_REFUSALS: readonly string[] = [
  'insufficient_funds',
  'transfer_in_progress',
];

export type LaunchInput = {
  brand: Brand;
  language: Language;
  memberId: bigint;
  platformId: number;
  gameCode: string;
  /** What the member sent: a path of this site, or nothing. */
  returnPath: string | undefined;
  /** This site's origin as the browser sees it (scheme, host, port), for the return URL. */
  origin: string;
  idempotencyKey: string | undefined;
};

export type LaunchResult = {
  url: string;
  platformId: number;
  gameCode: string;
  gameName: string;
  transfer: TransferOrder | null;
};

/**
 * The absolute URL of a same-site path, or null when the text is not one: it must start with a
 * single slash and stay on this origin (no scheme, no `//host`, no backslash tricks).
 */
export function sameSiteReturnUrl(path: string, origin: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(path)) {
    return null;
  }
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(path, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin) return null;
  const url = resolved.toString();
  return url.length <= 512 ? url : null;
}

/**
 * Game platforms as members see them (the list, entering a game, the automatic-transfer
 * setting) and the operator's maintenance switch.
 */
export class GamesService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #provider: ProviderClient;
  readonly #players: PlayerDirectory;
  readonly #operators: OperatorService;
  readonly #brands: BrandRegistry;
  readonly #autoTransferIn: AutoTransferIn | undefined;
  readonly #platformStates: PlatformStates;
  readonly #log: FastifyBaseLogger;
  readonly #playGuard: (brand: Brand, memberId: bigint) => Promise<void>;
  readonly status: PlatformStatus;

  constructor(dependencies: {
    db: Database;
    cache: Cache;
    ledger: LedgerService;
    provider: ProviderClient;
    players: PlayerDirectory;
    operators: OperatorService;
    brands: BrandRegistry;
    log: FastifyBaseLogger;
    autoTransferIn?: AutoTransferIn | undefined;
    platformStates: PlatformStates;
    /** Player protection's check before a game starts (exclusion, limits): throws. */
    playGuard: (brand: Brand, memberId: bigint) => Promise<void>;
  }) {
    this.#playGuard = dependencies.playGuard;
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#provider = dependencies.provider;
    this.#players = dependencies.players;
    this.#operators = dependencies.operators;
    this.#brands = dependencies.brands;
    this.#autoTransferIn = dependencies.autoTransferIn;
    this.#platformStates = dependencies.platformStates;
    this.#log = dependencies.log;
    this.status = new PlatformStatus({ db: dependencies.db, cache: dependencies.cache });
  }

  /**
   * The brand's platforms of one category (or all), in the brand's order, with their games in
   * the request's language; for a member also what each transfer-wallet platform holds for them
   * (the ledger's book balance, no call to the platform) and whether a transfer is in transit.
   */
  async list(
    brand: Brand,
    language: Language,
    memberId: bigint | null,
    category: number | null,
  ): Promise<GamePlatform[]> {
    const entries = brandPlatforms(brand).filter(
      (entry) => category === null || entry.platform.category === category,
    );
    if (entries.length === 0) return [];
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const [status, states] = await Promise.all([
      this.status.snapshot(brandCode),
      memberId === null ? null : this.#platformStates(brandCode, memberId, currency),
    ]);
    const balances = states?.books ?? null;
    const inTransit = states?.inTransit ?? null;
    return entries.map(({ platform, sort, special }) => ({
      id: platform.id,
      code: platform.code,
      name: localized(platform.name, language),
      sort,
      wallet: platform.walletType,
      category: platform.category,
      special,
      maintenance:
        (status.settings.get(platform.id)?.maintenance ?? false) ||
        (status.brand.get(platform.id)?.maintenance ?? false) ||
        status.reported.has(platform.id),
      icon: platformIconUrl(platform.id),
      games: platform.games.map((game) => ({
        platformId: platform.id,
        code: game.code,
        name: localized(game.name, language),
        category: platform.category,
        hot: game.hot,
        icon: gameIconUrl(platform.id, game.code),
      })),
      balance:
        balances === null || platform.walletType !== 1
          ? null
          : toDecimalString(balances.get(platform.id) ?? 0n, currency),
      inTransit: inTransit?.has(platform.id) ?? false,
    }));
  }

  async settings(brand: Brand, memberId: bigint): Promise<{ autoTransfer: boolean }> {
    const autoTransfer = await findAutoTransfer(this.#db, brand.config.code, memberId);
    if (autoTransfer === undefined) throw commonError('token');
    return { autoTransfer };
  }

  async updateSettings(
    brand: Brand,
    memberId: bigint,
    autoTransfer: boolean,
  ): Promise<{ autoTransfer: boolean }> {
    const stored = await updateAutoTransfer(this.#db, brand.config.code, memberId, autoTransfer);
    if (stored === undefined) throw commonError('token');
    return { autoTransfer: stored };
  }

  /**
   * Enters a game: the platform must be enabled, not switched to maintenance and the game must
   * exist; the member's player is made sure of at the platform (which also proves it answers)
   * before any money moves; then, with the automatic-transfer setting on, the whole centre
   * wallet goes into a transfer-wallet platform; then the platform gives a one-time URL.
   */
  async launch(input: LaunchInput): Promise<LaunchResult> {
    const { brand, memberId } = input;
    const { platform } = brandPlatform(brand, input.platformId);
    const game = brandGame(brand, platform.id, input.gameCode);
    let returnUrl: string | undefined;
    if (input.returnPath !== undefined && input.returnPath !== '') {
      const url = sameSiteReturnUrl(input.returnPath, input.origin);
      if (url === null) throw commonError('validation', [{ path: 'returnUrl', code: 'same_site' }]);
      returnUrl = url;
    }
    if (await this.status.operatorMaintenance(platform.id, brand.config.code)) {
      throw appError(GAMES_ERRORS, 'game_maintenance');
    }
    await this.#playGuard(brand, memberId);
    const currency = brandCurrency(brand);
    const player = await this.#reportingMaintenance(platform.id, () =>
      this.#players.ensure(brand.config.code, memberId, platform.id, currency),
    );

    let transfer: TransferOrder | null = null;
    if (platform.walletType === 1 && this.#autoTransferIn) {
      transfer = await this.#autoTransfer(this.#autoTransferIn, input, platform);
    }

    const outcome = await this.#provider.launch(platform.id, {
      player,
      gameCode: game.code,
      lang: input.language,
      ...(returnUrl === undefined ? {} : { returnUrl }),
    });
    if (outcome.kind === 'ok') {
      await this.status.clearReported(platform.id);
      return {
        url: outcome.value.url,
        platformId: platform.id,
        gameCode: game.code,
        gameName: localized(game.name, input.language),
        transfer,
      };
    }
    if (outcome.kind === 'refused' && outcome.error === 'maintenance') {
      await this.status.markReported(platform.id);
      throw appError(GAMES_ERRORS, 'game_maintenance');
    }
    if (outcome.kind === 'refused' && outcome.error === 'game_not_found') {
      throw appError(GAMES_ERRORS, 'game_not_found');
    }
    this.#log.warn(
      { platformId: platform.id, gameCode: game.code, outcome },
      'game launch: the platform did not give a URL',
    );
    throw appError(GAMES_ERRORS, 'platform_unavailable');
  }

  /** The automatic transfer in before a launch, when the setting is on and there is money. */
  async #autoTransfer(
    autoTransferIn: AutoTransferIn,
    input: LaunchInput,
    platform: CatalogPlatform,
  ): Promise<TransferOrder | null> {
    const brandCode = input.brand.config.code;
    if (!(await findAutoTransfer(this.#db, brandCode, input.memberId))) return null;
    const { walletMinor } = await this.#ledger.balances(
      brandCode,
      input.memberId,
      brandCurrency(input.brand),
    );
    if (walletMinor <= 0n) return null;
    try {
      return await autoTransferIn({
        brand: input.brand,
        language: input.language,
        memberId: input.memberId,
        platformId: platform.id,
        amountMinor: walletMinor,
        // Without a key from the browser a retried launch may try again, which is harmless:
        // the first transfer emptied the wallet, so the second finds nothing to move.
        idempotencyKey: input.idempotencyKey ?? `launch-${randomUUID()}`,
      });
    } catch (error) {
      if (error instanceof AppError && TOLERATED_TRANSFER_REFUSALS.includes(error.code)) {
        return null;
      }
      throw error;
    }
  }

  /** Runs a call to the platform, remembering a maintenance refusal for the game list. */
  async #reportingMaintenance<T>(platformId: number, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError && error.code === 'game_maintenance') {
        await this.status.markReported(platformId);
      }
      throw error;
    }
  }

  /** Every platform (by id), or a brand's enabled ones in its order, with their switches. */
  async operatorPlatforms(
    brandCode: string | undefined,
    language: Language,
  ): Promise<AdminGamePlatform[]> {
    let entries: { platform: CatalogPlatform; sort: number | null }[];
    if (brandCode) {
      const brand = this.#brands.get(brandCode);
      if (!brand) throw commonError('unknown_site');
      entries = brandPlatforms(brand);
    } else {
      entries = PLATFORM_CATALOG.map((platform) => ({ platform, sort: null }));
    }
    const status = await this.status.snapshot();
    return entries.map(({ platform, sort }) =>
      adminView(platform, sort, status.settings.get(platform.id), status.reported, language),
    );
  }

  /** The operator's maintenance switch of a platform (all brands), in the action log. */
  async setMaintenance(
    operator: OperatorIdentity,
    platformId: number,
    change: { maintenance: boolean; reason?: string | undefined },
    context: { ip: string; language: Language },
  ): Promise<AdminGamePlatform> {
    const platform = catalogPlatform(platformId);
    if (!platform) throw appError(GAMES_ERRORS, 'game_platform_not_found');
    const row = await this.#db.transaction(async (transaction) => {
      const before = await findPlatformSetting(transaction, platformId);
      const after = await upsertPlatformMaintenance(transaction, {
        platformId,
        maintenance: change.maintenance,
        reason: change.reason || null,
        updatedBy: operator.username,
      });
      await this.#operators.record(transaction, operator, {
        action: 'game_platform_maintenance',
        targetType: 'game_platform',
        targetId: String(platformId),
        ...(change.reason ? { reason: change.reason } : {}),
        details: {
          maintenance: change.maintenance,
          before: { maintenance: before?.maintenance ?? false },
          after: { maintenance: after.maintenance },
        },
        ip: context.ip,
      });
      return after;
    });
    // The platform's own mark is in the cache, not the database: forgotten once the switch is.
    if (!change.maintenance) await this.status.clearReported(platformId);
    const status = await this.status.snapshot();
    return adminView(platform, null, row, status.reported, context.language);
  }

  /**
   * Every catalog platform as one brand has it: offered ones first in the brand's order, then
   * the others by id, with the switch for every brand, the brand's own and the platform's report.
   */
  async brandPlatformsView(
    brandCode: string,
    language: Language,
  ): Promise<AdminBrandGamePlatform[]> {
    const brand = this.#brands.get(brandCode);
    if (!brand) throw commonError('unknown_site');
    const offered = brandPlatforms(brand);
    const offeredIds = new Set(offered.map((entry) => entry.platform.id));
    const entries: { platform: CatalogPlatform; sort: number | null }[] = [
      ...offered.map(({ platform, sort }) => ({ platform, sort })),
      ...PLATFORM_CATALOG.filter((platform) => !offeredIds.has(platform.id)).map((platform) => ({
        platform,
        sort: null,
      })),
    ];
    const status = await this.status.snapshot(brandCode);
    return entries.map(({ platform, sort }) => brandAdminView(platform, sort, status, language));
  }

  /**
   * A platform's maintenance switch for one brand: its members cannot enter the platform while
   * it is on, other brands' members can. Read from the database on every request, so it is in
   * force on every node at once; action logged with the change.
   */
  async setBrandMaintenance(
    operator: OperatorIdentity,
    brandCode: string,
    platformId: number,
    change: { maintenance: boolean; reason?: string | undefined },
    context: { ip: string; language: Language },
  ): Promise<AdminBrandGamePlatform> {
    const brand = this.#brands.get(brandCode);
    if (!brand) throw commonError('unknown_site');
    const platform = catalogPlatform(platformId);
    if (!platform) throw appError(GAMES_ERRORS, 'game_platform_not_found');
    const reason = change.reason || null;
    await this.#db.transaction(async (transaction) => {
      const before = await findBrandMaintenance(transaction, brandCode, platformId, true);
      const after = await upsertBrandMaintenance(transaction, {
        brandCode,
        platformId,
        maintenance: change.maintenance,
        reason,
        updatedBy: operator.username,
      });
      await this.#operators.record(transaction, operator, {
        action: 'game_platform_maintenance',
        brandCode,
        targetType: 'game_platform',
        targetId: String(platformId),
        ...(reason ? { reason } : {}),
        details: {
          brand: brandCode,
          maintenance: change.maintenance,
          before: { maintenance: before?.maintenance ?? false },
          after: { maintenance: after.maintenance },
        },
        ip: context.ip,
      });
    });
    const sort = brandPlatforms(brand).find((entry) => entry.platform.id === platformId)?.sort;
    const status = await this.status.snapshot(brandCode);
    return brandAdminView(platform, sort ?? null, status, context.language);
  }

  /** A platform's games from the catalog, those whose code or name (any language) has `q`. */
  platformGames(
    platformId: number,
    filter: { q: string; hot: '' | 'true' | 'false' },
    language: Language,
  ): { platformId: number; platformName: string; total: number; games: AdminGame[] } {
    const platform = catalogPlatform(platformId);
    if (!platform) throw appError(GAMES_ERRORS, 'game_platform_not_found');
    const needle = filter.q.toLowerCase();
    const games = platform.games
      .filter(
        (game) =>
          (filter.hot === '' || game.hot === (filter.hot === 'true')) &&
          (needle === '' ||
            game.code.toLowerCase().includes(needle) ||
            Object.values(game.name).some((name) => name.toLowerCase().includes(needle))),
      )
      .map((game) => ({
        platformId: platform.id,
        code: game.code,
        name: localized(game.name, language),
        category: platform.category,
        hot: game.hot,
        icon: gameIconUrl(platform.id, game.code),
      }));
    return {
      platformId: platform.id,
      platformName: localized(platform.name, language),
      total: platform.games.length,
      games,
    };
  }
}

function adminView(
  platform: CatalogPlatform,
  sort: number | null,
  setting: PlatformSettingRow | undefined,
  reported: Set<number>,
  language: Language,
): AdminGamePlatform {
  return {
    id: platform.id,
    code: platform.code,
    name: localized(platform.name, language),
    category: platform.category,
    wallet: platform.walletType,
    sort,
    maintenance: setting?.maintenance ?? false,
    reportedMaintenance: reported.has(platform.id),
    updatedBy: setting?.updatedBy ?? null,
    updatedAt: setting?.updatedAt.toISOString() ?? null,
  };
}

function switchView(row: PlatformSettingRow | BrandMaintenanceRow | undefined): MaintenanceSwitch {
  return {
    on: row?.maintenance ?? false,
    reason: row?.reason ?? null,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

function brandAdminView(
  platform: CatalogPlatform,
  sort: number | null,
  status: {
    settings: Map<number, PlatformSettingRow>;
    brand: Map<number, BrandMaintenanceRow>;
    reported: Set<number>;
  },
  language: Language,
): AdminBrandGamePlatform {
  const globalMaintenance = switchView(status.settings.get(platform.id));
  const brandMaintenance = switchView(status.brand.get(platform.id));
  const reportedMaintenance = status.reported.has(platform.id);
  return {
    id: platform.id,
    code: platform.code,
    name: localized(platform.name, language),
    category: platform.category,
    wallet: platform.walletType,
    games: platform.games.length,
    enabled: sort !== null,
    sort,
    globalMaintenance,
    brandMaintenance,
    reportedMaintenance,
    inMaintenance: globalMaintenance.on || brandMaintenance.on || reportedMaintenance,
  };
}
