/** Business constants and limits of SPEC.md section 9, and the client's stored keys of section 3. */

export const HTTP_TIMEOUT_MS = 10_000;
/** Member info, balance and message count refreshes are throttled with this window. */
export const REFRESH_THROTTLE_MS = 30_000;
export const HEARTBEAT_INTERVAL_MS = 30_000;
export const AMOUNT_DECIMALS = 2;

export const VIP_LEVEL_MIN = 0;
export const VIP_LEVEL_MAX = 30;
export const VIP_LEVELS: readonly number[] = Array.from(
  { length: VIP_LEVEL_MAX - VIP_LEVEL_MIN + 1 },
  (_, index) => VIP_LEVEL_MIN + index,
);

/** Game category codes. */
export const GAME_CATEGORIES = {
  casino: 2,
  fish: 3,
  slot: 4,
  lottery: 5,
  sports: 6,
  board: 7,
  esports: 8,
} as const;
export type GameCategory = keyof typeof GAME_CATEGORIES;
export type GameCategoryCode = (typeof GAME_CATEGORIES)[GameCategory];

/** Date range presets of the record screens. */
export const DATE_PRESETS = {
  none: -1,
  today: 0,
  yesterday: 1,
  last7Days: 2,
  last30Days: 3,
  /** The member's whole self-serve history: the same day three months back to today. */
  last3Months: 4,
} as const;

/**
 * How far back a member reads their own records (transactions, bets): three calendar months of
 * the brand's days, today included. Older history is given on request through the back office,
 * whose member views read twelve months.
 */
export const MEMBER_HISTORY_MONTHS = 3;
export const OPERATOR_HISTORY_MONTHS = 12;
export type DatePreset = (typeof DATE_PRESETS)[keyof typeof DATE_PRESETS];

/** Platform ids that show the special flag: 2, 4, 5, 6, 7, 8, 9 and 11 to 25. */
export const SPECIAL_FLAG_PLATFORM_IDS: ReadonlySet<number> = new Set([
  2,
  4,
  5,
  6,
  7,
  8,
  9,
  ...Array.from({ length: 15 }, (_, index) => 11 + index),
]);

/** Virtual coin names by protocol id for the brands that use them; any other id is USDT. */
export const VIRTUAL_COIN_NAMES: Readonly<Record<number, string>> = {
  1: 'USDT',
  2: 'USDT',
  3: 'USDT',
  4: 'HHB',
  9: 'BOB',
  17: 'JPB',
};
export const DEFAULT_VIRTUAL_COIN_NAME = 'USDT';

/** Bank groups by bank code; the index is the group (0 to 3). */
export const BANK_GROUPS: readonly (readonly string[])[] = [
  ['ccb', 'cib', 'spdb', 'bcm', 'cmbc'],
  ['icbc', 'boc', 'cgb', 'cncb', 'hb', 'cmb', 'pab'],
  ['psbc', 'abc'],
  ['ceb'],
];

/** Copy/open actions of the contact-us entries. */
export const CONTACT_ACTIONS = { COPY: 1, OPEN_NEW: 2 } as const;

/** Keys of values the browser keeps (SPEC.md section 3). */
export const STORAGE_KEYS = {
  /** localStorage: the per-device id. */
  deviceId: 'uuid',
  /** localStorage: the invite code. */
  inviteCode: 'i_code',
  /** sessionStorage: session token. */
  token: 't',
  /** sessionStorage: vid header value. */
  vid: 'vid',
  /** sessionStorage: affiliate or invite code from the `i_code` query parameter. */
  affiliate: 'aid',
} as const;

/** Query parameter that carries an invite code. */
export const INVITE_CODE_QUERY = 'i_code';

/** Wallet type 2 (seamless) platforms are filtered out of the transfer wallet list. */
export const WALLET_TYPES = { transfer: 1, seamless: 2 } as const;

/** Front-end session state: login status -1 means unknown. */
export const LOGIN_STATUS_UNKNOWN = -1;
