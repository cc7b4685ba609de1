import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAgentApplicationsEndpoint,
  adminAgentStatementsEndpoint,
  adminAgentTiersEndpoint,
  adminAgentsEndpoint,
  adminApproveAgentApplicationEndpoint,
  adminApproveAgentStatementEndpoint,
  adminGenerateAgentStatementsEndpoint,
  adminRegenerateAgentStatementEndpoint,
  adminRejectAgentApplicationEndpoint,
  adminRejectAgentStatementEndpoint,
  adminReplaceAgentTiersEndpoint,
  adminResumeAgentEndpoint,
  adminSuspendAgentEndpoint,
} from '@lobby/contracts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import {
  BRAND_IN_BODY,
  BRAND_IN_QUERY,
  operatorOf,
  recordBrand,
} from '../../../plugins/operator-auth.ts';
import type { AgentService } from './agent.service.ts';
import { appError } from '../../../lib/app-error.ts';
import { AGENT_ERRORS } from './agent.errors.ts';

/** The operators who may call these routes: the permission each needs (DESIGN.md 3.11). */
const agentsManage = { access: 'operator', permission: 'agents.manage' } as const;
const tags = ['operator'];

/**
 * The back office's side of the partnership: applications, agents, commission tiers and the
 * monthly statements. Every change is recorded in the operator action log.
 */
