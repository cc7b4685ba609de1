import type { FastifyBaseLogger } from 'fastify';
import type { Language, TransferOrder, WalletPlatform } from '@lobby/contracts';
import type { CurrencyCode } from '@lobby/money';
import type { Database, Executor } from '../../../db/client.ts';
import type { Brand } from '../../platform/brand/index.ts';
import type { PlayerDirectory, ProviderClient } from '../games/index.ts';
import type { LedgerService } from '../../money/ledger/index.ts';
import { MemberTransfers } from './transfer-member.service.ts';
import type {
  RecycleAnswer,
  TransferAnswer,
  PlayGuard,
  TransferDependencies,
  TransferInput,
} from './transfer-orders.ts';
import { TransferPhases } from './transfer-phases.ts';
import {
  TransferReconciler,
  type ReconcileOptions,
  type ReconcileReport,
} from './transfer-reconciliation.ts';
import { NOT_FOUND_FINAL_AFTER_MS } from './transfer-schedule.ts';
import { TransferWallets } from './transfer-wallets.service.ts';
import { sumInTransit } from './transfer.repository.ts';

/**
 * The transfer module's parts, by what they do:
 *
 *   transfer-member.service.ts   the member's calls: transfer in or out, the automatic transfer
 *                                in before a launch, the recycle, the member's orders
 *   transfer-phases.ts           the steps that move money: book the result, reserve, send,
 *                                settle or void
 *   transfer-reconciliation.ts   the status queries of orders in transit, and their sweep
 *   transfer-schedule.ts         when those queries are due
 *   transfer-wallets.service.ts  the wallet list and the platforms' books for the game list
 *   transfer-orders.ts           order numbers, failure reasons, the member's view of an order
 */

/** Money in flight between the member's centre wallet and the platforms (wallet module). */
export function transfersInTransitMinor(
  executor: Executor,
  brandCode: string,
  memberId: bigint,
  currency: CurrencyCode,
): Promise<bigint> {
  return sumInTransit(executor, brandCode, memberId, currency);
}

/**
 * Transfers between the centre wallet and transfer-wallet platforms (DESIGN.md section 4), two
 * phase: the money moves to in-transit with the order in one transaction, the platform is called
 * with the order number as its idempotency key, and the answer posts the money on (success) or
 * back (failed). An unknown answer leaves the order in transit for `reconcile`, which asks the
 * platform until the outcome is final; nothing is ever refunded on a guess. Every ledger entry
 * is keyed by the order number and its step, so a retry after a crash never moves money twice.
 *
 * This class is the module's one service; the work is done by the parts listed above.
 */
export class TransferService {
  readonly #member: MemberTransfers;
  readonly #wallets: TransferWallets;
  readonly #reconciler: TransferReconciler;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    provider: ProviderClient;
    players: PlayerDirectory;
    /** The clock of order ages and status schedules; tests move it instead of sleeping. */
    now?: () => Date;
    /**
     * The age after which "not found" is final (NOT_FOUND_FINAL_AFTER_MS). Only a test against
     * a platform that can no longer apply old requests may shorten it.
     */
    notFoundFinalAfterMs?: number;
    log?: FastifyBaseLogger;
    /**
     * What play must pass before the member's money goes into a platform (player protection:
     * loss, wager and play-time limits): throws the refusal.
     */
    playGuard: PlayGuard;
  }) {
    const deps: TransferDependencies = {
      db: dependencies.db,
      ledger: dependencies.ledger,
      provider: dependencies.provider,
      players: dependencies.players,
      now: dependencies.now ?? (() => new Date()),
      notFoundFinalAfterMs: dependencies.notFoundFinalAfterMs ?? NOT_FOUND_FINAL_AFTER_MS,
      log: dependencies.log,
    };
    const phases = new TransferPhases(deps);
    this.#member = new MemberTransfers(deps, phases, dependencies.playGuard);
    this.#wallets = new TransferWallets(deps);
    this.#reconciler = new TransferReconciler(deps, phases);
  }

  // -------------------------------------------------------------------------------------------
  // Member calls (transfer-member.service.ts).

  /**
   * One transfer, idempotent per member and key: the same key and request answer the same order
   * (whatever its state now), the same key with another request is idempotency_conflict.
   */
  transfer(
    brand: Brand,
    memberId: bigint,
    input: TransferInput,
    language: Language,
  ): Promise<TransferAnswer> {
    return this.#member.transfer(brand, memberId, input, language);
  }

  /**
   * The automatic transfer in before a game launch (GamesService's AutoTransferIn): the same
   * order as a member's transfer in, answered whatever its outcome.
   */
  autoTransferIn(input: {
    brand: Brand;
    language: Language;
    memberId: bigint;
    platformId: number;
    amountMinor: bigint;
    idempotencyKey: string;
  }): Promise<TransferOrder> {
    return this.#member.autoTransferIn(input);
  }

  /** Every platform's whole balance back to the centre wallet, at once, idempotent by key. */
  recycle(
    brand: Brand,
    memberId: bigint,
    idempotencyKey: string,
    language: Language,
  ): Promise<RecycleAnswer> {
    return this.#member.recycle(brand, memberId, idempotencyKey, language);
  }

  memberOrders(
    brand: Brand,
    memberId: bigint,
    query: { page: number; pageSize: number },
    language: Language,
  ): Promise<{ items: TransferOrder[]; total: number; page: number; pageSize: number }> {
    return this.#member.memberOrders(brand, memberId, query, language);
  }

  // -------------------------------------------------------------------------------------------
  // The member's money at each platform (transfer-wallets.service.ts).

  /** The brand's transfer-wallet platforms with live balances, the book value where slow. */
  walletList(
    brand: Brand,
    memberId: bigint | null,
    category: number | null,
    language: Language,
  ): Promise<WalletPlatform[]> {
    return this.#wallets.walletList(brand, memberId, category, language);
  }

  /** Each platform's book value and the platforms with a transfer in transit (game list). */
  platformStates(
    brandCode: string,
    memberId: bigint,
    currency: CurrencyCode,
  ): Promise<{ books: Map<number, bigint>; inTransit: Set<number> }> {
    return this.#wallets.platformStates(brandCode, memberId, currency);
  }

  // -------------------------------------------------------------------------------------------
  // Reconciliation (transfer-reconciliation.ts).

  /** Asks the platforms about orders in transit whose query is due, and settles the final. */
  reconcile(options: ReconcileOptions = {}): Promise<ReconcileReport> {
    return this.#reconciler.reconcile(options);
  }
}
