import { z } from 'zod';
import { multiline } from './text.ts';

/**
 * The back office's member record (the "member 360" page, JSON, bearer token): the profile with
 * its restrictions, balances and header counts; the operators' notes and tags; the login
 * history; and the actions on the account. A member is addressed by its numeric id; a member of
 * a brand outside the operator's answers `member_not_found`, as a missing one does. Every action
 * asks for a reason and goes in the action log with the state before and after.
 */

/** A member id: digits, as the search answers it. */
export const memberIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, 'a member id');
export const memberIdParamsSchema = z.object({ id: memberIdSchema });

/** Why an operator acts on an account: required, 1 to 500 characters, line breaks allowed. */
export const memberActionReasonSchema = multiline(z.string().trim().min(1).max(500));

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

/** One restriction in force: when it began, the operator who set it, and why (null if unknown). */
export const memberRestrictionSchema = z.object({
  at: z.string().nullable(),
  by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type MemberRestriction = z.infer<typeof memberRestrictionSchema>;

/**
 * The restrictions of an account, each null when not in force. `loginLocked`: the member cannot
 * log in and has no session (status `disabled`). `moneyFrozen`: no deposit order, withdrawal,
 * transfer to or from a game platform, or seamless bet. `closed`: for good (status `disabled`,
 * the username stays taken); it also stops all money.
 */
export const memberRestrictionsSchema = z.object({
  loginLocked: memberRestrictionSchema.nullable(),
  moneyFrozen: memberRestrictionSchema.nullable(),
  closed: memberRestrictionSchema.nullable(),
});
export type MemberRestrictions = z.infer<typeof memberRestrictionsSchema>;

/** What an action answers: the account's status and restrictions after it. */
export const memberStateSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'disabled']),
  restrictions: memberRestrictionsSchema,
  /** Sessions the action ended (0 when it ends none). */
  sessionsEnded: z.number().int(),
});
export type MemberState = z.infer<typeof memberStateSchema>;

/** A tag: 1 to 20 letters, digits, spaces, `_`, `.` or `-`, starting with a letter or digit. */
export const memberTagSchema = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,19}$/u, '1 to 20 letters, digits, space _ . -');
export const MEMBER_TAGS_MAX = 20;

export const memberNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** The operator who wrote it. */
  author: z.string(),
  createdAt: z.string(),
});
export type MemberNote = z.infer<typeof memberNoteSchema>;

/**
 * The outcome of a login attempt: `success`; `wrong_password`; `locked` (too many failures, the
 * temporary lock); `disabled` (locked by an operator); `closed`; `captcha` (wrong captcha);
 * `error` (anything else).
 */
export const LOGIN_RESULTS = [
  'success',
  'wrong_password',
  'locked',
  'disabled',
  'closed',
  'captcha',
  /** The person is in the exclusion registry through another account (issue 15). */
  'self_excluded',
  'error',
] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

export const memberLoginSchema = z.object({
  id: z.string(),
  at: z.string(),
  result: z.enum(LOGIN_RESULTS),
  /** The username as typed. */
  username: z.string(),
  ip: z.string().nullable(),
  deviceNo: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type MemberLogin = z.infer<typeof memberLoginSchema>;

const amount = z.string();

export const adminMemberRecordSchema = z.object({
  member: z.object({
    id: z.string(),
    brand: z.string(),
    username: z.string(),
    status: z.enum(['active', 'disabled']),
    /** With the area code: `+86 13900001111`. */
    phone: z.string().nullable(),
    email: z.string().nullable(),
    realName: z.string().nullable(),
    inviteCode: z.string(),
    /** The member whose invite code this one registered with. */
    referrer: z.object({ id: z.string(), username: z.string() }).nullable(),
    vipLevel: z.number().int(),
    registeredAt: z.string(),
    registerIp: z.string().nullable(),
    registerDeviceNo: z.string().nullable(),
    lastLoginAt: z.string().nullable(),
    lastLoginIp: z.string().nullable(),
    passwordChangedAt: z.string().nullable(),
    withdrawPasswordSet: z.boolean(),
    autoTransfer: z.boolean(),
  }),
  restrictions: memberRestrictionsSchema,
  /** Decimal strings in `currency`, all from the ledger ("by the books"). */
  balances: z.object({
    currency: z.string(),
    /** The centre wallet. */
    wallet: amount,
    /** Held for withdrawals waiting for a decision. */
    locked: amount,
    /** On its way between the centre wallet and a platform (a transfer not settled yet). */
    inTransit: amount,
    /** What each transfer-wallet platform holds for the member by our books (non-zero ones). */
    platforms: z.array(
      z.object({
        platformId: z.number().int(),
        code: z.string(),
        name: z.string(),
        balance: amount,
      }),
    ),
    /** wallet + locked + inTransit + every platform. */
    total: amount,
    /** Valid bets still needed before a withdrawal. */
    turnoverOutstanding: amount,
  }),
  tags: z.array(z.string()),
  counts: z.object({
    /** Withdrawals waiting for a decision. */
    openWithdrawals: z.number().int(),
    /** Deposit orders opened or submitted, not yet confirmed or rejected. */
    pendingDeposits: z.number().int(),
    notes: z.number().int(),
  }),
});
export type AdminMemberRecord = z.infer<typeof adminMemberRecordSchema>;

/** The member's record (`members.read`). */
export const adminMemberRecordEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id',
  params: memberIdParamsSchema,
  response: adminMemberRecordSchema,
} as const;

/** The operators' notes on the member, newest first (`members.read`). */
export const adminMemberNotesEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/notes',
  params: memberIdParamsSchema,
  query: pageQuery,
  response: z.object({ items: z.array(memberNoteSchema), total: z.number().int() }),
} as const;

