import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBrandComplianceEndpoint,
  adminBrandContactsEndpoint,
  adminSetBrandComplianceEndpoint,
  adminSetBrandContactsEndpoint,
  adminSetBrandPlatformsEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { operatorOf } from '../../../plugins/operator-auth.ts';
import type { BrandAdminService } from './brand-admin.service.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const brandsManage = { access: 'operator', permission: 'brands.manage' } as const;
const complianceManage = {
  access: 'operator',
  permission: 'compliance.manage',
  brand: { from: 'params', field: 'code' },
} as const;
const tags = ['operator'];

/** The back office's side of a brand's configuration: its contact-us entries. */
export async function brandAdminRoutes(
  app: FastifyInstance,
  options: { brandAdmin: BrandAdminService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { brandAdmin } = options;

  routes.get(
    adminBrandContactsEndpoint.path,
    {
      config: { ...brandsManage, brand: { from: 'params', field: 'code' } },
      schema: {
        tags,
        summary: "A brand's contact entries as stored, with its revision",
        params: adminBrandContactsEndpoint.params,
        response: envelopeResponses(adminBrandContactsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await brandAdmin.contacts(request.params.code));
    },
  );

  routes.put(
    adminSetBrandContactsEndpoint.path,
    {
      config: { ...brandsManage, brand: { from: 'params', field: 'code' } },
      schema: {
        tags,
        summary:
          "Replace a brand's contact entries (action 1 copy, 2 open); every node serves them at once (action logged)",
        params: adminSetBrandContactsEndpoint.params,
        body: adminSetBrandContactsEndpoint.body,
        response: envelopeResponses(adminSetBrandContactsEndpoint.response),
      },
    },
    async (request) => {
      const { contacts, reason } = request.body;
      return ok(
        await brandAdmin.replaceContacts(operatorOf(request), request.params.code, contacts, {
          ip: request.ip,
          reason,
        }),
      );
    },
  );

  routes.get(
    adminBrandComplianceEndpoint.path,
    {
      config: complianceManage,
      schema: {
        tags,
        summary: "A brand's compliance profile: stored, in force, its fixed parts, every profile",
        params: adminBrandComplianceEndpoint.params,
        response: envelopeResponses(adminBrandComplianceEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await brandAdmin.compliance(request.params.code));
    },
  );

  routes.put(
    adminSetBrandComplianceEndpoint.path,
    {
      config: complianceManage,
      schema: {
        tags,
        summary:
          "Set a brand's compliance profile and the numbers it leaves open; every node applies it at once (action logged)",
        params: adminSetBrandComplianceEndpoint.params,
        body: adminSetBrandComplianceEndpoint.body,
        response: envelopeResponses(adminSetBrandComplianceEndpoint.response),
      },
    },
    async (request) => {
      const { profile, overrides, reason } = request.body;
      return ok(
        await brandAdmin.setCompliance(
          operatorOf(request),
          request.params.code,
          { profile, overrides },
          { ip: request.ip, reason },
        ),
      );
    },
  );

  routes.put(
    adminSetBrandPlatformsEndpoint.path,
    {
      // The games screens edit it: the platforms a brand offers are the games side of a brand.
      config: {
        access: 'operator',
        permission: 'games.manage',
        brand: { from: 'params', field: 'code' },
      },
      schema: {
        tags,
        summary:
          'Replace the platforms a brand offers and their order; every node serves them at once (action logged)',
        params: adminSetBrandPlatformsEndpoint.params,
        body: adminSetBrandPlatformsEndpoint.body,
        response: envelopeResponses(adminSetBrandPlatformsEndpoint.response),
      },
    },
    async (request) => {
      const { platformIds, reason } = request.body;
      return ok(
        await brandAdmin.setPlatforms(operatorOf(request), request.params.code, platformIds, {
          ip: request.ip,
          reason,
        }),
      );
    },
  );
}
