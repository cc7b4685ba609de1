import { z } from 'zod';
import { multiline } from './text.ts';
import { brandCodeSchema } from './brand.ts';
import { pageQueryFields, pageSchema } from './withdrawal.ts';

/**
 * The message centre: personal messages to one member and broadcasts to a brand's members,
 * each with the member's own read and deleted marks. Member calls are form-urlencoded; the
 * operator calls (sending, listing with read counts, withdrawing) are JSON under /admin/api/.
 */

/** notice: the site's announcements; personal: to one member; system: account events. */
export const MESSAGE_CATEGORIES = ['notice', 'personal', 'system'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** A database id on the wire: decimal digits (ids are bigint). */
const messageIdSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');

/** The most messages one delete call may name. */
export const MESSAGE_DELETE_MAX = 100;

export const memberMessageSummarySchema = z.object({
  id: z.string(),
  category: z.enum(MESSAGE_CATEGORIES),
  title: z.string(),
  /** The start of the body, for the list (at most 80 characters). */
  preview: z.string(),
  /** True for a broadcast to the brand's members, false for a message to this member alone. */
  broadcast: z.boolean(),
  read: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type MemberMessageSummary = z.infer<typeof memberMessageSummarySchema>;

export const memberMessageSchema = memberMessageSummarySchema.omit({ preview: true }).extend({
  body: z.string(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

/** The member's messages, newest first, a page at a time, with how many are unread in all. */
export const messageListEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/message/list',
  query: z.object({
    category: z.enum([...MESSAGE_CATEGORIES, 'all']).default('all'),
    ...pageQueryFields,
  }),
  response: pageSchema(memberMessageSummarySchema).extend({
    unread: z.number().int(),
  }),
} as const;

/** One message of the member; opening it marks it read. */
export const messageDetailEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/message/detail',
  query: z.object({ id: messageIdSchema }),
  response: memberMessageSchema,
} as const;

/** Marks one message (its id) or every message (`all`) of the member read. */
export const messageReadEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/message/read',
  body: z.object({ id: z.union([z.literal('all'), messageIdSchema]) }),
  response: z.object({ unread: z.number().int() }),
} as const;

/**
 * Deletes one or several messages for this member alone (ids separated by commas). When any id
 * is not one of the member's messages nothing is deleted.
 */
export const messageDeleteEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/message/delete',
  body: z.object({
    ids: z
      .string()
      .trim()
      .regex(new RegExp(`^[1-9]\\d{0,17}(,[1-9]\\d{0,17}){0,${MESSAGE_DELETE_MAX - 1}}$`), 'ids'),
  }),
  response: z.object({ deleted: z.number().int(), unread: z.number().int() }),
} as const;

/** The spec's message data: the member's unread count, refreshed at most every 30 s. */
export const messageNumEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/message/num',
  response: z.object({ unread: z.number().int() }),
} as const;

// ---------------------------------------------------------------------------------------------
// Operator: sending, listing and withdrawing messages (JSON, bearer token).

export const adminMessageSchema = z.object({
  id: z.string(),
  brand: z.string(),
  /** The member of a personal message; null for a broadcast to the brand's members. */
  username: z.string().nullable(),
  category: z.enum(MESSAGE_CATEGORIES),
  title: z.string(),
  body: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  withdrawnAt: z.string().nullable(),
  /** Members who opened it or marked it read. */
  readCount: z.number().int(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminSendMessageEndpoint = {
  method: 'POST',
  path: '/admin/api/messages',
  body: z.object({
    brand: brandCodeSchema,
    /** A member of the brand: a personal message; absent: a broadcast to the brand's members. */
    username: z.string().trim().min(1).max(64).optional(),
    /** Defaults to personal for a member, notice for a broadcast. */
    category: z.enum(MESSAGE_CATEGORIES).optional(),
    title: z.string().trim().min(1).max(100),
    body: multiline(z.string().trim().min(1).max(5_000)),
  }),
  response: adminMessageSchema,
} as const;

export const adminMessagesEndpoint = {
  method: 'GET',
  path: '/admin/api/messages',
  query: z.object({
    brand: brandCodeSchema,
    /** Only the personal messages of this member. */
    username: z.string().trim().min(1).max(64).optional(),
    ...pageQueryFields,
  }),
  response: pageSchema(adminMessageSchema),
} as const;

/** Withdraws a message: no member sees it any more. Withdrawing twice changes nothing more. */
export const adminWithdrawMessageEndpoint = {
  method: 'POST',
  path: '/admin/api/messages/:id/withdraw',
  params: z.object({ id: messageIdSchema }),
  body: z.object({ reason: multiline(z.string().trim().max(200)).optional() }),
  response: adminMessageSchema,
} as const;
