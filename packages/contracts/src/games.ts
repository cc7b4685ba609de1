import { z } from 'zod';
import { idempotencyKeySchema } from './deposit.ts';
import { amountInputSchema, decimalAmountSchema } from './wallet.ts';
import { memberRecordRangeFields, pageQueryFields, pageSchema } from './withdrawal.ts';

/**
 * Game platforms, transfers, game launch, heartbeat and bet records (games issue). Member calls
 * take query strings or form-urlencoded bodies, so numbers arrive as text and are coerced;
 * amounts are decimal strings in the brand currency's scale (never floats).
 */

/** SPEC.md section 9 category codes (casino 2, fish 3, slot 4, lottery 5, sports 6, board 7, esports 8). */
export const gameCategoryCodeSchema = z.union([
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
  z.literal(7),
  z.literal(8),
]);

/**
 * `show`: which platforms a list shows. A category code gives that venue's platforms; absent,
 * empty or 0 gives every platform of the brand.
 */
const showSchema = z
  .union([z.literal(''), z.coerce.number().int().min(0).max(8)])
  .optional()
  .transform((value) => (value === '' || value === undefined || value === 0 ? null : value));

export const gameItemSchema = z.object({
  platformId: z.number().int(),
  /** Unique within the platform. */
  code: z.string(),
  name: z.string(),
  category: z.number().int(),
  hot: z.boolean(),
  /** An SVG tile for the game (same origin). */
  icon: z.string(),
});
export type GameItem = z.infer<typeof gameItemSchema>;

/** The game platform item of SPEC.md section 3 (id, name, sort, wallet, games) and more. */
export const gamePlatformSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Position in the brand's ordered list, from 1; lists are ascending by it. */
  sort: z.number().int(),
  /** 1 transfer wallet, 2 seamless (uses the centre wallet directly). */
  wallet: z.union([z.literal(1), z.literal(2)]),
  category: z.number().int(),
  /** The special flag of SPEC.md section 9 (ids 2, 4 to 9, 11 to 25). */
  special: z.boolean(),
  maintenance: z.boolean(),
  icon: z.string(),
  games: z.array(gameItemSchema),
  /**
   * Logged-in members only: what the platform holds for the member (decimal string), or null
   * for seamless platforms and guests.
   */
  balance: decimalAmountSchema.nullable(),
  /** True when a transfer with this platform is still being confirmed. */
  inTransit: z.boolean(),
});
export type GamePlatform = z.infer<typeof gamePlatformSchema>;

export const gameListEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/game/list',
  query: z.object({ show: showSchema }),
  response: z.array(gamePlatformSchema),
} as const;

/**
 * Transfer-wallet platforms only (wallet 2 filtered out), ascending by sort, each with its
 * balance asked of the platform (the last known one, `stale`, when it does not answer in time).
 */
export const walletPlatformSchema = gamePlatformSchema.omit({ games: true }).extend({
  stale: z.boolean(),
});
export type WalletPlatform = z.infer<typeof walletPlatformSchema>;

export const walletListEndpoint = {
  method: 'GET',
  path: '/api/game/walletlist',
  query: z.object({ show: showSchema }),
  response: z.array(walletPlatformSchema),
} as const;

// ---------------------------------------------------------------------------------------------
// Transfers between the centre wallet and a platform. The spec has them as GET: the server
// answers GET and POST alike, with the parameters in the query (GET) or the form body (POST),
// never cached, and moves money once per idempotency key.

