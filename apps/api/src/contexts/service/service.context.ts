import type { FastifyInstance } from 'fastify';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Money } from '../money/money.context.ts';
import type { Platform } from '../platform/platform.context.ts';
import { ChatService, chatModule, type MemberContextReaders } from './chat/index.ts';
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
  /** Read by the chat console for the member beside a conversation (balance, orders). */
  money?: Money;
}): Service {
  const { db, cache, platform, identity, money } = settings;
  const { operators } = identity;
  const signer = identity.uploadSigner;
  const feedback = new FeedbackService({ db, signer, operators });
  // The console's member context, through each context's public services only.
  const readers: MemberContextReaders | undefined = money && {
    profile: (brand, memberId) => identity.members.info(brand, memberId),
    balance: (brand, memberId) => money.wallet.balance(brand, memberId),
    deposits: async (brand, memberId, limit) =>
      (await money.deposits.memberOrders(brand, memberId, { page: 1, pageSize: limit })).items,
    withdrawals: async (brand, memberId, limit, language) =>
      (
        await money.withdrawals.memberOrders(
          brand,
          memberId,
          { page: 1, pageSize: limit },
          language,
        )
      ).items,
    openTickets: async (brand, memberId, limit, language) =>
      (
        await feedback.memberTickets(
          brand.config.code,
          memberId,
          { page: 1, pageSize: 50 },
          language,
        )
      ).items
        .filter((ticket) => ticket.status !== 'closed')
        .slice(0, limit),
  };
  return {
    messages: new MessagesService({ db, operators, cache }),
    feedback,
    help: new HelpService({ db, brands: platform.brands, operators }),
    chat: new ChatService({ db, cache, signer, operators, ...(readers ? { readers } : {}) }),
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
