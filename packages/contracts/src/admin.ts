import { z } from 'zod';
import { brandCodeSchema } from './brand.ts';
import { dateTimeSchema } from './dates.ts';
import { brandScopeSchema, permissionSchema } from './permissions.ts';

/**
 * The operator API under /admin/api/: JSON bodies, `Authorization: Bearer <token>` from login,
 * answers in the same envelope as the member API. The back office screens build on these.
 */

/**
 * The operator who is logged in: their role, what it allows and the brands they act in. An
 * operator who must use two factors and has not enrolled yet (`totpEnrolmentRequired`) can do
 * nothing but enrol (`/admin/api/me/totp/...`), log out and read this.
 */
export const operatorSchema = z.object({
  username: z.string(),
  role: z.string(),
  permissions: z.array(permissionSchema),
  brands: brandScopeSchema,
  totpEnabled: z.boolean(),
  totpEnrolmentRequired: z.boolean(),
});

/** A TOTP code of an authenticator app (RFC 6238: six digits, 30-second steps). */
export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'six digits');
/** A one-time recovery code, as issued: `XXXX-XXXX` (the dash and case do not matter). */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z2-9]{4}-?[A-Za-z2-9]{4}$/, 'recovery code');

/**
 * Password, then, when the operator has enrolled, a TOTP code or a recovery code: without one
 * the answer is `totp_required` and the client asks for it and posts again.
 */
export const adminLoginEndpoint = {
  method: 'POST',
  path: '/admin/api/login',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
    totp: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  }),
  response: z.object({ token: z.string(), operator: operatorSchema }),
} as const;

/** Starts TOTP enrolment: a new secret and its otpauth:// address, for a QR code. */
export const adminTotpSetupEndpoint = {
  method: 'POST',
  path: '/admin/api/me/totp/setup',
  response: z.object({ secret: z.string(), uri: z.string() }),
} as const;

/**
 * Finishes enrolment with a code from the app: TOTP is on for every later login, and the ten
 * recovery codes are shown once (each logs in once instead of a code).
 */
export const adminTotpConfirmEndpoint = {
  method: 'POST',
  path: '/admin/api/me/totp/confirm',
  body: z.object({ code: totpCodeSchema }),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
} as const;

export const adminLogoutEndpoint = {
  method: 'POST',
  path: '/admin/api/logout',
  response: z.object({ loggedOut: z.literal(true) }),
} as const;

export const adminMeEndpoint = {
  method: 'GET',
  path: '/admin/api/me',
  response: operatorSchema,
} as const;

export const operatorActionSchema = z.object({
  id: z.string(),
  operator: z.string(),
  action: z.string(),
  brandCode: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  /**
   * The changed fields before and after the change (null for a created or removed record's
   * missing side, for an action that changed nothing, and for rows written before they were
   * kept). Also in `details`, where they are stored.
   */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});

export const adminActionsEndpoint = {
  method: 'GET',
  path: '/admin/api/actions',
  /**
   * Newest first, a page of `limit` at a time: the next page asks for the rows before the last
   * id seen (`beforeId`). Within the operator's brands; actions of no brand (logins, operator
   * accounts) only for operators of every brand.
   */
  query: z.object({
    targetType: z.string().max(40).optional(),
    targetId: z.string().max(64).optional(),
    /** The operator who acted, by username. */
    operator: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    brand: z.union([brandCodeSchema, z.literal('')]).optional(),
    from: dateTimeSchema.optional(),
    to: dateTimeSchema.optional(),
    beforeId: z.coerce
      .string()
      .regex(/^[1-9]\d{0,17}$/, 'id')
      .optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: z.array(operatorActionSchema),
} as const;

export const adminLedgerCheckEndpoint = {
  method: 'POST',
  path: '/admin/api/ledger/check',
  response: z.object({
    ok: z.boolean(),
    violations: z.array(z.object({ invariant: z.string(), detail: z.string() })),
  }),
} as const;
