import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminPresenceEndpoint, heartbeatEndpoint } from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { BRAND_IN_QUERY, operatorOf } from '../../../plugins/operator-auth.ts';
import type { PresenceService } from './presence.service.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];

/** The member heartbeat, and the operators' view of who is online where. */
export async function presenceRoutes(app: FastifyInstance, options: { presence: PresenceService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { presence } = options;

  routes.post(
    heartbeatEndpoint.path,
    {
      config: { access: 'member' },
      schema: {
        tags: ['presence'],
        summary: 'The online heartbeat (every 30 s while logged in): where the member is',
        consumes: FORM,
        body: heartbeatEndpoint.body,
        response: envelopeResponses(heartbeatEndpoint.response),
      },
    },
    async (request) => {
      if (!request.member) throw commonError('token');
      await presence.heartbeat({
        brand: request.brand,
        memberId: BigInt(request.member.memberId),
        username: request.member.username,
        gameCode: request.body.gameid,
        platform: request.body.platform,
        ip: request.ip,
        deviceNo: request.client.deviceNo,
        clientType: request.client.clientType,
      });
      return ok({ online: true as const });
    },
  );

  routes.get(
    adminPresenceEndpoint.path,
    {
      config: { access: 'operator', permission: 'members.read', brand: BRAND_IN_QUERY },
      schema: {
        tags: ['operator'],
        summary: "A brand's online members and where they are, with counts per platform",
        querystring: adminPresenceEndpoint.query,
        response: envelopeResponses(adminPresenceEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await presence.report(request.query.brand, request.language));
    },
  );
}
