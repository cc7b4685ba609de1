import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHAT_FRAME_MAX_BYTES,
  CHAT_SOCKET_PATH,
  chatHistoryEndpoint,
  chatImageEndpoint,
  chatReadEndpoint,
  chatStartEndpoint,
  chatUnreadEndpoint,
  normalizeLanguage,
} from '@lobby/contracts';
import type { Cache } from '../../../cache/index.ts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { OperatorService } from '../../identity/operator/index.ts';
import { readImageForm } from '../../identity/upload/index.ts';
import { serveChatSocket } from './chat-socket.ts';
import type { Visitor } from './chat-visitor.service.ts';
import type { ChatService } from './chat.service.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
/** The member's session when sent; a guest's calls carry their chat token instead. */
const optional = { access: 'optional' as const };
const tags = ['chat'];

/**
 * The member behind a call, or null for a guest. A `t` header that no longer names a session is
 * the spec's invalid session, not a guest: the client logs out rather than chatting anonymously.
 */
function memberIdOf(request: FastifyRequest): bigint | null {
  if (request.member) return BigInt(request.member.memberId);
  if (request.client.token) throw commonError('token');
  return null;
}

/**
 * The visitor's side of customer service: REST calls to start, read history, mark read, count
 * unread replies and send images, and the WebSocket that carries messages both ways.
 */
export async function chatRoutes(
  app: FastifyInstance,
  options: { chat: ChatService; cache: Cache; operators: OperatorService },
) {
  const { chat } = options;
  // Frames a little over the chat's limit still arrive, so the client hears why they are
  // refused; far bigger ones are cut by the WebSocket layer itself.
  await app.register(websocket, { options: { maxPayload: CHAT_FRAME_MAX_BYTES * 4 } });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const visitorOf = (request: FastifyRequest, guestToken: string | undefined): Promise<Visitor> =>
    chat.visitorSide.visitor(request.brand.config.code, memberIdOf(request), guestToken);

  routes.post(
    chatStartEndpoint.path,
    {
      config: optional,
      schema: {
        tags,
        summary:
          'Start or resume the chat: the current conversation, a new guest token for a guest ' +
          'without one (answered once), and a single-use ticket for the WebSocket',
        consumes: FORM,
        body: chatStartEndpoint.body,
        response: envelopeResponses(chatStartEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await chat.visitorSide.start(
          request.brand.config.code,
          memberIdOf(request),
          request.body?.guestToken ?? undefined,
        ),
      ),
  );

  routes.post(
    chatHistoryEndpoint.path,
    {
      config: optional,
      schema: {
        tags,
        summary: "A page of the visitor's conversation, oldest first (before or after an id)",
        consumes: FORM,
        body: chatHistoryEndpoint.body,
        response: envelopeResponses(chatHistoryEndpoint.response),
      },
    },
    async (request) => {
      const { guestToken, conversationId, ...page } = request.body;
      return ok(
        await chat.visitorSide.history(await visitorOf(request, guestToken), conversationId, page),
      );
    },
  );

  routes.post(
    chatReadEndpoint.path,
    {
      config: optional,
      schema: {
        tags,
        summary: 'Mark the conversation read up to a message',
        consumes: FORM,
        body: chatReadEndpoint.body,
        response: envelopeResponses(chatReadEndpoint.response),
      },
    },
    async (request) => {
      const { guestToken, conversationId, lastId } = request.body;
      return ok(
        await chat.visitorSide.markVisitorRead(
          await visitorOf(request, guestToken),
          conversationId,
          lastId,
        ),
      );
    },
  );

  routes.post(
    chatUnreadEndpoint.path,
    {
      config: optional,
      schema: {
        tags,
        summary: 'Unread operator replies in the current conversation',
        consumes: FORM,
        body: chatUnreadEndpoint.body,
        response: envelopeResponses(chatUnreadEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await chat.visitorSide.unread(
          await visitorOf(request, request.body?.guestToken ?? undefined),
        ),
      ),
  );

  routes.post(
    chatImageEndpoint.path,
    {
      config: { ...optional, rateLimitBucket: 'upload' as const },
      schema: {
        tags,
        summary:
          'Send an image (PNG, JPEG, WebP, GIF by content; 2 MB): multipart `file`, ' +
          '`clientMessageId`, optional `conversationId` and `guestToken`',
        consumes: ['multipart/form-data'],
        response: envelopeResponses(chatImageEndpoint.response),
      },
    },
    async (request) => {
      const memberId = memberIdOf(request);
      const form = await readImageForm(request, chatImageEndpoint.fields);
      const visitor = await chat.visitorSide.visitor(
        request.brand.config.code,
        memberId,
        form.guestToken,
      );
      const { message } = await chat.visitorSide.sendImageFromVisitor(visitor, form);
      return ok(message);
    },
  );

  // The socket carries no credentials in its address: they come in its first frame, so they
  // never reach access logs or proxies (and a browser cannot add headers to a WebSocket).
  app.get<{ Querystring: { lang?: string } }>(
    CHAT_SOCKET_PATH,
    {
      websocket: true,
      schema: {
        tags,
        summary:
          'The chat WebSocket: first frame {type:"auth", ticket} (visitor) or ' +
          '{type:"operatorAuth", operatorToken, brand}; then send, read, typing, ping',
      },
    },
    (socket, request) => {
      serveChatSocket(socket, {
        chat,
        cache: options.cache,
        operators: options.operators,
        brands: app.brands,
        language: normalizeLanguage(request.query.lang ?? null) ?? request.language,
        log: request.log,
      });
    },
  );
}