export async function agentAdminRoutes(app: FastifyInstance, options: { agents: AgentService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { agents } = options;
  const applicationInScope = recordBrand('id', agents.brandOf.application, () =>
    appError(AGENT_ERRORS, 'agent_application_not_found'),
  );
  const agentInScope = recordBrand('memberId', agents.brandOf.agent, () =>
    appError(AGENT_ERRORS, 'agent_not_found'),
  );
  const statementInScope = recordBrand('id', agents.brandOf.statement, () =>
    appError(AGENT_ERRORS, 'agent_statement_not_found'),
  );

  routes.get(
    adminAgentApplicationsEndpoint.path,
    {
      config: { ...agentsManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's agent applications, newest first",
        querystring: adminAgentApplicationsEndpoint.query,
        response: envelopeResponses(adminAgentApplicationsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await agents.applications.list(request.query));
    },
  );

  routes.post(
    adminApproveAgentApplicationEndpoint.path,
    {
      config: { ...agentsManage, brand: applicationInScope },
      schema: {
        tags,
        summary: 'Approve an application: the member becomes an agent (action logged)',
        params: adminApproveAgentApplicationEndpoint.params,
        body: adminApproveAgentApplicationEndpoint.body,
        response: envelopeResponses(adminApproveAgentApplicationEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await agents.applications.approveApplication(
          operatorOf(request),
          BigInt(request.params.id),
          request.body,
          { ip: request.ip },
        ),
      ),
  );

  routes.post(
    adminRejectAgentApplicationEndpoint.path,
    {
      config: { ...agentsManage, brand: applicationInScope },
      schema: {
        tags,
        summary: 'Reject an application with a note (action logged)',
        params: adminRejectAgentApplicationEndpoint.params,
        body: adminRejectAgentApplicationEndpoint.body,
        response: envelopeResponses(adminRejectAgentApplicationEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await agents.applications.rejectApplication(
          operatorOf(request),
          BigInt(request.params.id),
          request.body,
          { ip: request.ip },
        ),
      ),
  );

  routes.get(
    adminAgentsEndpoint.path,
    {
      config: { ...agentsManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's agents with their downline counts",
        querystring: adminAgentsEndpoint.query,
        response: envelopeResponses(adminAgentsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await agents.applications.agents(request.query));
    },
  );

  routes.post(
    adminSuspendAgentEndpoint.path,
    {
      config: { ...agentsManage, brand: agentInScope },
      schema: {
        tags,
        summary: 'Suspend an agent: no statements while suspended (action logged)',
        params: adminSuspendAgentEndpoint.params,
        body: adminSuspendAgentEndpoint.body,
        response: envelopeResponses(adminSuspendAgentEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await agents.applications.setAgentStatus(
          operatorOf(request),
          BigInt(request.params.memberId),
          'suspended',
          request.body,
          { ip: request.ip },
        ),
      ),
  );

  routes.post(
    adminResumeAgentEndpoint.path,
    {
      config: { ...agentsManage, brand: agentInScope },
      schema: {
        tags,
        summary: 'Resume a suspended agent (action logged)',
        params: adminResumeAgentEndpoint.params,
        body: adminResumeAgentEndpoint.body,
        response: envelopeResponses(adminResumeAgentEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await agents.applications.setAgentStatus(
          operatorOf(request),
          BigInt(request.params.memberId),
          'active',
          request.body,
          { ip: request.ip },
        ),
      ),
  );

  routes.get(
    adminAgentTiersEndpoint.path,
    {
      config: { ...agentsManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's commission tiers",
        querystring: adminAgentTiersEndpoint.query,
        response: envelopeResponses(adminAgentTiersEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await agents.tiers.tiers(request.query.brand));
    },
  );

  routes.put(
    adminReplaceAgentTiersEndpoint.path,
    {
      config: { ...agentsManage, brand: BRAND_IN_BODY },
      schema: {
        tags,
        summary: "Replace a brand's commission tier table (action logged)",
        body: adminReplaceAgentTiersEndpoint.body,
        response: envelopeResponses(adminReplaceAgentTiersEndpoint.response),
      },
    },
    async (request) =>
      ok(await agents.tiers.replaceTiers(operatorOf(request), request.body, { ip: request.ip })),
  );

  routes.get(
    adminAgentStatementsEndpoint.path,
    {
      config: { ...agentsManage, brand: BRAND_IN_QUERY },
      schema: {
        tags,
        summary: "A brand's commission statements by month and status",
        querystring: adminAgentStatementsEndpoint.query,
        response: envelopeResponses(adminAgentStatementsEndpoint.response),
      },
    },
    async (request) => {
      operatorOf(request);
      return ok(await agents.statements.statements(request.query));
    },
  );

  routes.post(
    adminGenerateAgentStatementsEndpoint.path,
    {
      config: { ...agentsManage, brand: BRAND_IN_BODY },
      schema: {
        tags,
        summary:
          'Write the statements of an ended month for the brand now; existing ones stay (action logged)',
        body: adminGenerateAgentStatementsEndpoint.body,
        response: envelopeResponses(adminGenerateAgentStatementsEndpoint.response),
      },
    },
    async (request) =>
      ok(await agents.statements.generate(operatorOf(request), request.body, { ip: request.ip })),
  );

  routes.post(
    adminRegenerateAgentStatementEndpoint.path,
    {
      config: { ...agentsManage, brand: statementInScope },
      schema: {
        tags,
        summary: 'Recompute a pending statement from the data as it stands (action logged)',
        params: adminRegenerateAgentStatementEndpoint.params,
        response: envelopeResponses(adminRegenerateAgentStatementEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await agents.statements.regenerate(operatorOf(request), BigInt(request.params.id), {
          ip: request.ip,
        }),
      ),
  );

  routes.post(
    adminApproveAgentStatementEndpoint.path,
    {
      config: { ...agentsManage, brand: statementInScope },
      schema: {
        tags,
        summary: 'Approve a pending statement and pay its commission once (action logged)',
        params: adminApproveAgentStatementEndpoint.params,
        body: adminApproveAgentStatementEndpoint.body,
        response: envelopeResponses(adminApproveAgentStatementEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await agents.statements.approveStatement(
          operatorOf(request),
          BigInt(request.params.id),
          request.body,
          { ip: request.ip },
        ),
      ),
  );

  routes.post(
    adminRejectAgentStatementEndpoint.path,
    {
      config: { ...agentsManage, brand: statementInScope },
      schema: {
        tags,
        summary: 'Reject a pending statement with a note (action logged)',
        params: adminRejectAgentStatementEndpoint.params,
        body: adminRejectAgentStatementEndpoint.body,
        response: envelopeResponses(adminRejectAgentStatementEndpoint.response),
      },
    },
    async (request) =>
      ok(
        await agents.statements.rejectStatement(
          operatorOf(request),
          BigInt(request.params.id),
          request.body,
          {
            ip: request.ip,
          },
        ),
      ),
  );
}
