import type { FastifyInstance } from 'fastify';
import { messagesAdminRoutes } from './messages-admin.routes.ts';
import { messagesRoutes } from './messages.routes.ts';
import type { MessagesService } from './messages.service.ts';

/** The message centre: the member's messages and the operators' sending and withdrawing. */
export async function messagesModule(app: FastifyInstance, options: { messages: MessagesService }) {
  await app.register(messagesRoutes, options);
  await app.register(messagesAdminRoutes, options);
}
