/** The agent module's public surface: what other modules may use. */
export { agentModule } from './agent.plugin.ts';
export { seedAgentTiers } from './agent-tiers.service.ts';
export { AgentService } from './agent.service.ts';