/** Adds a note (`members.write`). Notes are never edited or deleted: they are an audit trail. */
export const adminAddMemberNoteEndpoint = {
  method: 'POST',
  path: '/admin/api/members/:id/notes',
  params: memberIdParamsSchema,
  body: z.object({ text: multiline(z.string().trim().min(1).max(2000)) }),
  response: memberNoteSchema,
} as const;

/** Replaces the member's tags with this set (`members.write`); duplicates count once. */
export const adminSetMemberTagsEndpoint = {
  method: 'PUT',
  path: '/admin/api/members/:id/tags',
  params: memberIdParamsSchema,
  body: z.object({ tags: z.array(memberTagSchema).max(MEMBER_TAGS_MAX) }),
  response: z.object({ tags: z.array(z.string()) }),
} as const;

/** The member's login attempts, successful or not, newest first (`members.read`). */
export const adminMemberLoginsEndpoint = {
  method: 'GET',
  path: '/admin/api/members/:id/logins',
  params: memberIdParamsSchema,
  query: pageQuery,
  response: z.object({ items: z.array(memberLoginSchema), total: z.number().int() }),
} as const;

const actionBody = z.object({ reason: memberActionReasonSchema });

function memberAction<const Path extends string>(path: Path) {
  return {
    method: 'POST',
    path,
    params: memberIdParamsSchema,
    body: actionBody,
    response: memberStateSchema,
  } as const;
}

/** Locks the login (`members.write`): every session ends; the member gets `account_disabled`. */
export const adminLockMemberEndpoint = memberAction('/admin/api/members/:id/lock');
/** Lifts the login lock (`members.write`). */
export const adminUnlockMemberEndpoint = memberAction('/admin/api/members/:id/unlock');
/** Freezes the member's money (`members.freeze`): every money path answers `account_frozen`. */
export const adminFreezeMemberEndpoint = memberAction('/admin/api/members/:id/freeze');
/** Lifts the freeze (`members.freeze`). */
export const adminUnfreezeMemberEndpoint = memberAction('/admin/api/members/:id/unfreeze');
/** Ends every session of the member now (`members.write`); nothing else changes. */
export const adminLogoutMemberEndpoint = memberAction('/admin/api/members/:id/logout');
/**
 * Closes the account for good (`members.write`), only when it holds no money: centre wallet,
 * locked, in transit and every platform at zero, no deposit or withdrawal waiting
 * (`member_has_money` otherwise). Every session ends; the username stays taken. This API has no
 * way back.
 */
export const adminCloseMemberEndpoint = memberAction('/admin/api/members/:id/close');

/**
 * Sends the member a password reset code (`members.write`) by the forgotten-password flow, to
 * the bound phone (or `channel`), else the bound e-mail; the member sets a new password on the
 * site's "forgot password" page. Answers where it went, masked; never the code.
 */
export const adminMemberPasswordResetEndpoint = {
  method: 'POST',
  path: '/admin/api/members/:id/password-reset',
  params: memberIdParamsSchema,
  body: z.object({
    reason: memberActionReasonSchema,
    channel: z.enum(['sms', 'email']).optional(),
  }),
  response: z.object({
    channel: z.enum(['sms', 'email']),
    /** Masked: `+86 139****1111`, `a***@example.com`. */
    sentTo: z.string(),
    expiresInSeconds: z.number().int(),
  }),
} as const;
