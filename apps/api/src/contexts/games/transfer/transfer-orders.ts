import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Language, RECYCLE_RESULTS, TransferOrder } from '@lobby/contracts';
import {
  catalogPlatform,
  type ProviderErrorCode,
  type TransferResponse,
} from '@lobby/game-protocol';
import { errorMessage } from '@lobby/i18n';
import { isCurrencyCode, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Brand } from '../../platform/brand/index.ts';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import {
  GAMES_ERRORS,
  localized,
  type PlayerDirectory,
  type ProviderClient,
} from '../games/index.ts';
import type { LedgerActor, LedgerService } from '../../money/ledger/index.ts';
import type { TransferRow } from './transfer.repository.ts';

/**
 * What a transfer order is, shared by the parts of the transfer service: its number, its
 * reasons of failure, the member's view of it, and what the parts are built from.
 */

/** What every part of the transfer service works with (TransferService builds it once). */
export type TransferDependencies = {
  db: Database;
  ledger: LedgerService;
  provider: ProviderClient;
  players: PlayerDirectory;
  /** The clock of order ages and status schedules; tests move it instead of sleeping. */
  now: () => Date;
  /** The age after which the platform's "not found" is final (NOT_FOUND_FINAL_AFTER_MS). */
  notFoundFinalAfterMs: number;
  log: FastifyBaseLogger | undefined;
};

/** A check before play starts (a transfer in, a game launch): throws the refusal. */
export type PlayGuard = (brand: Brand, memberId: bigint) => Promise<void>;

/**
 * Why a final order failed, as error codes (their texts are in the errors namespace). The two
 * of the platform's own refusals keep the codes a member already knows.
 */
export const TRANSFER_FAILURE_REASONS = [
  'platform_insufficient_balance',
  'player_in_round',
  'game_maintenance',
  'platform_unavailable',
  /** The platform's status query answered failed (it refused the order, nothing moved). */
  'transfer_refused',
  /** The platform never received the order, and no longer can (REQUEST_MAX_AGE_MS passed). */
  'transfer_not_received',
  /** Two operators resolved it as failed on the platform's evidence (transfer exceptions). */
  'transfer_failed_confirmed',
] as const;
export type TransferFailureReason = (typeof TRANSFER_FAILURE_REASONS)[number];

export type Direction = 'in' | 'out';

/** What one order is for, before it exists. */
export type OrderIntent = {
  brandCode: string;
  memberId: bigint;
  currency: CurrencyCode;
  platformId: number;
  direction: Direction;
  idempotencyKey: string;
  requestHash: string;
  orderNo: string;
  recycleBatch: string | null;
};

export type TransferInput = {
  platform: number;
  type: Direction;
  amount: string;
  idempotencyKey: string;
};

export type TransferAnswer = { order: TransferOrder; balance: string };

export type RecycleResult = {
  platformId: number;
  platformName: string;
  result: (typeof RECYCLE_RESULTS)[number];
  amount: string;
  reason: string | null;
  reasonText: string | null;
  orderNo: string | null;
};

export type RecycleAnswer = { results: RecycleResult[]; recycled: string; balance: string };

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * An order number from the request itself: `T` and 20 base32 characters (100 bits) of the
 * SHA-256 of brand, member, idempotency key and, for a recycle, the platform. The same request
 * always names the same order, which is what lets the platform's idempotency (and a seeded
 * simulator's faults) recognise a repeat; the hash keeps it unguessable from outside.
 */
export function transferOrderNo(
  brandCode: string,
  memberId: bigint,
  idempotencyKey: string,
  platformId?: number,
): string {
  const digest = createHash('sha256')
    .update([brandCode, String(memberId), idempotencyKey, platformId ?? ''].join('\n'))
    .digest();
  let bits = 0;
  let value = 0;
  let text = 'T';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && text.length < 21) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (text.length === 21) break;
  }
  return text;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The idempotency key of one platform's order within a recycle: `@` is never in a member's key. */
export function recycleOrderKey(recycleKey: string, platformId: number): string {
  return `${recycleKey}@${platformId}`;
}

export function currencyOf(row: TransferRow): CurrencyCode {
  if (!isCurrencyCode(row.currency)) throw new Error(`transfer ${row.orderNo}: ${row.currency}`);
  return row.currency;
}

export function platformNameOf(platformId: number, language: Language): string {
  const platform = catalogPlatform(platformId);
  return platform ? localized(platform.name, language) : String(platformId);
}

export function toTransferOrder(row: TransferRow, language: Language): TransferOrder {
  const currency = currencyOf(row);
  return {
    orderNo: row.orderNo,
    platformId: row.platformId,
    platformName: platformNameOf(row.platformId, language),
    direction: row.direction,
    amount: toDecimalString(row.amountMinor, currency),
    currency,
    status: row.status,
    reason: row.reason,
    reasonText: row.reason === null ? null : errorMessage(row.reason, language),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A refusal of the platform's transfer answer, as the reason the member reads. */
export function refusalReason(reason: TransferResponse['reason']): TransferFailureReason {
  switch (reason) {
    case 'insufficient_balance':
      return 'platform_insufficient_balance';
    case 'player_in_round':
      return 'player_in_round';
    default:
      // order_conflict: the platform holds another request under our order id and moved nothing
      // for this one; nothing the member can fix, so it reads as the platform's failure.
      return 'platform_unavailable';
  }
}

export function providerRefusal(error: ProviderErrorCode): TransferFailureReason {
  return error === 'maintenance' ? 'game_maintenance' : 'platform_unavailable';
}

export function memberActor(memberId: bigint): LedgerActor {
  return { type: 'member', id: String(memberId) };
}

/** An earlier order under the key answers a repeat of its own request only. */
export function replayOf(row: TransferRow, requestHash: string): TransferRow {
  if (row.requestHash !== requestHash) throw appError(GAMES_ERRORS, 'idempotency_conflict');
  return row;
}
