import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageDeleteEndpoint,
  messageDetailEndpoint,
  messageListEndpoint,
  messageNumEndpoint,
  messageReadEndpoint,
} from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { Viewer } from './messages.repository.ts';
import type { MessagesService } from './messages.service.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };
const tags = ['messages'];

function viewerOf(request: FastifyRequest): Viewer {
  if (!request.member) throw commonError('token');
  return { brandCode: request.brand.config.code, memberId: BigInt(request.member.memberId) };
}

/** The member's message centre: list, detail, read and delete marks, the unread count. */
export async function messagesRoutes(app: FastifyInstance, options: { messages: MessagesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { messages } = options;

  routes.get(
    messageListEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's messages, newest first, by category, with read flags",
        querystring: messageListEndpoint.query,
        response: envelopeResponses(messageListEndpoint.response),
      },
    },
    async (request) => ok(await messages.list(viewerOf(request), request.query)),
  );

  routes.get(
    messageDetailEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'One message of the member; opening it marks it read',
        querystring: messageDetailEndpoint.query,
        response: envelopeResponses(messageDetailEndpoint.response),
      },
    },
    async (request) => ok(await messages.detail(viewerOf(request), BigInt(request.query.id))),
  );

  routes.get(
    messageNumEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's unread message count",
        response: envelopeResponses(messageNumEndpoint.response),
      },
    },
    async (request) => ok(await messages.unread(viewerOf(request))),
  );

  routes.post(
    messageReadEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Mark one message (id) or every message (all) read',
        consumes: FORM,
        body: messageReadEndpoint.body,
        response: envelopeResponses(messageReadEndpoint.response),
      },
    },
    async (request) => {
      const { id } = request.body;
      return ok(await messages.markRead(viewerOf(request), id === 'all' ? 'all' : BigInt(id)));
    },
  );

  routes.post(
    messageDeleteEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Delete messages for this member (ids separated by commas): all or none',
        consumes: FORM,
        body: messageDeleteEndpoint.body,
        response: envelopeResponses(messageDeleteEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await messages.delete(
          viewerOf(request),
          request.body.ids.split(',').map((id) => BigInt(id)),
        ),
      ),
  );
}
