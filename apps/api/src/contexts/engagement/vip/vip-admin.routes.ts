import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminRunVipJobEndpoint,
  adminUpdateVipLevelEndpoint,
  adminVipJobsEndpoint,
  adminVipLevelsEndpoint,
  adminVipRewardsEndpoint,
} from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_BODY, BRAND_IN_QUERY, operatorOf } from '../../../plugins/operator-auth.ts';
import type { VipService } from './vip.service.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const vipManage = { access: 'operator', permission: 'vip.manage' } as const;
const tags = ['operator'];

/** The back office's VIP: levels and rates, running a job now, and the rewards paid. */
export async function vipAdminRoutes(app: FastifyInstance, options: { vip: VipService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { vip } = options;

  const brandOf = (code: string) => {
    const brand = app.brands.get(code);
    if (!brand) throw commonError('unknown_site');
    return brand;
  };

  routes.get(
    adminVipLevelsEndpoint.path,
    {
      config: { ...vipManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary:
          "A brand's VIP levels 0-30 with thresholds, bonuses, rates (basis points) and limits",
        querystring: adminVipLevelsEndpoint.query,
        response: envelopeResponses(adminVipLevelsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await vip.admin.levels(brandOf(request.query.brand)));
    },
  );

  routes.put(
    adminUpdateVipLevelEndpoint.path,
    {
      config: { ...vipManage, brand: BRAND_IN_BODY },
      schema: {
        tags,
        summary:
          'Change one VIP level: thresholds must grow with the level, rates stay within the brand maximum (action logged)',
        params: adminUpdateVipLevelEndpoint.params,
        body: adminUpdateVipLevelEndpoint.body,
        response: envelopeResponses(adminUpdateVipLevelEndpoint.response),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { brand, ...input } = request.body;
      return ok(
        await vip.admin.updateLevel(operator, brandOf(brand), request.params.level, input, {
          ip: request.ip,
        }),
      );
    },
  );

  routes.post(
    adminRunVipJobEndpoint.path,
    {
      config: { ...vipManage, brand: BRAND_IN_BODY },
      schema: {
        tags,
        summary:
          'Run the upgrade, daily rebate (an ended day) or monthly bonus job for a brand now; idempotent (action logged)',
        body: adminRunVipJobEndpoint.body,
        response: envelopeResponses(adminRunVipJobEndpoint.response),
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { brand, ...input } = request.body;
      return ok(await vip.admin.runJob(operator, brandOf(brand), input, { ip: request.ip }));
    },
  );

  routes.get(
    adminVipJobsEndpoint.path,
    {
      config: { ...vipManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary:
          "The VIP jobs' state for a brand: each sweep's last run and the brand's newest reward of each kind",
        querystring: adminVipJobsEndpoint.query,
        response: envelopeResponses(adminVipJobsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await vip.admin.jobs(brandOf(request.query.brand)));
    },
  );

  routes.get(
    adminVipRewardsEndpoint.path,
    {
      config: { ...vipManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's VIP rewards paid, newest first, by member and kind",
        querystring: adminVipRewardsEndpoint.query,
        response: envelopeResponses(adminVipRewardsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      const { brand, ...filter } = request.query;
      return ok(await vip.admin.rewards(brandOf(brand), filter));
    },
  );
}
