import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  endExclusionEndpoint,
  memberExclusionEndpoint,
  takeExclusionEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { ExclusionService } from './exclusion.service.ts';
import { memberIdOf } from '../../../plugins/session.ts';

const member = { access: 'member' as const };
const tags = ['protection'];

/** The member's time-out and self-exclusion. */
export async function exclusionRoutes(
  app: FastifyInstance,
  options: { exclusions: ExclusionService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { exclusions } = options;

  routes.get(
    memberExclusionEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "The member's time-out or self-exclusion, and the periods offered",
        response: envelopeResponses(memberExclusionEndpoint.response),
      },
    },
    async (request) => ok(await exclusions.state(request.brand, memberIdOf(request))),
  );

  routes.post(
    takeExclusionEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary:
          'Take a time-out or self-exclusion: in force at once, every session ends, game balances come back',
        body: takeExclusionEndpoint.body,
        response: envelopeResponses(takeExclusionEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await exclusions.take(
          request.brand,
          memberIdOf(request),
          request.body.kind,
          request.body.period,
        ),
      ),
  );

  routes.post(
    endExclusionEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary:
          'Ask to end an exclusion whose period has run out: it ends 24 hours later (7 days if indefinite)',
        response: envelopeResponses(endExclusionEndpoint.response),
      },
    },
    async (request) => ok(await exclusions.askToEnd(request.brand, memberIdOf(request))),
  );
}
