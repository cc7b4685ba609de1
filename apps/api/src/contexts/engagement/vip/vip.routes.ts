import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberVipEndpoint, VIP_ICON_PATH, vipListEndpoint } from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok, svgResponses } from '../../../lib/envelope.ts';
import { levelOfIconFile, vipIconSvg } from './vip-icons.ts';
import type { VipService } from './vip.service.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const tags = ['vip'];

/** The member's VIP page, the level table (guests too) and the level icons. */
export async function vipRoutes(app: FastifyInstance, options: { vip: VipService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { vip } = options;

  routes.get(
    memberVipEndpoint.path,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          "The member's level, totals, progress to the next level, privileges and recent VIP rewards (evaluates the upgrade first)",
        response: envelopeResponses(memberVipEndpoint.response),
      },
    },
    async (request) => ok(await vip.memberView(request.brand, memberIdOf(request))),
  );

  routes.get(
    vipListEndpoint.path,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every VIP level of the brand with thresholds and privileges (guests too)',
        response: envelopeResponses(vipListEndpoint.response),
      },
    },
    async (request) => ok(await vip.list(request.brand)),
  );

  routes.get(
    VIP_ICON_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A VIP level's icon (SVG), e.g. /api/vip/icons/vip-7.svg",
        params: z.object({ file: z.string().min(5).max(20) }),
        response: svgResponses(),
      },
    },
    async (request, reply) => {
      const level = levelOfIconFile(request.params.file);
      if (level === null) throw commonError('not_found');
      // The drawing depends on the level alone and changes only with the version in its URL.
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(vipIconSvg(level));
    },
  );
}
