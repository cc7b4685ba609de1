import { z } from 'zod';

/**
 * What an operator may do in the back office: one permission per capability. Every
 * `/admin/api` operation declares the one it needs (its route's `config.permission`, shown as
 * `x-permission` in the OpenAPI document); the operator guard answers `forbidden` (403) to an
 * operator whose role lacks it. Login, logout and `me` need only a live session.
 */
export const PERMISSIONS = [
  'members.read',
  'members.write',
  /** Freeze and unfreeze a member's money (deposits, withdrawals, transfers, seamless bets). */
  'members.freeze',
  'money.adjust',
  'deposits.review',
  'withdrawals.review',
  'withdrawals.approve_large',
  'approvals.decide',
  /** Take over a deposit or withdrawal another operator holds in review (cashier.ts). */
  'cashier.takeover',
  /** Transfers stuck in transit: ask the platform now, ask for (or approve) a manual resolution. */
  'transfers.resolve',
  'promo.manage',
  'vip.manage',
  'agents.manage',
  'content.manage',
  'chat.answer',
  'feedback.answer',
  'games.manage',
  'brands.manage',
  /** A brand's compliance profile: which protections are mandatory, and their numbers. */
  'compliance.manage',
  /** The KYC review queue: approve or reject a member's identity documents. */
  'kyc.review',
  /** The risk-alert queue: claim, note, resolve, freeze the member. */
  'risk.alerts',
  'operators.manage',
  'audit.read',
  'reports.read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const permissionSchema = z.enum(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The roles every installation has. A role's permissions are these, in code, so an upgrade that
 * adds a permission gives it to the roles meant to hold it. Super admins may define more roles.
 */
export const BUILT_IN_ROLES = {
  super_admin: PERMISSIONS,
  finance: [
    'members.read',
    'members.freeze',
    'money.adjust',
    'deposits.review',
    'withdrawals.review',
    'withdrawals.approve_large',
    'approvals.decide',
    'transfers.resolve',
    'agents.manage',
    'reports.read',
  ],
  risk: [
    'members.read',
    'members.write',
    'members.freeze',
    'kyc.review',
    'risk.alerts',
    'withdrawals.review',
    'transfers.resolve',
    'reports.read',
    'audit.read',
  ],
  customer_service: ['members.read', 'chat.answer', 'feedback.answer'],
  marketing: ['members.read', 'promo.manage', 'vip.manage', 'agents.manage', 'reports.read'],
  content: ['content.manage'],
  auditor: ['members.read', 'audit.read', 'reports.read'],
} as const satisfies Record<string, readonly Permission[]>;

export type BuiltInRole = keyof typeof BUILT_IN_ROLES;

export const BUILT_IN_ROLE_KEYS = Object.keys(BUILT_IN_ROLES) as BuiltInRole[];

export function isBuiltInRole(value: string): value is BuiltInRole {
  return Object.hasOwn(BUILT_IN_ROLES, value);
}

/**
 * Permissions that only read or answer members: a role holding nothing else may log in with a
 * password alone (unless a brand of the operator's asks for two factors). Every other permission
 * moves money or changes settings, and needs TOTP.
 */
export const PERMISSIONS_WITHOUT_TOTP = [
  'members.read',
  'audit.read',
  'reports.read',
  'chat.answer',
  'feedback.answer',
] as const satisfies readonly Permission[];

/** Whether a role with these permissions must log in with a second factor. */
export function permissionsNeedTotp(permissions: Iterable<Permission>): boolean {
  for (const permission of permissions) {
    if (!(PERMISSIONS_WITHOUT_TOTP as readonly Permission[]).includes(permission)) return true;
  }
  return false;
}

/** A role's key: lower-case letters, digits and underscores, starting with a letter. */
export const roleKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, 'lower-case letters, digits and _, 2 to 40');

/**
 * The brands an operator acts in: every brand (`all`, for staff of the whole platform) or the
 * listed ones. Lists, reads by id, exports and actions outside them answer as if the record did
 * not exist.
 */
export const brandScopeSchema = z.union([z.literal('all'), z.array(z.string()).max(100)]);
export type BrandScope = z.infer<typeof brandScopeSchema>;
