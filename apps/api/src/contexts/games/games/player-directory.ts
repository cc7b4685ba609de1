import type { CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { playerNameOf } from './catalog.ts';
import { GAMES_ERRORS } from './games.errors.ts';
import { findPlayer, insertPlayer } from './games.repository.ts';
import type { ProviderClient } from './provider-client.ts';

/**
 * A member's player account at each platform: created at the platform on first use (the call is
 * idempotent there), remembered here so later calls skip it.
 */
export class PlayerDirectory {
  readonly #db: Database;
  readonly #provider: ProviderClient;

  constructor(options: { db: Database; provider: ProviderClient }) {
    this.#db = options.db;
    this.#provider = options.provider;
  }

  /** The player name, after making sure the platform has it; platform_unavailable otherwise. */
  async ensure(
    brandCode: string,
    memberId: bigint,
    platformId: number,
    currency: CurrencyCode,
  ): Promise<string> {
    const known = await findPlayer(this.#db, memberId, platformId);
    if (known) return known;
    const player = playerNameOf(brandCode, memberId);
    const outcome = await this.#provider.createPlayer(platformId, player, currency);
    if (outcome.kind === 'refused' && outcome.error === 'maintenance') {
      throw appError(GAMES_ERRORS, 'game_maintenance');
    }
    if (outcome.kind !== 'ok') throw appError(GAMES_ERRORS, 'platform_unavailable');
    await insertPlayer(this.#db, { brandCode, memberId, platformId, player });
    return player;
  }

  /** The player name if the platform was told of the member already (no call made). */
  known(memberId: bigint, platformId: number): Promise<string | null> {
    return findPlayer(this.#db, memberId, platformId);
  }
}
