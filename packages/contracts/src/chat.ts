import { z } from 'zod';
import { multiline } from './text.ts';

/**
 * Online customer service (engagement and service issue): a chat between a visitor (a member, or
 * a guest holding a chat token) and operators, over a WebSocket with REST calls beside it.
 *
 * Visitor calls are POSTs with form-urlencoded bodies even where they only read: a guest proves
 * who they are with their chat token, and a token must never travel in a URL (URLs end up in
 * access logs, proxies and the browser's history). Members send the usual `t` header instead.
 * Operator calls under /admin/api/ take JSON and a bearer token.
 */

/** Characters (code points) in one text message. */
export const CHAT_MESSAGE_MAX_CHARS = 1_000;
/** A WebSocket frame larger than this is refused with `chat_frame_too_large` and not read. */
export const CHAT_FRAME_MAX_BYTES = 8 * 1024;
/** Frames a connection may send per window; past it each frame gets `chat_rate_limited`. */
export const CHAT_RATE_LIMIT = { frames: 20, windowMs: 10_000 } as const;
/**
 * Messages one visitor may send per window, whatever the number of connections or nodes (the
 * shared cache counts them), and images per minute: each is up to 2 MB kept in the database.
 */
export const CHAT_VISITOR_LIMITS = {
  messages: 20,
  messagesWindowMs: 10_000,
  images: 10,
  imagesWindowMs: 60_000,
} as const;
/** The browser pings this often; the server drops a connection silent for three times as long. */
export const CHAT_HEARTBEAT_MS = 25_000;
/** A connection that has not authenticated this long after opening is closed. */
export const CHAT_AUTH_TIMEOUT_MS = 10_000;
/** A WebSocket ticket is good for one connection within this time. */
export const CHAT_TICKET_TTL_MS = 60_000;
/** Messages per history page, at most. */
export const CHAT_HISTORY_PAGE_MAX = 100;
/** The address of the WebSocket, on the site's own origin. */
export const CHAT_SOCKET_PATH = '/api/findmed/v1/chat/ws';
/** Where the browser keeps a guest's chat token (localStorage), so a reload resumes the chat. */
export const CHAT_GUEST_TOKEN_STORAGE_KEY = 'chat_guest_token';
/** WebSocket close codes of our own (4000-4999 are the application's). */
export const CHAT_CLOSE_CODES = { authFailed: 4401, authTimeout: 4408, tooManyFrames: 4429 };

/** A sender's id for one message: a resend with the same id answers the same message. */
export const chatClientMessageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
/** A guest's chat token: 32 random bytes, base64url. */
export const chatGuestTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const idSchema = z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'id');
/** An optional id in a form: an empty value counts as absent. */
const optionalIdSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  idSchema.optional(),
);

export const CHAT_STATUSES = ['waiting', 'open', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_SENDERS = ['visitor', 'operator', 'system'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];
/**
 * A system message's body is one of these events, so each reader shows it in their own
 * language: an operator joined (`operatorName` says who), or the conversation was closed.
 */
export const CHAT_SYSTEM_EVENTS = ['joined', 'closed'] as const;

export const chatImageSchema = z.object({
  id: z.string(),
  /** A signed address that serves the image for a while (one to two hours). */
  url: z.string(),
});

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  sender: z.enum(CHAT_SENDERS),
  /** Text; for system messages an event of CHAT_SYSTEM_EVENTS; '' for an image alone. */
  body: z.string(),
  image: chatImageSchema.nullable(),
  clientMessageId: z.string(),
  /** The operator who wrote it (operator messages) or joined (system `joined`). */
  operatorName: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z.object({
  id: z.string(),
  status: z.enum(CHAT_STATUSES),
  /** The operator serving it, once taken. */
  operatorName: z.string().nullable(),
  /** The last message id each side has read. */
  visitorReadId: z.string(),
  operatorReadId: z.string(),
  /** Operator and system messages after visitorReadId. */
  unread: z.number().int(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

const guestField = { guestToken: chatGuestTokenSchema.optional() };

/**
 * Starts or resumes the visitor's chat. A member is known by the session; a guest sends their
 * chat token, or none the first time and gets one (answered once: the page keeps it). Answers
 * the live conversation (or the latest, when closed; null before the first message: the first
 * message opens one) and a single-use ticket to authenticate the WebSocket with.
 */
export const chatStartEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/chat/start',
  body: z.object(guestField).nullish(),
  response: z.object({
    conversation: chatConversationSchema.nullable(),
    /** Set only when this call issued a new guest token. */
    guestToken: z.string().nullable(),
    ticket: z.string(),
    ticketExpiresInMs: z.number().int(),
  }),
} as const;

/** A page of a conversation's messages, oldest first: before an id, after an id, or the latest. */
export const chatHistoryEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/chat/history',
  body: z.object({
    ...guestField,
    conversationId: idSchema,
    before: optionalIdSchema,
    after: optionalIdSchema,
    limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_PAGE_MAX).default(50),
  }),
  response: z.object({
    conversation: chatConversationSchema,
    messages: z.array(chatMessageSchema),
    /** More messages exist on the side the page was read from. */
    hasMore: z.boolean(),
  }),
} as const;

/** Marks the conversation read up to a message id (never backwards). */
export const chatReadEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/chat/read',
  body: z.object({ ...guestField, conversationId: idSchema, lastId: idSchema }),
  response: chatConversationSchema,
} as const;

