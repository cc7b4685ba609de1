import type { FastifyInstance } from 'fastify';
import type { Brand } from '../../platform/brand/index.ts';
import { agentAdminRoutes } from './agent-admin.routes.ts';
import { agentStatementSweep } from './agent-statement-sweep.ts';
import { agentRoutes } from './agent.routes.ts';
import type { AgentService } from './agent.service.ts';

/** The agent partnership, and the sweep that writes the monthly commission statements. */
export async function agentModule(
  app: FastifyInstance,
  options: { agents: AgentService; brands: () => readonly Brand[] },
) {
  await app.register(agentRoutes, { agents: options.agents });
  await app.register(agentAdminRoutes, { agents: options.agents });
  app.addSweep(agentStatementSweep(options));
}
