/** The agent module's public surface: what other modules may use. */
export { agentModule } from './agent.plugin.ts';
export { AgentService, seedAgentTiers } from './agent.service.ts';
