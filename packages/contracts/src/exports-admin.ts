import { z } from 'zod';
import { adminActionsEndpoint } from './admin.ts';
import { adminApprovalsEndpoint } from './approvals.ts';
import { adminDepositsEndpoint } from './deposit.ts';
import {
  adminMemberBetsEndpoint,
  adminMemberDepositsEndpoint,
  adminMemberLedgerEndpoint,
  adminMemberRewardsEndpoint,
  MEMBER_LINK_KINDS,
  adminMemberTransfersEndpoint,
  adminMemberWithdrawalsEndpoint,
  memberHistoryParamsSchema,
  adminMemberNetDepositsEndpoint,
} from './member-history.ts';
import {
  adminMemberLoginsEndpoint,
  adminMemberNotesEndpoint,
  memberIdParamsSchema,
} from './member-record.ts';
import { adminMembersEndpoint } from './members-admin.ts';
import { adminOperatorsEndpoint } from './operators-admin.ts';
import { adminTransferExceptionsEndpoint } from './transfers-admin.ts';
import { adminWithdrawalsEndpoint } from './withdrawal-cashier.ts';

/**
 * CSV exports of the back office's lists. Each is `GET <list path>/export` with the list's own
 * query parameters less the paging ones, the list's permission and brand rule, and answers
 * `text/csv; charset=utf-8` as an attachment `<list>-<UTC timestamp>.csv`:
 * - UTF-8 with a byte order mark (Excel then reads Chinese text right), RFC 4180 quoting and
 *   CRLF line ends, the first line the `columns` below (English snake_case, stable for tools);
 * - money as decimal strings in the row's currency, instants ISO 8601 in UTC, empty for none;
 * - a text cell that a spreadsheet would read as a formula (starting with = + - @, a tab or a
 *   carriage return, and not a plain number) starts with an apostrophe (OWASP CSV injection);
 * - at most `EXPORT_MAX_ROWS` rows: when the filter selects more, the last line is the single
 *   cell `EXPORT_TRUNCATED_LINE` and the operator narrows the filter;
 * - each export is in the action log (action `export`, target type the list, the filter and the
 *   number of rows sent).
 */

/** The most rows one export holds. */
export const EXPORT_MAX_ROWS = 100_000;
/** The last line of an export that stopped at `EXPORT_MAX_ROWS` (no comma: one cell unquoted). */
export const EXPORT_TRUNCATED_LINE = `# truncated at ${EXPORT_MAX_ROWS} rows: narrow the filter`;

/** The paging parameters of a paged list, which its export drops (`.omit(PAGING)`). */
const PAGING = { page: true, pageSize: true } as const;

/**
 * An export's contract: `GET path`, the list's query less its paging (and the list's `params`
 * when it has them), and the header line. `const` keeps the path and the columns literal: the
 * services' formatters are checked against the exact headers.
 */
function csvExport<
  const Contract extends {
    path: string;
    params?: z.ZodType;
    query: z.ZodType;
    columns: readonly string[];
  },
>(contract: Contract): { readonly method: 'GET' } & Contract {
  return { method: 'GET', ...contract };
}

/** The last status query's outline, in the member's transfers tab and the exceptions list. */
const lastQueryColumns = [
  'last_query_at',
  'last_query_source',
  'last_query_answer',
  'last_query_status',
] as const;

/** The member search's filters (and order); rows in member id order, `order` its direction. */
export const adminMembersExportEndpoint = csvExport({
  path: '/admin/api/members/export',
  query: adminMembersEndpoint.query.omit(PAGING),
  columns: [
    'id',
    'brand',
    'username',
    'status',
    'phone',
    'email',
    'real_name',
    'vip_level',
    'balance',
    'currency',
    'invite_code',
    'referrer',
    'register_ip',
    'register_device_no',
    'last_login_ip',
    'registered_at',
    'last_login_at',
  ],
});

/** The action log's filters; newest first. `before` and `after` are JSON. */
export const adminActionsExportEndpoint = csvExport({
  path: '/admin/api/actions/export',
  query: adminActionsEndpoint.query.omit({ beforeId: true, limit: true }),
  columns: [
    'id',
    'created_at',
    'operator',
    'action',
    'brand',
    'target_type',
    'target_id',
    'reason',
    'before',
    'after',
    'details',
    'ip',
  ],
});

/** The approvals queue's filters; pending requests oldest first, decided ones newest first (by id). */
export const adminApprovalsExportEndpoint = csvExport({
  path: '/admin/api/approvals/export',
  query: adminApprovalsEndpoint.query.omit(PAGING),
  columns: [
    'id',
    'brand',
    'kind',
    'target',
    'amount',
    'currency',
    'reason',
    'status',
    'requested_by',
    'requested_at',
    'decided_by',
    'decided_at',
    'decision_note',
  ],
});

