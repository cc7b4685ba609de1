import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminChatCannedCreateEndpoint,
  adminChatCannedDeleteEndpoint,
  adminChatCannedRepliesEndpoint,
  adminChatCannedUpdateEndpoint,
  adminChatContextEndpoint,
  adminChatImageEndpoint,
  adminChatOperatorsEndpoint,
  adminChatTransferEndpoint,
} from '@lobby/contracts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_BODY,
  BRAND_IN_QUERY,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import { readImageForm } from '../../identity/upload/index.ts';
import { CHAT_ERRORS } from './chat.errors.ts';
import type { ChatService } from './chat.service.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const chatAnswer = { access: 'operator', permission: 'chat.answer' } as const;
const tags = ['operator'];
const ID = /^[1-9]\d{0,17}$/;

/**
 * The customer service console's calls beside the chat's basic operator routes: canned replies
 * (used and kept by the operators who answer chats; each change action logged), the operators a
 * conversation may go to and the transfer itself (action logged), the operator's images, and the
 * member's context beside the conversation.
 */
export async function chatConsoleRoutes(app: FastifyInstance, options: { chat: ChatService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { chat } = options;
  const conversationInScope = recordBrand(
    'id',
    (id) => (ID.test(id) ? chat.operatorSide.conversationBrand(id) : Promise.resolve(null)),
    () => appError(CHAT_ERRORS, 'chat_conversation_not_found'),
  );
  const cannedInScope = recordBrand(
    'id',
    (id) => (ID.test(id) ? chat.console.cannedBrand(id) : Promise.resolve(null)),
    () => appError(CHAT_ERRORS, 'chat_canned_not_found'),
  );
  const knownBrand = (code: string): string => {
    const brand = app.brands.get(code.toLowerCase());
    if (!brand) throw commonError('unknown_site');
    return brand.config.code;
  };

  routes.get(
    adminChatCannedRepliesEndpoint.path,
    {
      config: { ...chatAnswer, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's canned replies, of one language or all",
        querystring: adminChatCannedRepliesEndpoint.query,
        response: envelopeResponses(adminChatCannedRepliesEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(
        await chat.console.cannedReplies(knownBrand(request.query.brand), request.query.language),
      );
    },
  );

  routes.post(
    adminChatCannedCreateEndpoint.path,
    {
      config: { ...chatAnswer, brand: BRAND_IN_BODY },
      schema: {
        tags,
        summary: 'Add a canned reply for a brand and language (action logged)',
        body: adminChatCannedCreateEndpoint.body,
        response: envelopeResponses(adminChatCannedCreateEndpoint.response),
      },
    },
    async (request) => {
      const { brand, ...reply } = request.body;
      return ok(
        await chat.console.createCanned(
          operatorOf(request),
          { ...reply, brandCode: knownBrand(brand) },
          { ip: request.ip },
        ),
      );
    },
  );

  routes.put(
    adminChatCannedUpdateEndpoint.path,
    {
      config: { ...chatAnswer, brand: cannedInScope },
      schema: {
        tags,
        summary: 'Change a canned reply (action logged)',
        params: adminChatCannedUpdateEndpoint.params,
        body: adminChatCannedUpdateEndpoint.body,
        response: envelopeResponses(adminChatCannedUpdateEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await chat.console.updateCanned(operatorOf(request), request.params.id, request.body, {
          ip: request.ip,
        }),
      ),
  );

  routes.delete(
    adminChatCannedDeleteEndpoint.path,
    {
      config: { ...chatAnswer, brand: cannedInScope },
      schema: {
        tags,
        summary: 'Delete a canned reply (action logged)',
        params: adminChatCannedDeleteEndpoint.params,
        response: envelopeResponses(adminChatCannedDeleteEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await chat.console.deleteCanned(operatorOf(request), request.params.id, { ip: request.ip }),
      ),
  );

  routes.get(
    adminChatOperatorsEndpoint.path,
    {
      config: { ...chatAnswer, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: 'The operators answering chats in a brand: whom a conversation may go to',
        querystring: adminChatOperatorsEndpoint.query,
        response: envelopeResponses(adminChatOperatorsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await chat.console.transferTargets(knownBrand(request.query.brand)));
    },
  );

  routes.post(
    adminChatTransferEndpoint.path,
    {
      config: { ...chatAnswer, brand: conversationInScope },
      schema: {
        tags,
        summary: 'Hand the conversation to another operator of the brand (action logged)',
        params: adminChatTransferEndpoint.params,
        body: adminChatTransferEndpoint.body,
        response: envelopeResponses(adminChatTransferEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await chat.console.transfer(operatorOf(request), request.params.id, request.body, {
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminChatImageEndpoint.path,
    {
      config: { ...chatAnswer, brand: conversationInScope, rateLimitBucket: 'upload' as const },
      schema: {
        tags,
        summary:
          "The assigned operator's image (PNG, JPEG, WebP, GIF by content; 2 MB): multipart " +
          '`file` and `clientMessageId`',
        consumes: ['multipart/form-data'],
        params: adminChatImageEndpoint.params,
        response: envelopeResponses(adminChatImageEndpoint.response),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const form = await readImageForm(request, adminChatImageEndpoint.fields);
      return ok(await chat.console.sendImage(operator, request.params.id, form));
    },
  );

  routes.get(
    adminChatContextEndpoint.path,
    {
      config: { ...chatAnswer, brand: conversationInScope },
      schema: {
        tags,
        summary:
          'The member beside the conversation: profile, balance, latest deposits and ' +
          'withdrawals, feedback tickets not closed (null for a guest)',
        params: adminChatContextEndpoint.params,
        response: envelopeResponses(adminChatContextEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(
        await chat.console.memberContext(
          request.params.id,
          (code) => app.brands.get(code),
          request.language,
        ),
      );
    },
  );
}
