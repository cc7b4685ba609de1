import { z } from 'zod';
import { brandScopeSchema, permissionSchema } from './permissions.ts';

/**
 * The operator API under /admin/api/: JSON bodies, `Authorization: Bearer <token>` from login,
 * answers in the same envelope as the member API. The back office screens build on these.
 */

/** The operator who is logged in: their role, what it allows and the brands they act in. */
export const operatorSchema = z.object({
  username: z.string(),
  role: z.string(),
  permissions: z.array(permissionSchema),
  brands: brandScopeSchema,
});

export const adminLoginEndpoint = {
  method: 'POST',
  path: '/admin/api/login',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
  }),
  response: z.object({ token: z.string(), operator: operatorSchema }),
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
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});

export const adminActionsEndpoint = {
  method: 'GET',
  path: '/admin/api/actions',
  query: z.object({
    targetType: z.string().max(40).optional(),
    targetId: z.string().max(64).optional(),
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
