import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Platform } from '../platform/platform.context.ts';
import { ChatService, chatModule } from './chat/index.ts';
import { FeedbackService, feedbackModule } from './feedback/index.ts';
import { HelpService, helpModule } from './help/index.ts';
import { MessagesService, messagesModule } from './messages/index.ts';

/** The service context: the message centre, feedback, the help centre and customer service. */
export type Service = {
  messages: MessagesService;
  feedback: FeedbackService;
  help: HelpService;
  chat: ChatService;
};

export function createService(settings: {
  db: Database;
  cache: Cache;
  platform: Platform;
  identity: Identity;
}): Service {
  const { db, cache, platform, identity } = settings;
  const { operators } = identity;
  const signer = identity.uploadSigner;
  return {
    messages: new MessagesService({ db, operators, cache }),
    feedback: new FeedbackService({ db, signer, operators }),
    help: new HelpService({ db, brands: platform.brands, operators }),
    chat: new ChatService({ db, cache, signer, operators }),
  };
}

export async function registerService(
  app: FastifyInstance,
  service: Service,
  settings: { cache: Cache; identity: Identity },
) {
  await app.register(messagesModule, { messages: service.messages });
  await service.messages.start();
  app.addHook('onClose', async () => {
    await service.messages.stop();
  });
  await app.register(feedbackModule, { feedback: service.feedback });
  await app.register(helpModule, { help: service.help });
  await app.register(chatModule, {
    chat: service.chat,
    cache: settings.cache,
    operators: settings.identity.operators,
  });
}