/** Unread operator replies in the visitor's live (or latest) conversation: the launcher's dot. */
export const chatUnreadEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/chat/unread',
  body: z.object(guestField).nullish(),
  response: z.object({ unread: z.number().int(), conversationId: z.string().nullable() }),
} as const;

/**
 * Sends an image (multipart): `file` (PNG, JPEG, WebP or GIF judged by content, 2 MB),
 * `clientMessageId`, and optionally `conversationId` and `guestToken`. Answers the message.
 */
export const chatImageEndpoint = {
  method: 'POST',
  path: '/api/findmed/v1/chat/image',
  fields: z.object({
    ...guestField,
    clientMessageId: chatClientMessageIdSchema,
    conversationId: optionalIdSchema,
  }),
  response: chatMessageSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// WebSocket frames (JSON text). The first frame authenticates: a visitor's ticket from
// chatStartEndpoint, or an operator's bearer token and the brand to watch.

export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), ticket: z.string().min(1).max(128) }),
  z.object({
    type: z.literal('operatorAuth'),
    operatorToken: z.string().min(1).max(128),
    brand: z.string().trim().min(1).max(32),
  }),
  z.object({
    type: z.literal('send'),
    clientMessageId: chatClientMessageIdSchema,
    body: multiline(z.string()),
    /** The conversation written to; absent: the live one, opened if there is none. */
    conversationId: idSchema.optional(),
  }),
  z.object({ type: z.literal('read'), conversationId: idSchema, lastId: idSchema }),
  z.object({ type: z.literal('typing'), conversationId: idSchema.optional() }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

export type ChatServerFrame =
  | { type: 'ready'; role: 'visitor' | 'operator'; conversation: ChatConversation | null }
  | { type: 'sent'; clientMessageId: string; message: ChatMessage; conversation: ChatConversation }
  | { type: 'message'; message: ChatMessage; conversation: ChatConversation }
  | { type: 'conversation'; conversation: ChatConversation }
  | { type: 'read'; conversationId: string; side: 'visitor' | 'operator'; lastId: string }
  | { type: 'typing'; conversationId: string; side: 'visitor' | 'operator' }
  | { type: 'pong' }
  | { type: 'error'; code: string; message: string; clientMessageId?: string };

// ---------------------------------------------------------------------------------------------
// Operator (JSON, bearer token). Taking and closing are written to the action log.

export const adminChatConversationSchema = chatConversationSchema.extend({
  brand: z.string(),
  /** The username, or "访客 ABCD" for a guest. */
  displayName: z.string(),
  visitorKind: z.enum(['member', 'guest']),
  /** Visitor messages after operatorReadId. */
  operatorUnread: z.number().int(),
  lastMessage: chatMessageSchema.nullable(),
});
export type AdminChatConversation = z.infer<typeof adminChatConversationSchema>;

const conversationParams = z.object({ id: idSchema });

/** The queue: waiting conversations oldest first, open ones with their unread counts. */
export const adminChatQueueEndpoint = {
  method: 'GET',
  path: '/admin/api/chat/queue',
  query: z.object({
    brand: z.string().trim().min(1).max(32),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  }),
  response: z.object({
    waiting: z.array(adminChatConversationSchema),
    open: z.array(adminChatConversationSchema),
  }),
} as const;

/** Takes a waiting conversation; another operator's answers `chat_already_taken`. */
export const adminChatTakeEndpoint = {
  method: 'POST',
  path: '/admin/api/chat/:id/take',
  params: conversationParams,
  response: adminChatConversationSchema,
} as const;

export const adminChatMessagesEndpoint = {
  method: 'GET',
  path: '/admin/api/chat/:id/messages',
  params: conversationParams,
  query: z.object({
    before: optionalIdSchema,
    after: optionalIdSchema,
    limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_PAGE_MAX).default(50),
  }),
  response: z.object({
    conversation: adminChatConversationSchema,
    messages: z.array(chatMessageSchema),
    hasMore: z.boolean(),
  }),
} as const;

/** The assigned operator's reply; a repeat with the same clientMessageId answers the same one. */
export const adminChatSendEndpoint = {
  method: 'POST',
  path: '/admin/api/chat/:id/messages',
  params: conversationParams,
  body: z.object({ body: multiline(z.string()), clientMessageId: chatClientMessageIdSchema }),
  response: chatMessageSchema,
} as const;

export const adminChatReadEndpoint = {
  method: 'POST',
  path: '/admin/api/chat/:id/read',
  params: conversationParams,
  body: z.object({ lastId: idSchema }),
  response: adminChatConversationSchema,
} as const;

/** Closes the conversation with a system message to the visitor; closing again changes nothing. */
export const adminChatCloseEndpoint = {
  method: 'POST',
  path: '/admin/api/chat/:id/close',
  params: conversationParams,
  body: z.object({ reason: multiline(z.string().trim().max(500)).optional() }).nullish(),
  response: adminChatConversationSchema,
} as const;
