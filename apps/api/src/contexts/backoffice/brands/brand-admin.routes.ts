import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBrandComplianceEndpoint,
  adminBrandContactsEndpoint,
  adminBrandSettingsEndpoint,
  adminBrandsEndpoint,
  adminBrandVersionsEndpoint,
  adminCreateBrandEndpoint,
  adminRestoreBrandVersionEndpoint,
  adminSetBrandComplianceEndpoint,
  adminSetBrandContactsEndpoint,
  adminSetBrandPlatformsEndpoint,
  adminSetBrandSettingsEndpoint,
  BRAND_VERSIONS_MAX,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_QUERY,
  brandFilter,
  operatorOf,
  PLATFORM_WIDE,
} from '../../../plugins/operator-auth.ts';
import type { BrandAdminService } from './brand-admin.service.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const brandsManage = { access: 'operator', permission: 'brands.manage' } as const;
const complianceManage = {
  access: 'operator',
  permission: 'compliance.manage',
  brand: { from: 'params', field: 'code' },
} as const;
const brandOfPath = { ...brandsManage, brand: { from: 'params', field: 'code' } } as const;
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

  routes.get(
    adminBrandsEndpoint.path,
    {
      // The list shows the operator's own brands only.
      config: { ...brandsManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "The brands of the operator's scope",
        response: envelopeResponses(adminBrandsEndpoint.response),
      },
    },
    async (request) => ok({ items: await brandAdmin.list(brandFilter(operatorOf(request))) }),
  );

  routes.get(
    adminBrandSettingsEndpoint.path,
    {
      config: brandOfPath,
      schema: {
        tags,
        summary: "A brand's settings as stored, with its hosts and revision",
        params: adminBrandSettingsEndpoint.params,
        response: envelopeResponses(adminBrandSettingsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await brandAdmin.settings(request.params.code));
    },
  );

  routes.put(
    adminSetBrandSettingsEndpoint.path,
    {
      config: brandOfPath,
      schema: {
        tags,
        summary:
          "Replace a brand's settings (refused when it changed since `revision`); versioned, every node serves them at once (action logged)",
        params: adminSetBrandSettingsEndpoint.params,
        body: adminSetBrandSettingsEndpoint.body,
        response: envelopeResponses(adminSetBrandSettingsEndpoint.response),
      },
    },
    async (request) => {
      const { settings, revision, reason } = request.body;
      return ok(
        await brandAdmin.setSettings(operatorOf(request), request.params.code, settings, {
          revision,
          ip: request.ip,
          reason,
        }),
      );
    },
  );

  routes.get(
    adminBrandVersionsEndpoint.path,
    {
      config: brandOfPath,
      schema: {
        tags,
        summary: "A brand's kept versions, newest first, and its row as it is now",
        params: adminBrandVersionsEndpoint.params,
        response: envelopeResponses(adminBrandVersionsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await brandAdmin.versions(request.params.code, BRAND_VERSIONS_MAX));
    },
  );

  routes.post(
    adminRestoreBrandVersionEndpoint.path,
    {
      config: brandOfPath,
      schema: {
        tags,
        summary:
          'Put a kept version of a brand back: a new change, versioned and served at once (action logged)',
        params: adminRestoreBrandVersionEndpoint.params,
        body: adminRestoreBrandVersionEndpoint.body,
        response: envelopeResponses(adminRestoreBrandVersionEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await brandAdmin.restore(
          operatorOf(request),
          request.params.code,
          BigInt(request.params.revision),
          { ip: request.ip, reason: request.body.reason },
        ),
      ),
  );

  routes.post(
    adminCreateBrandEndpoint.path,
    {
      // A new brand is platform-wide: operators of every brand only.
      config: { ...brandsManage, brand: PLATFORM_WIDE },
      schema: {
        tags,
        summary:
          "Create a brand from a copy of another's settings, theme, platform list and compliance (action logged)",
        body: adminCreateBrandEndpoint.body,
        response: envelopeResponses(adminCreateBrandEndpoint.response),
      },
    },
    async (request) => {
      const { reason, ...input } = request.body;
      return ok(await brandAdmin.create(operatorOf(request), input, { ip: request.ip, reason }));
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
          'Replace the platforms a brand offers and their order; every node serves them at once (versioned, action logged)',
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
