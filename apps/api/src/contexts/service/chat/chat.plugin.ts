import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../../cache/index.ts';
import type { OperatorService } from '../../identity/operator/index.ts';
import { chatAdminRoutes } from './chat-admin.routes.ts';
import { chatConsoleRoutes } from './chat-console.routes.ts';
import { chatIdleSweep } from './chat-idle-sweep.ts';
import { chatRoutes } from './chat.routes.ts';
import type { ChatService } from './chat.service.ts';

/** Online customer service, and the sweep that ends conversations left idle. */
export async function chatModule(
  app: FastifyInstance,
  options: { chat: ChatService; cache: Cache; operators: OperatorService },
) {
  await app.register(chatRoutes, options);
  await app.register(chatAdminRoutes, { chat: options.chat });
  await app.register(chatConsoleRoutes, { chat: options.chat });
  app.addSweep(chatIdleSweep({ chat: options.chat }));
}
