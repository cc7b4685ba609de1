import type { Language, WalletPlatform } from '@lobby/contracts';
import { toDecimalString, type CurrencyCode } from '@lobby/money';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { brandPlatforms, localized, platformIconUrl } from '../games/index.ts';
import type { TransferDependencies } from './transfer-orders.ts';
import {
  platformBooks,
  platformsInMaintenance,
  platformsInTransit,
  playerPlatforms,
} from './transfer.repository.ts';

/** The wallet list asks every platform at once; one slower than this shows the book value. */
export const WALLET_LIST_TIMEOUT_MS = 2_000;

/**
 * What the member's money at each platform looks like: the wallet list (live balances, the book
 * value when a platform is slow) and the books and transfers in transit the game list shows.
 */
export class TransferWallets {
  readonly #deps: TransferDependencies;

  constructor(dependencies: TransferDependencies) {
    this.#deps = dependencies;
  }

  /**
   * What each platform holds for the member by our books, and which platforms have a transfer
   * in transit: the game list shows both without asking any platform.
   */
  async platformStates(
    brandCode: string,
    memberId: bigint,
    currency: CurrencyCode,
  ): Promise<{ books: Map<number, bigint>; inTransit: Set<number> }> {
    const { db } = this.#deps;
    const [books, inTransit] = await Promise.all([
      platformBooks(db, brandCode, memberId, currency),
      platformsInTransit(db, brandCode, memberId),
    ]);
    return { books, inTransit };
  }

  /**
   * The brand's transfer-wallet platforms in its order, with what each holds for the member:
   * asked of every platform at once with a short timeout, the ledger's book value (`stale`)
   * where the platform does not answer in time. Guests see no balances.
   */
  async walletList(
    brand: Brand,
    memberId: bigint | null,
    category: number | null,
    language: Language,
  ): Promise<WalletPlatform[]> {
    const { db, provider } = this.#deps;
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const entries = brandPlatforms(brand).filter(
      (entry) =>
        entry.platform.walletType === 1 &&
        (category === null || entry.platform.category === category),
    );
    const maintenance = await platformsInMaintenance(db, brandCode);
    const [players, books, inTransit] =
      memberId === null
        ? [new Map<number, string>(), new Map<number, bigint>(), new Set<number>()]
        : await Promise.all([
            playerPlatforms(db, memberId),
            platformBooks(db, brandCode, memberId, currency),
            platformsInTransit(db, brandCode, memberId),
          ]);
    return Promise.all(
      entries.map(async (entry): Promise<WalletPlatform> => {
        const { platform } = entry;
        const base = {
          id: platform.id,
          code: platform.code,
          name: localized(platform.name, language),
          sort: entry.sort,
          wallet: 1 as const,
          category: platform.category,
          special: entry.special,
          maintenance: maintenance.has(platform.id),
          icon: platformIconUrl(platform.id),
          inTransit: inTransit.has(platform.id),
        };
        if (memberId === null) return { ...base, balance: null, stale: false };
        const book = books.get(platform.id) ?? 0n;
        const player = players.get(platform.id);
        // A platform that never heard of the member holds nothing; no need to ask it.
        if (player === undefined) {
          return { ...base, balance: toDecimalString(book, currency), stale: false };
        }
        const outcome = maintenance.has(platform.id)
          ? null
          : await provider.balance(platform.id, player, WALLET_LIST_TIMEOUT_MS);
        if (outcome?.kind === 'ok') {
          return {
            ...base,
            balance: toDecimalString(BigInt(outcome.value.balanceMinor), currency),
            stale: false,
          };
        }
        return { ...base, balance: toDecimalString(book, currency), stale: true };
      }),
    );
  }
}