/** The operators screen's filters; by username. */
export const adminOperatorsExportEndpoint = csvExport({
  path: '/admin/api/operators/export',
  query: adminOperatorsEndpoint.query.omit(PAGING),
  columns: [
    'id',
    'username',
    'role',
    'brands',
    'ip_allow_list',
    'disabled',
    'totp_enabled',
    'sessions',
    'last_login_at',
    'created_at',
  ],
});

// ---------------------------------------------------------------------------------------------
// The member 360 view's history tabs (`members.read`; another brand's member answers
// `member_not_found`). Each is the tab's filter less its paging, newest first by the tab's key.

/**
 * The ledger tab: postings newest first by id, `balance_after` the account's balance right after
 * each (read back from the account's balance, carried from batch to batch).
 */
export const adminMemberLedgerExportEndpoint = csvExport({
  path: '/admin/api/members/:id/ledger/export',
  params: memberHistoryParamsSchema,
  query: adminMemberLedgerEndpoint.query.omit({ before: true, limit: true }),
  columns: [
    'id',
    'entry_id',
    'created_at',
    'account',
    'platform_id',
    'platform_name',
    'reason',
    'amount',
    'balance_after',
    'currency',
    'reference',
    'memo',
    'actor_type',
    'actor_id',
  ],
});

/** The deposits tab: newest first by order id; `details` is the channel's fields as JSON. */
export const adminMemberDepositsExportEndpoint = csvExport({
  path: '/admin/api/members/:id/deposits/export',
  params: memberHistoryParamsSchema,
  query: adminMemberDepositsEndpoint.query.omit(PAGING),
  columns: [
    'order_no',
    'status',
    'channel_code',
    'channel_type',
    'channel_name',
    'amount',
    'currency',
    'coin_amount',
    'rate',
    'details',
    'reason',
    'reviewer',
    'ledger_entry_id',
    'created_at',
    'updated_at',
    'decided_at',
  ],
});

/** The withdrawals tab: newest first by order id; holder names and account numbers masked. */
export const adminMemberWithdrawalsExportEndpoint = csvExport({
  path: '/admin/api/members/:id/withdrawals/export',
  params: memberHistoryParamsSchema,
  query: adminMemberWithdrawalsEndpoint.query.omit(PAGING),
  columns: [
    'order_no',
    'status',
    'amount',
    'currency',
    'account_type',
    'institution',
    'institution_name',
    'holder_name',
    'account_number',
    'account_deleted',
    'reason',
    'reviewer',
    'created_at',
    'decided_at',
  ],
});

/** The transfers tab: newest first by transfer id, with the last status query's outline. */
export const adminMemberTransfersExportEndpoint = csvExport({
  path: '/admin/api/members/:id/transfers/export',
  params: memberHistoryParamsSchema,
  query: adminMemberTransfersEndpoint.query.omit(PAGING),
  columns: [
    'id',
    'order_no',
    'platform_id',
    'platform_name',
    'direction',
    'amount',
    'currency',
    'status',
    'reason',
    'recycle_batch',
    'attempts',
    'next_check_at',
    'last_error',
    'queries',
    ...lastQueryColumns,
    'created_at',
    'finished_at',
  ],
});

/** The bets tab: newest settled first (then platform and round, rows never change). */
export const adminMemberBetsExportEndpoint = csvExport({
  path: '/admin/api/members/:id/bets/export',
  params: memberHistoryParamsSchema,
  query: adminMemberBetsEndpoint.query.omit(PAGING),
  columns: [
    'round_id',
    'platform_id',
    'platform_name',
    'game_code',
    'game_name',
    'category',
    'status',
    'bet',
    'valid_bet',
    'payout',
    'win_loss',
    'currency',
    'placed_at',
    'settled_at',
  ],
});

/** The rewards tab: newest first by creation (then kind and id, as the tab). */
export const adminMemberRewardsExportEndpoint = csvExport({
  path: '/admin/api/members/:id/rewards/export',
  params: memberHistoryParamsSchema,
  query: adminMemberRewardsEndpoint.query.omit(PAGING),
  columns: [
    'kind',
    'id',
    'title',
    'promotion_id',
    'amount',
    'currency',
    'status',
    'turnover_cost',
    'detail',
    'reviewer',
    'note',
    'ledger_entry_id',
    'created_at',
    'decided_at',
  ],
});