export const TRANSFER_STATUSES = ['in_transit', 'success', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const transferOrderSchema = z.object({
  orderNo: z.string(),
  platformId: z.number().int(),
  platformName: z.string(),
  /** in: centre wallet to platform; out: platform to centre wallet. */
  direction: z.enum(['in', 'out']),
  amount: decimalAmountSchema,
  currency: z.string(),
  /** in_transit: the platform's answer is not known yet; a job asks until it is final. */
  status: z.enum(TRANSFER_STATUSES),
  /** The error code of a failure (its text in the request's language in `reasonText`). */
  reason: z.string().nullable(),
  reasonText: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TransferOrder = z.infer<typeof transferOrderSchema>;

export const transferEndpoint = {
  methods: ['GET', 'POST'],
  path: '/api/game/transfer',
  params: z.object({
    platform: z.coerce.number().int().min(1).max(999_999),
    type: z.enum(['in', 'out']),
    /** Read by the server in the currency's scale. */
    amount: amountInputSchema,
    idempotencyKey: idempotencyKeySchema,
  }),
  response: z.object({
    order: transferOrderSchema,
    /** The centre wallet after the transfer (or after the reservation while in transit). */
    balance: decimalAmountSchema,
  }),
} as const;

export const RECYCLE_RESULTS = ['success', 'failed', 'in_transit', 'empty', 'skipped'] as const;

export const recycleEndpoint = {
  methods: ['GET', 'POST'],
  path: '/api/game/transfer/recycle',
  params: z.object({ idempotencyKey: idempotencyKeySchema }),
  response: z.object({
    results: z.array(
      z.object({
        platformId: z.number().int(),
        platformName: z.string(),
        /**
         * success: money back; empty: nothing there; in_transit: being confirmed; skipped: a
         * transfer was already in transit, or the platform is in maintenance; failed: refused.
         */
        result: z.enum(RECYCLE_RESULTS),
        amount: decimalAmountSchema,
        reason: z.string().nullable(),
        reasonText: z.string().nullable(),
        orderNo: z.string().nullable(),
      }),
    ),
    recycled: decimalAmountSchema,
    balance: decimalAmountSchema,
  }),
} as const;

/** The member's recent transfers, those in transit first (the transfer screen). */
export const transferOrdersEndpoint = {
  method: 'GET',
  path: '/api/game/transfer/orders',
  query: z.object(pageQueryFields),
  response: pageSchema(transferOrderSchema),
} as const;

// ---------------------------------------------------------------------------------------------
// Entering a game.

export const gameSettingsSchema = z.object({
  /** Entering a transfer-wallet game first moves the whole centre wallet into its platform. */
  autoTransfer: z.boolean(),
});

export const gameSettingsEndpoint = {
  method: 'GET',
  path: '/api/game/settings',
  response: gameSettingsSchema,
} as const;

export const updateGameSettingsEndpoint = {
  method: 'POST',
  path: '/api/game/settings',
  body: z.object({ autoTransfer: z.enum(['0', '1', 'true', 'false']) }),
  response: gameSettingsSchema,
} as const;

export const launchGameEndpoint = {
  method: 'POST',
  path: '/api/game/launch',
  body: z.object({
    platform: z.coerce.number().int().min(1).max(999_999),
    gameCode: z.string().trim().min(1).max(64),
    /** Where the game's exit goes (a page of this site); optional. */
    returnUrl: z.string().trim().max(512).optional(),
    /** Key of the automatic transfer in, when the member's setting moves money first. */
    idempotencyKey: idempotencyKeySchema.optional(),
  }),
  response: z.object({
    url: z.string(),
    platformId: z.number().int(),
    gameCode: z.string(),
    gameName: z.string(),
    /** The automatic transfer made first, if any. */
    transfer: transferOrderSchema.nullable(),
  }),
} as const;

/** The heartbeat of SPEC.md section 7: every 30 s while logged in. */
export const heartbeatEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/heartbeat',
  body: z.object({
    /** The game being played, or empty in the lobby. */
    gameid: z.string().trim().max(64).optional().default(''),
    platform: z.union([z.literal(''), z.coerce.number().int().min(0).max(999_999)]).optional(),
  }),
  response: z.object({ online: z.literal(true) }),
} as const;

// ---------------------------------------------------------------------------------------------
// Bet records.

export const betRecordSchema = z.object({
  roundId: z.string(),
  platformId: z.number().int(),
  platformName: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  category: z.number().int(),
  bet: decimalAmountSchema,
  validBet: decimalAmountSchema,
  payout: decimalAmountSchema,
  /** payout - bet: positive is the member's win. */
  winLoss: decimalAmountSchema,
  currency: z.string(),
  placedAt: z.string(),
  settledAt: z.string(),
});
export type BetRecordItem = z.infer<typeof betRecordSchema>;

export const betRecordsEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/record/game',
  query: z.object({
    ...memberRecordRangeFields,
    /** A category code; 0 or absent for all. */
    category: z.coerce.number().int().min(0).max(8).default(0),
    /** A platform id; 0 or absent for all. */
    platform: z.coerce.number().int().min(0).max(999_999).default(0),
    ...pageQueryFields,
  }),
  response: pageSchema(betRecordSchema).extend({
    totals: z.object({
      bet: decimalAmountSchema,
      validBet: decimalAmountSchema,
      payout: decimalAmountSchema,
      winLoss: decimalAmountSchema,
    }),
  }),
} as const;
