import { z } from 'zod';
import { brandCodeSchema } from './brand.ts';
import {
  adminChatConversationSchema,
  chatClientMessageIdSchema,
  chatMessageSchema,
} from './chat.ts';
import { depositOrderSchema } from './deposit.ts';
import { feedbackTicketSchema } from './feedback.ts';
import { LANGUAGES } from './languages.ts';
import { memberInfoSchema } from './member.ts';
import { multiline } from './text.ts';
import { memberBalanceSchema } from './wallet.ts';
import { withdrawalOrderSchema } from './withdrawal.ts';

/**
 * The customer service console's own calls (back office, part 2), beside the chat's operator
 * calls of chat.ts: canned replies per brand and language, transfer to another operator, images
 * in replies and the member's context beside the conversation. Kept out of chat.ts so the member
 * site's chat screen does not load the money and feedback schemas.
 *
 * Canned replies are the service team's own tool: operators holding `chat.answer` use them and
 * keep them (create, change, delete; each change in the action log).
 */

const languageSchema = z.enum(LANGUAGES);
const idSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');
const conversationParams = z.object({ id: idSchema });

/** Characters (code points) of a canned reply's title and body. */
export const CHAT_CANNED_TITLE_MAX_CHARS = 60;
export const CHAT_CANNED_BODY_MAX_CHARS = 1_000;
/** Canned replies per brand and language, at most. */
export const CHAT_CANNED_MAX_PER_LANGUAGE = 200;

export const adminChatCannedReplySchema = z.object({
  id: z.string(),
  brand: z.string(),
  language: languageSchema,
  title: z.string(),
  body: z.string(),
  sort: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminChatCannedReply = z.infer<typeof adminChatCannedReplySchema>;

const cannedTitleSchema = z.string().trim().min(1).max(CHAT_CANNED_TITLE_MAX_CHARS);
const cannedBodySchema = multiline(z.string().trim().min(1).max(CHAT_CANNED_BODY_MAX_CHARS));
const cannedSortSchema = z.number().int().min(-1_000_000).max(1_000_000);

/** A brand's canned replies, of one language or all, by sort then title. */
export const adminChatCannedRepliesEndpoint = {
  method: 'GET',
  path: '/admin/api/chat/canned-replies',
  query: z.object({ brand: brandCodeSchema, language: languageSchema.optional() }),
  response: z.array(adminChatCannedReplySchema),
} as const;

export const adminChatCannedCreateEndpoint = {
  method: 'POST',
  path: '/admin/api/chat/canned-replies',
  body: z.object({
    brand: brandCodeSchema,
    language: languageSchema,
    title: cannedTitleSchema,
    body: cannedBodySchema,
    sort: cannedSortSchema.default(0),
  }),
  response: adminChatCannedReplySchema,
} as const;

/** Changes the given fields (at least one). */
export const adminChatCannedUpdateEndpoint = {
  method: 'PUT',
  path: '/admin/api/chat/canned-replies/:id',
  params: z.object({ id: idSchema }),
  body: z
    .object({
      title: cannedTitleSchema.optional(),
      body: cannedBodySchema.optional(),
      sort: cannedSortSchema.optional(),
    })
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      message: 'nothing to change',
    }),
  response: adminChatCannedReplySchema,
} as const;

export const adminChatCannedDeleteEndpoint = {
  method: 'DELETE',
  path: '/admin/api/chat/canned-replies/:id',
  params: z.object({ id: idSchema }),
  response: z.object({ id: z.string() }),
} as const;

/** Operators a conversation of the brand may go to: active, holding chat.answer and the brand. */
export const adminChatOperatorsEndpoint = {
  method: 'GET',
  path: '/admin/api/chat/operators',
  query: z.object({ brand: brandCodeSchema }),
  response: z.array(z.object({ id: z.string(), username: z.string() })),
} as const;

/**
 * Hands an open conversation to another operator (action logged); the visitor sees the new
 * operator join. Only the operator serving it may transfer it.
 */
export const adminChatTransferEndpoint = {
  method: 'POST',
  path: '/admin/api/chat/:id/transfer',
  params: conversationParams,
  body: z.object({
    operatorId: idSchema,
    reason: multiline(z.string().trim().max(500)).optional(),
  }),
  response: adminChatConversationSchema,
} as const;

/**
 * The assigned operator's image (multipart): `file` (PNG, JPEG, WebP or GIF judged by content,
 * 2 MB) and `clientMessageId`. Answers the message.
 */
export const adminChatImageEndpoint = {
  method: 'POST',
  path: '/admin/api/chat/:id/image',
  params: conversationParams,
  fields: z.object({ clientMessageId: chatClientMessageIdSchema }),
  response: chatMessageSchema,
} as const;

/** Recent orders and tickets shown beside a conversation. */
export const CHAT_CONTEXT_RECENT = 5;

/**
 * What the console shows beside a member's conversation: the profile (contact details masked, as
 * the member sees them), the balance, the latest deposits and withdrawals and the feedback
 * tickets not closed. A guest's conversation has no member: `member` is null.
 */
export const adminChatContextEndpoint = {
  method: 'GET',
  path: '/admin/api/chat/:id/context',
  params: conversationParams,
  response: z.object({
    conversation: adminChatConversationSchema,
    member: z
      .object({
        id: z.string(),
        profile: memberInfoSchema,
        balance: memberBalanceSchema,
        deposits: z.array(depositOrderSchema),
        withdrawals: z.array(withdrawalOrderSchema),
        openTickets: z.array(feedbackTicketSchema),
      })
      .nullable(),
  }),
} as const;