/** The member's login attempts (`members.read`, by-id as the list): newest first by id. */
export const adminMemberLoginsExportEndpoint = csvExport({
  path: '/admin/api/members/:id/logins/export',
  params: memberIdParamsSchema,
  query: adminMemberLoginsEndpoint.query.omit(PAGING),
  columns: ['id', 'at', 'result', 'username', 'ip', 'device_no', 'user_agent'],
});

/** The operators' notes on the member (`members.read`, by-id as the list): newest first by id. */
export const adminMemberNotesExportEndpoint = csvExport({
  path: '/admin/api/members/:id/notes/export',
  params: memberIdParamsSchema,
  query: adminMemberNotesEndpoint.query.omit(PAGING),
  columns: ['id', 'created_at', 'author', 'text'],
});

/**
 * The linked accounts tab (`members.read`, by-id as the tab), already bounded by
 * `MEMBER_LINKS_CAP`: one `member` row per linked member of the operator's brands in the tab's
 * order (the most links first), `link_count` the values shared in all and each kind's shared
 * values in its column joined by `; ` (payout accounts masked as the tab shows them); then, when
 * linked members of brands outside the operator's exist, one `other_brands` row holding only
 * how many there are in each kind's column.
 */
export const adminMemberLinkedExportEndpoint = csvExport({
  path: '/admin/api/members/:id/linked/export',
  params: memberHistoryParamsSchema,
  query: z.object({}),
  columns: ['row_type', 'id', 'brand', 'username', 'status', 'link_count', ...MEMBER_LINK_KINDS],
});

// ---------------------------------------------------------------------------------------------
// Transfer exceptions (`members.read`).

/** The exceptions' filters; oldest first by transfer id (the longest stuck on top). */
export const adminTransferExceptionsExportEndpoint = csvExport({
  path: '/admin/api/transfers/exceptions/export',
  query: adminTransferExceptionsEndpoint.query.omit(PAGING),
  columns: [
    'id',
    'order_no',
    'brand',
    'member_id',
    'username',
    'platform_id',
    'platform_name',
    'direction',
    'amount',
    'currency',
    'status',
    'created_at',
    'attempts',
    'queries',
    'next_check_at',
    'last_error',
    ...lastQueryColumns,
    'last_query_detail',
    'pending_resolution',
    'resolution_requested_by',
  ],
});

// ---------------------------------------------------------------------------------------------
// The cashier queues (`deposits.review`, `withdrawals.review`).

/** Columns of the review state both queues carry (cashier.ts). */
const cashierReviewColumns = [
  'claimed_by',
  'claimed_at',
  'claim_stale',
  'on_hold',
  'hold_reason',
  'held_at',
  'notes_count',
] as const;

/**
 * The deposit queue's filters (`sort` aside: rows are in order id order, `order` its direction,
 * newest first by default, as the queue). `details` is the channel's fields as JSON.
 */
export const adminDepositsExportEndpoint = csvExport({
  path: '/admin/api/deposits/export',
  query: adminDepositsEndpoint.query.omit({ limit: true, ...PAGING }),
  columns: [
    'order_no',
    'brand',
    'member_id',
    'username',
    'status',
    'channel',
    'channel_type',
    'channel_name',
    'amount',
    'currency',
    'coin_amount',
    'coin_rate',
    'tx_hash',
    'payer_name',
    'transferred_at',
    'details',
    'reason',
    'decided_by',
    'ledger_entry_id',
    'created_at',
    'decided_at',
    ...cashierReviewColumns,
  ],
});

/**
 * The withdrawal queue's filters (`sort` aside: rows are in order id order, `order` its
 * direction; by default pending oldest first, decided newest first, as the queue). The payout
 * account is unmasked, as the queue shows it to those who pay; `risk_flags` are separated by `;`.
 */
export const adminWithdrawalsExportEndpoint = csvExport({
  path: '/admin/api/withdrawals/export',
  query: adminWithdrawalsEndpoint.query.omit({ limit: true, ...PAGING }),
  columns: [
    'order_no',
    'brand',
    'username',
    'status',
    'amount',
    'currency',
    'account_type',
    'institution',
    'institution_name',
    'holder_name',
    'account_number',
    'reason',
    'decided_by',
    'created_at',
    'decided_at',
    ...cashierReviewColumns,
    'approval_status',
    'approval_requested_by',
    'risk_flags',
  ],
});

/**
 * The member's net deposits over the range (one row, as the member 360 view shows them): within
 * the twelve months of the history, `from` the bound when none was asked, `to` empty for now.
 */
export const adminMemberNetDepositsExportEndpoint = csvExport({
  path: '/admin/api/members/:id/net-deposits/export',
  params: memberHistoryParamsSchema,
  query: adminMemberNetDepositsEndpoint.query,
  columns: ['from', 'to', 'deposits', 'withdrawals', 'net_deposits', 'currency'],
});
