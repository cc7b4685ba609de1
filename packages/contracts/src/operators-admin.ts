import { z } from 'zod';
import { multiline } from './text.ts';
import { brandCodeSchema } from './brand.ts';
import { brandScopeSchema, PERMISSIONS, permissionSchema, roleKeySchema } from './permissions.ts';

/**
 * The operators screen (JSON, bearer token, `operators.manage`, operators of every brand): staff
 * accounts, their roles and brands, and the roles themselves. Every change asks for a reason and
 * goes in the action log with the values before and after.
 */

const idSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');
const reasonSchema = multiline(z.string().trim().min(1).max(200));
/** An allow-list entry: an IPv4 or IPv6 address or CIDR range (checked again by the server). */
const allowListSchema = z.array(z.string().trim().min(2).max(64)).max(20);
/** Brands granted: `all`, or one to a hundred brand codes. */
const grantSchema = z.union([z.literal('all'), z.array(brandCodeSchema).min(1).max(100)]);

export const adminOperatorSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.string(),
  brands: brandScopeSchema,
  ipAllowList: z.array(z.string()),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  /** Live sessions now. */
  sessions: z.number().int(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminOperator = z.infer<typeof adminOperatorSchema>;

export const adminOperatorsEndpoint = {
  method: 'GET',
  path: '/admin/api/operators',
  query: z.object({
    q: z.string().trim().max(64).optional(),
    role: z.string().trim().max(40).optional(),
    disabled: z.enum(['true', 'false']).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ items: z.array(adminOperatorSchema), total: z.number().int() }),
} as const;

export const adminCreateOperatorEndpoint = {
  method: 'POST',
  path: '/admin/api/operators',
  body: z.object({
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, '3 to 32 letters, digits, _ . -'),
    /** At least 12 characters: staff passwords guard every member's money. */
    password: z.string().min(12).max(128),
    role: roleKeySchema,
    brands: grantSchema,
    ipAllowList: allowListSchema.optional(),
    reason: reasonSchema,
  }),
  response: adminOperatorSchema,
} as const;

export const adminUpdateOperatorEndpoint = {
  method: 'PATCH',
  path: '/admin/api/operators/:id',
  params: z.object({ id: idSchema }),
  body: z.object({
    role: roleKeySchema.optional(),
    brands: grantSchema.optional(),
    ipAllowList: allowListSchema.optional(),
    reason: reasonSchema,
  }),
  response: adminOperatorSchema,
} as const;

/**
 * What a super admin does to an account: `disable` (and every session ends), `enable`,
 * `reset-totp` (the operator enrols again on the next login; sessions end), `logout` (every
 * session ends).
 */
export const OPERATOR_ACTIONS = ['disable', 'enable', 'reset-totp', 'logout'] as const;
export type OperatorAccountAction = (typeof OPERATOR_ACTIONS)[number];

export const adminOperatorActionEndpoint = {
  method: 'POST',
  path: '/admin/api/operators/:id/:action',
  params: z.object({ id: idSchema, action: z.enum(OPERATOR_ACTIONS) }),
  body: z.object({ reason: reasonSchema }),
  response: adminOperatorSchema,
} as const;

export const adminRoleSchema = z.object({
  key: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(permissionSchema),
  /** Operators holding the role. */
  operators: z.number().int(),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const adminRolesEndpoint = {
  method: 'GET',
  path: '/admin/api/roles',
  response: z.object({ roles: z.array(adminRoleSchema), permissions: z.array(permissionSchema) }),
} as const;

/** Creates or replaces a custom role; the built-in ones are fixed. */
export const adminSaveRoleEndpoint = {
  method: 'PUT',
  path: '/admin/api/roles/:key',
  params: z.object({ key: roleKeySchema }),
  body: z.object({
    permissions: z
      .array(permissionSchema)
      .max(PERMISSIONS.length)
      .refine((list) => new Set(list).size === list.length, 'each permission once'),
    reason: reasonSchema,
  }),
  response: adminRoleSchema,
} as const;
