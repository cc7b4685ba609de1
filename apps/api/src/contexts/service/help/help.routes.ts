import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactListEndpoint, helpListEndpoint, helpPageEndpoint } from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { HelpService } from './help.service.ts';

/** The help centre and the contact entries: open to guests and members alike. */
export async function helpRoutes(app: FastifyInstance, options: { help: HelpService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { help } = options;

  routes.get(
    helpListEndpoint.path,
    {
      schema: {
        tags: ['member'],
        summary: "The help navigation: the brand's published pages by category",
        response: envelopeResponses(helpListEndpoint.response),
      },
    },
    async (request) => ok({ categories: await help.list(request.brand, request.language) }),
  );

  routes.get(
    helpPageEndpoint.path,
    {
      schema: {
        tags: ['member'],
        summary: 'One published help page by id or category, rendered to safe HTML',
        querystring: helpPageEndpoint.query,
        response: envelopeResponses(helpPageEndpoint.response),
      },
    },
    async (request) => ok(await help.page(request.brand, request.language, request.query)),
  );

  routes.get(
    contactListEndpoint.path,
    {
      schema: {
        tags: ['member'],
        summary: "The brand's contact entries: action 1 copies the number, 2 opens it",
        response: envelopeResponses(contactListEndpoint.response),
      },
    },
    async (request) => ok(help.contacts(request.brand)),
  );
}
