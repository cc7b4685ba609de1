import { defineErrorCodes } from '@lobby/contracts';

export const AGENT_ERRORS = defineErrorCodes({
  /** The member has an application waiting for review already. */
  agent_application_pending: 409,
  /** The member is an agent already (active or suspended): nothing to apply for. */
  agent_already_agent: 409,
  /** Agent-only call (downline, statements) from a member who is not an agent. */
  agent_not_agent: 403,
  /** Operator: no application of that id. */
  agent_application_not_found: 404,
  /** Operator: the application was approved or rejected before. */
  agent_application_decided: 409,
  /** Operator: no agent of that member id. */
  agent_not_found: 404,
  /** Operator: no statement of that id. */
  agent_statement_not_found: 404,
  /** Operator: the statement was decided (paid, approved, rejected) before. */
  agent_statement_not_pending: 409,
  /** Operator: statements are only written for months that have ended (brand's time zone). */
  agent_month_not_ended: 409,
  /** Operator: two tiers with the same minimums. */
  agent_tiers_duplicate: 400,
});
