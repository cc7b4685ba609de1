import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCreateHelpPageEndpoint,
  adminHelpPageEndpoint,
  adminHelpPagesEndpoint,
  adminHelpPreviewEndpoint,
  adminUpdateHelpPageEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_BODY,
  BRAND_IN_QUERY,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { HelpService } from './help.service.ts';
import { appError } from '../../../lib/app-error.ts';
import { HELP_ERRORS } from './help.errors.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const contentManage = { access: 'operator', permission: 'content.manage' } as const;

/**
 * The back office's help pages: list, write, publish and unpublish (action logged), and the
 * editor's preview rendered as the member site renders pages.
 */
export async function helpAdminRoutes(app: FastifyInstance, options: { help: HelpService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { help } = options;
  const pageInScope = recordBrand(
    'id',
    (id) => help.pageBrand(id),
    () => appError(HELP_ERRORS, 'help_page_not_found'),
  );

  routes.get(
    adminHelpPagesEndpoint.path,
    {
      config: { ...contentManage, brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: "A brand's help pages, published or not, in Markdown",
        querystring: adminHelpPagesEndpoint.query,
        response: envelopeResponses(adminHelpPagesEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await help.operatorList(request.query.brand, request.query.language));
    },
  );

  routes.get(
    adminHelpPageEndpoint.path,
    {
      config: { ...contentManage, brand: pageInScope },
      schema: {
        tags: ['operator'],
        summary: 'One help page, published or not, in Markdown',
        params: adminHelpPageEndpoint.params,
        response: envelopeResponses(adminHelpPageEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await help.operatorPage(request.params.id));
    },
  );

  routes.post(
    adminCreateHelpPageEndpoint.path,
    {
      config: { ...contentManage, brand: BRAND_IN_BODY },
      schema: {
        tags: ['operator'],
        summary: 'Write a new help page (action logged)',
        body: adminCreateHelpPageEndpoint.body,
        response: envelopeResponses(adminCreateHelpPageEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...page } = request.body;
      return ok(await help.create(operatorOf(request), page, { ip: request.ip, reason }));
    },
  );

  routes.put(
    adminUpdateHelpPageEndpoint.path,
    {
      config: { ...contentManage, brand: pageInScope },
      schema: {
        tags: ['operator'],
        summary: 'Change a help page; published false unpublishes it (action logged)',
        params: adminUpdateHelpPageEndpoint.params,
        body: adminUpdateHelpPageEndpoint.body,
        response: envelopeResponses(adminUpdateHelpPageEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...change } = request.body;
      return ok(
        await help.update(operatorOf(request), request.params.id, change, {
          ip: request.ip,
          reason,
        }),
      );
    },
  );

  routes.post(
    adminHelpPreviewEndpoint.path,
    {
      config: { ...contentManage, brand: BRAND_IN_BODY },
      schema: {
        tags: ['operator'],
        summary: 'Render Markdown as the member site renders help pages (the editor preview)',
        body: adminHelpPreviewEndpoint.body,
        response: envelopeResponses(adminHelpPreviewEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(help.preview(request.body.brand, request.body.markdown));
    },
  );
}
