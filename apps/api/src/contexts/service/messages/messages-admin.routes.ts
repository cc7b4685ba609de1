import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessagesEndpoint,
  adminSendMessageEndpoint,
  adminWithdrawMessageEndpoint,
} from '@lobby/contracts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_BODY,
  BRAND_IN_QUERY,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { MessagesService } from './messages.service.ts';
import { MESSAGE_ERRORS } from './messages.errors.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const contentManage = { access: 'operator', permission: 'content.manage' } as const;
const tags = ['operator'];

/** The back office's side of the message centre: send, list with read counts, withdraw. */
export async function messagesAdminRoutes(
  app: FastifyInstance,
  options: { messages: MessagesService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { messages } = options;
  const messageInScope = recordBrand(
    'id',
    (id) => messages.messageBrand(id),
    () => appError(MESSAGE_ERRORS, 'message_not_found'),
  );

  const brandOf = (code: string) => {
    const brand = app.brands.get(code);
    if (!brand) throw commonError('unknown_site');
    return brand;
  };

  routes.post(
    adminSendMessageEndpoint.path,
    {
      config: { ...contentManage, brand: BRAND_IN_BODY },
      schema: {
        tags,
        summary:
          'Send a message to a member of a brand (username), or broadcast it to the brand (action logged)',
        body: adminSendMessageEndpoint.body,
        response: envelopeResponses(adminSendMessageEndpoint.response),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { brand, ...input } = request.body;
      return ok(await messages.send(operator, brandOf(brand), input, { ip: request.ip }));
    },
  );

  routes.get(
    adminMessagesEndpoint.path,
    {
      config: { ...contentManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's messages, newest first, with how many members read each",
        querystring: adminMessagesEndpoint.query,
        response: envelopeResponses(adminMessagesEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      const { brand, ...filter } = request.query;
      return ok(await messages.sent(brandOf(brand), filter));
    },
  );

  routes.post(
    adminWithdrawMessageEndpoint.path,
    {
      config: { ...contentManage, brand: messageInScope },
      schema: {
        tags,
        summary: 'Withdraw a message: no member sees it any more (action logged)',
        params: adminWithdrawMessageEndpoint.params,
        body: adminWithdrawMessageEndpoint.body,
        response: envelopeResponses(adminWithdrawMessageEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await messages.withdraw(operatorOf(request), BigInt(request.params.id), request.body, {
          ip: request.ip,
        }),
      ),
  );
}
