import { z } from 'zod';
import { multiline } from './text.ts';
import { pageQueryFields, pageSchema } from './withdrawal.ts';

/**
 * Member feedback (engagement and service issue): a ticket with a category, text and up to three
 * of the member's own uploaded images (purpose `feedback`), answered by an operator. Member calls
 * take form-urlencoded bodies; operator calls under /admin/api/ take JSON.
 */

export type FeedbackCategoryNames = { 'zh-CN': string; 'zh-TW': string; en: string };

/** The fixed list of categories a member picks from, with their labels in the three languages. */
export const FEEDBACK_CATEGORIES = [
  category('deposit', '充值问题', '充值問題', 'Deposits'),
  category('withdrawal', '提款问题', '提款問題', 'Withdrawals'),
  category('game', '游戏问题', '遊戲問題', 'Games'),
  category('account', '账户问题', '帳戶問題', 'Account'),
  category('promotion', '优惠活动', '優惠活動', 'Promotions'),
  category('suggestion', '功能建议', '功能建議', 'Suggestions'),
  category('other', '其他', '其他', 'Other'),
] as const;

function category<const C extends string>(
  code: C,
  zhCN: string,
  zhTW: string,
  en: string,
): { code: C; names: FeedbackCategoryNames } {
  return { code, names: { 'zh-CN': zhCN, 'zh-TW': zhTW, en } };
}

export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number]['code'];

export function findFeedbackCategory(
  code: string,
): (typeof FEEDBACK_CATEGORIES)[number] | undefined {
  return FEEDBACK_CATEGORIES.find((candidate) => candidate.code === code);
}

/** Content length in characters (code points, so an emoji counts once), 10 to 1000. */
export const FEEDBACK_CONTENT_RULE = { min: 10, max: 1000 } as const;
export const FEEDBACK_IMAGES_MAX = 3;
/** One new ticket per member in this window. */
export const FEEDBACK_INTERVAL_SECONDS = 30;

/** The length the content rule counts: code points, the same in the browser and the server. */
export function feedbackContentLength(content: string): number {
  return [...content.trim()].length;
}

export const FEEDBACK_STATUSES = ['open', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** A database id on the wire: decimal digits (ids are bigint). */
const idSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');

export const feedbackImageSchema = z.object({
  id: z.string(),
  /** A signed address that serves the image for a while (about an hour) to whoever holds it. */
  url: z.string(),
});

export const feedbackTicketSchema = z.object({
  id: z.string(),
  category: z.string(),
  /** The category's label in the request's language. */
  categoryName: z.string(),
  content: z.string(),
  imageCount: z.number().int().min(0).max(FEEDBACK_IMAGES_MAX),
  /** open (waiting), replied (answered), closed (no further answer). */
  status: z.enum(FEEDBACK_STATUSES),
  /** The operator's answer; null until there is one. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** There is a reply the member has not opened yet. */
  replyUnseen: z.boolean(),
  createdAt: z.string(),
});
export type FeedbackTicket = z.infer<typeof feedbackTicketSchema>;

export const feedbackTicketDetailSchema = feedbackTicketSchema.extend({
  images: z.array(feedbackImageSchema),
});
export type FeedbackTicketDetail = z.infer<typeof feedbackTicketDetailSchema>;

/**
 * Creates a ticket. The service checks the rules and answers a code of its own for each:
 * feedback_category, feedback_content_length, feedback_images_too_many, feedback_image_invalid,
 * feedback_too_frequent (one ticket per FEEDBACK_INTERVAL_SECONDS).
 */
export const createFeedbackEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/member/feedback',
  body: z.object({
    /** A code of FEEDBACK_CATEGORIES. */
    category: z.string().trim().max(32),
    /** 10 to 1000 characters once trimmed. */
    content: multiline(z.string().max(5_000)),
    /** Upload ids (purpose feedback, the member's own), comma-separated; up to 3. */
    images: z.string().trim().max(1_000).optional(),
  }),
  response: feedbackTicketDetailSchema,
} as const;

/** The member's tickets, newest first; `unseenReplies` counts replies not opened yet. */
export const feedbackListEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/feedback/list',
  query: z.object(pageQueryFields),
  response: pageSchema(feedbackTicketSchema).extend({ unseenReplies: z.number().int() }),
} as const;

/** One ticket of the member with its images; opening it marks its reply seen. */
export const feedbackDetailEndpoint = {
  method: 'GET',
  path: '/api/findmed/v1/member/feedback/detail',
  query: z.object({ id: idSchema }),
  response: feedbackTicketDetailSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// Operator (JSON, bearer token). Every call is written to the action log.

export const adminFeedbackSchema = feedbackTicketDetailSchema.extend({
  brand: z.string(),
  username: z.string(),
  repliedBy: z.string().nullable(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

/** Open tickets come oldest first (a queue); replied and closed ones newest first. */
export const adminFeedbackListEndpoint = {
  method: 'GET',
  path: '/admin/api/feedback',
  query: z.object({
    brand: z.string().trim().min(1).max(32),
    status: z.enum(FEEDBACK_STATUSES).default('open'),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: z.array(adminFeedbackSchema.omit({ images: true })),
} as const;

const feedbackIdParams = z.object({ id: idSchema });

export const adminFeedbackDetailEndpoint = {
  method: 'GET',
  path: '/admin/api/feedback/:id',
  params: feedbackIdParams,
  response: adminFeedbackSchema,
} as const;

/** Answers a ticket (status replied); answering again replaces the reply. Closed: refused. */
export const adminReplyFeedbackEndpoint = {
  method: 'POST',
  path: '/admin/api/feedback/:id/reply',
  params: feedbackIdParams,
  body: z.object({ reply: multiline(z.string().trim().min(1).max(2_000)) }),
  response: adminFeedbackSchema,
} as const;

/** Closes a ticket; closing a closed ticket answers it unchanged. */
export const adminCloseFeedbackEndpoint = {
  method: 'POST',
  path: '/admin/api/feedback/:id/close',
  params: feedbackIdParams,
  body: z.object({ reason: multiline(z.string().trim().max(500)).optional() }).nullish(),
  response: adminFeedbackSchema,
} as const;
