import { z } from 'zod';
import { brandCodeSchema } from './brand.ts';
import { dateTimeSchema } from './dates.ts';

/**
 * The back office's member search (`members.read`): one box that finds a member by username,
 * phone, e-mail, real name, member id, invite code, registration or login address or device id,
 * with filters, server-side sorting and paging. Lists are limited to the operator's brands.
 */

export const MEMBER_SORTS = ['registeredAt', 'lastLoginAt', 'balance', 'username'] as const;

const decimalFilterSchema = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,6})?$/, 'a decimal amount');

export const adminMembersEndpoint = {
  method: 'GET',
  path: '/admin/api/members',
  query: z.object({
    q: z.string().trim().max(64).optional(),
    brand: z.union([brandCodeSchema, z.literal('')]).optional(),
    status: z.enum(['active', 'disabled']).optional(),
    vipLevel: z.coerce.number().int().min(0).max(30).optional(),
    /** The agent (their username) whose invite code the members registered with. */
    agent: z.string().trim().max(64).optional(),
    registeredFrom: dateTimeSchema.optional(),
    registeredTo: dateTimeSchema.optional(),
    lastLoginFrom: dateTimeSchema.optional(),
    lastLoginTo: dateTimeSchema.optional(),
    /** Centre wallet balance at least this, in the brand's currency. */
    balanceAbove: decimalFilterSchema.optional(),
    sort: z.enum(MEMBER_SORTS).default('registeredAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        brand: z.string(),
        username: z.string(),
        status: z.enum(['active', 'disabled']),
        phone: z.string().nullable(),
        email: z.string().nullable(),
        realName: z.string().nullable(),
        vipLevel: z.number().int(),
        /** Centre wallet, decimal string in `currency`. */
        balance: z.string(),
        currency: z.string(),
        inviteCode: z.string(),
        referrer: z.string().nullable(),
        registerIp: z.string().nullable(),
        registerDeviceNo: z.string().nullable(),
        lastLoginIp: z.string().nullable(),
        registeredAt: z.string(),
        lastLoginAt: z.string().nullable(),
      }),
    ),
    total: z.number().int(),
  }),
} as const;
export type AdminMemberRow = z.infer<typeof adminMembersEndpoint.response>['items'][number];
