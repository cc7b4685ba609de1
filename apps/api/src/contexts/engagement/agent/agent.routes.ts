import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agentApplyEndpoint,
  agentDownlineEndpoint,
  agentInfoEndpoint,
  agentStatementsEndpoint,
} from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import type { AgentViewer } from './agent-checks.ts';
import type { AgentService } from './agent.service.ts';

const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const member = { access: 'member' as const };
const tags = ['agent'];

function viewerOf(request: FastifyRequest): AgentViewer {
  if (!request.member) throw commonError('token');
  return { brand: request.brand, memberId: BigInt(request.member.memberId) };
}

/** The member's side of the agent partnership: the page's data, "join us", downline, statements. */
export async function agentRoutes(app: FastifyInstance, options: { agents: AgentService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { agents } = options;

  routes.get(
    agentInfoEndpoint.path,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary:
          'The /agent page: rules (tiers), sponsors; for a member their agent status, application and invite link',
        response: envelopeResponses(agentInfoEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await agents.applications.info(
          request.brand,
          request.member ? { memberId: BigInt(request.member.memberId) } : null,
          request.language,
          // The link names the site the member is on, so it opens the same brand.
          `${request.protocol}://${request.host}`,
        ),
      ),
  );

  routes.post(
    agentApplyEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: 'Apply to become an agent ("join us"): one pending application at a time',
        consumes: FORM,
        body: agentApplyEndpoint.body,
        response: envelopeResponses(agentApplyEndpoint.response),
      },
    },
    async (request) => ok(await agents.applications.apply(viewerOf(request), request.body)),
  );

  routes.get(
    agentDownlineEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "The agent's downline (masked) with the month's aggregates",
        querystring: agentDownlineEndpoint.query,
        response: envelopeResponses(agentDownlineEndpoint.response),
      },
    },
    async (request) => ok(await agents.downline.downline(viewerOf(request), request.query)),
  );

  routes.get(
    agentStatementsEndpoint.path,
    {
      config: member,
      schema: {
        tags,
        summary: "The agent's monthly commission statements, newest first",
        querystring: agentStatementsEndpoint.query,
        response: envelopeResponses(agentStatementsEndpoint.response),
      },
    },
    async (request) => ok(await agents.downline.memberStatements(viewerOf(request), request.query)),
  );
}
