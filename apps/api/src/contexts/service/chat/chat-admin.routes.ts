import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminChatCloseEndpoint,
  adminChatMessagesEndpoint,
  adminChatQueueEndpoint,
  adminChatReadEndpoint,
  adminChatSendEndpoint,
  adminChatTakeEndpoint,
} from '@lobby/contracts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf, recordBrand } from '../../../plugins/operator-auth.ts';
import type { ChatService } from './chat.service.ts';
import { CHAT_ERRORS } from './chat.errors.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const chatAnswer = { access: 'operator', permission: 'chat.answer' } as const;
const tags = ['operator'];

/**
 * The operators' side of customer service (the back office's screens come later): the queue,
 * taking a conversation, its history, replies, read marks and closing. Taking and closing are
 * written to the action log.
 */
export async function chatAdminRoutes(app: FastifyInstance, options: { chat: ChatService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { chat } = options;
  // A conversation that does not exist answers chat_conversation_not_found from the lookup.
  const conversationInScope = recordBrand(
    'id',
    (id) => chat.operatorSide.conversationBrand(id),
    () => appError(CHAT_ERRORS, 'chat_conversation_not_found'),
  );

  routes.get(
    adminChatQueueEndpoint.path,
    {
      config: { ...chatAnswer, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's chat queue: waiting oldest first, open ones with unread counts",
        querystring: adminChatQueueEndpoint.query,
        response: envelopeResponses(adminChatQueueEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      const brand = app.brands.get(request.query.brand.toLowerCase());
      if (!brand) throw commonError('unknown_site');
      return ok(await chat.operatorSide.queue(brand.config.code, request.query.limit));
    },
  );

  routes.post(
    adminChatTakeEndpoint.path,
    {
      config: { ...chatAnswer, brand: conversationInScope },
      schema: {
        tags,
        summary:
          'Take a waiting conversation (action logged); taken by another: chat_already_taken',
        params: adminChatTakeEndpoint.params,
        response: envelopeResponses(adminChatTakeEndpoint.response),
      },
    },
    async (request) =>
      ok(await chat.operatorSide.take(operatorOf(request), request.params.id, { ip: request.ip })),
  );

  routes.get(
    adminChatMessagesEndpoint.path,
    {
      config: { ...chatAnswer, brand: conversationInScope },
      schema: {
        tags,
        summary: "A page of a conversation's messages, oldest first (images as signed addresses)",
        params: adminChatMessagesEndpoint.params,
        querystring: adminChatMessagesEndpoint.query,
        response: envelopeResponses(adminChatMessagesEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await chat.operatorSide.operatorMessages(request.params.id, request.query));
    },
  );

  routes.post(
    adminChatSendEndpoint.path,
    {
      config: { ...chatAnswer, brand: conversationInScope },
      schema: {
        tags,
        summary: "The assigned operator's reply; the same clientMessageId answers the same message",
        params: adminChatSendEndpoint.params,
        body: adminChatSendEndpoint.body,
        response: envelopeResponses(adminChatSendEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await chat.operatorSide.sendFromOperator(
          operatorOf(request),
          request.params.id,
          request.body,
        ),
      ),
  );

  routes.post(
    adminChatReadEndpoint.path,
    {
      config: { ...chatAnswer, brand: conversationInScope },
      schema: {
        tags,
        summary: "Mark the visitor's messages read up to an id",
        params: adminChatReadEndpoint.params,
        body: adminChatReadEndpoint.body,
        response: envelopeResponses(adminChatReadEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await chat.operatorSide.markOperatorRead(request.params.id, request.body.lastId));
    },
  );

  routes.post(
    adminChatCloseEndpoint.path,
    {
      config: { ...chatAnswer, brand: conversationInScope },
      schema: {
        tags,
        summary: 'Close the conversation with a system message to the visitor (action logged)',
        params: adminChatCloseEndpoint.params,
        body: adminChatCloseEndpoint.body,
        response: envelopeResponses(adminChatCloseEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await chat.operatorSide.close(
          operatorOf(request),
          request.params.id,
          request.body?.reason,
          {
            ip: request.ip,
          },
        ),
      ),
  );
}
