import type {
  AdminAgent,
  AdminAgentApplication,
  AgentApplication,
  Language,
} from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { uniqueViolation } from '../../../db/errors.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { findMemberById } from '../../identity/member/index.ts';
import {
  changes,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import {
  operatorBrand,
  type ActionContext,
  type AgentViewer,
  type BrandLookup,
  type PageInput,
} from './agent-checks.ts';
import { sortTiers } from './agent-commission.ts';
import { rulesExplanation, sponsorsIn } from './agent-content.ts';
import { AGENT_ERRORS } from './agent.errors.ts';
import {
  decideApplication,
  findAgent,
  findAgentView,
  findApplication,
  findLatestApplication,
  insertAgentIfAbsent,
  insertApplication,
  listAgents,
  listApplications,
  listTiers,
  setAgentStatus,
  type AgentStatus,
  type ApplicationStatus,
} from './agent.repository.ts';
import { adminAgentDto, adminApplicationDto, applicationDto, tierDto } from './agent.views.ts';

/**
 * Becoming an agent: the /agent page (rules, sponsors, the member's status and invite link),
 * the member's application, and the operators' review of applications and of agents (suspend,
 * resume), every decision in the action log.
 */
export class AgentApplicationService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  readonly #brand: BrandLookup;

  constructor(dependencies: { db: Database; operators: OperatorService; brand: BrandLookup }) {
    this.#db = dependencies.db;
    this.#operators = dependencies.operators;
    this.#brand = dependencies.brand;
  }

  /** The /agent page: rules and sponsors for everyone, status and invite link for a member. */
  async info(
    brand: Brand,
    viewer: { memberId: bigint } | null,
    language: Language,
    origin: string,
  ) {
    const currency = brandCurrency(brand);
    const tiers = await listTiers(this.#db, brand.config.code);
    const rules = {
      currency,
      tiers: sortTiers(tiers).map((tier) => tierDto(tier, currency)),
      explanation: rulesExplanation(language),
    };
    const sponsors = sponsorsIn(language, brand.config.siteName);
    if (!viewer) {
      return {
        loggedIn: false,
        agent: false,
        agentStatus: null,
        application: null,
        inviteCode: null,
        inviteLink: null,
        rules,
        sponsors,
      };
    }
    const [agent, application, member] = await Promise.all([
      findAgent(this.#db, viewer.memberId),
      findLatestApplication(this.#db, viewer.memberId),
      findMemberById(this.#db, brand.config.code, viewer.memberId),
    ]);
    if (!member) throw commonError('token');
    const inviteCode = agent ? member.inviteCode : null;
    return {
      loggedIn: true,
      agent: agent !== undefined,
      agentStatus: agent?.status ?? null,
      application: application ? applicationDto(application) : null,
      inviteCode,
      inviteLink:
        inviteCode === null ? null : `${origin}/register?i_code=${encodeURIComponent(inviteCode)}`,
      rules,
      sponsors,
    };
  }

  /** "Join us": one pending application at a time, and none from an agent. */
  async apply(
    viewer: AgentViewer,
    input: { contact: string; message: string },
  ): Promise<AgentApplication> {
    if (await findAgent(this.#db, viewer.memberId)) {
      throw appError(AGENT_ERRORS, 'agent_already_agent');
    }
    const latest = await findLatestApplication(this.#db, viewer.memberId);
    if (latest?.status === 'pending') throw appError(AGENT_ERRORS, 'agent_application_pending');
    try {
      const row = await insertApplication(this.#db, {
        brandCode: viewer.brand.config.code,
        memberId: viewer.memberId,
        contact: input.contact,
        message: input.message,
      });
      return applicationDto(row);
    } catch (error) {
      // Two submissions at once: the partial unique index lets one through.
      if (uniqueViolation(error) === 'agent_applications_pending') {
        throw appError(AGENT_ERRORS, 'agent_application_pending');
      }
      throw error;
    }
  }

  async list(
    filter: {
      brand: string;
      status?: ApplicationStatus | undefined;
      username?: string | undefined;
    } & PageInput,
  ) {
    const brand = operatorBrand(this.#brand, filter.brand);
    const { rows, total } = await listApplications(this.#db, {
      brandCode: brand.config.code,
      status: filter.status,
      username: filter.username,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      items: rows.map(adminApplicationDto),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  /** Approves a pending application and makes the member an agent, in one transaction. */
  async approveApplication(
    operator: OperatorIdentity,
    id: bigint,
    input: { note?: string | undefined },
    context: ActionContext,
  ): Promise<AdminAgentApplication> {
    const decided = await this.#db.transaction(async (transaction) => {
      const before = await findApplication(transaction, id);
      if (!before) throw appError(AGENT_ERRORS, 'agent_application_not_found');
      const row = await decideApplication(transaction, id, {
        status: 'approved',
        reviewedBy: operator.username,
        reviewNote: input.note || null,
      });
      if (!row) throw appError(AGENT_ERRORS, 'agent_application_decided');
      await insertAgentIfAbsent(transaction, {
        memberId: row.memberId,
        brandCode: row.brandCode,
        approvedBy: operator.username,
      });
      await this.#operators.record(transaction, operator, {
        action: 'agent_application_approve',
        brandCode: row.brandCode,
        targetType: 'member',
        targetId: before.username,
        ...(input.note ? { reason: input.note } : {}),
        details: {
          applicationId: String(id),
          before: { status: before.status, agent: false },
          after: { status: row.status, agent: true },
        },
        ip: context.ip,
      });
      return { ...row, username: before.username };
    });
    return adminApplicationDto(decided);
  }

  async rejectApplication(
    operator: OperatorIdentity,
    id: bigint,
    input: { note: string },
    context: ActionContext,
  ): Promise<AdminAgentApplication> {
    return this.#db.transaction(async (transaction) => {
      const before = await findApplication(transaction, id);
      if (!before) throw appError(AGENT_ERRORS, 'agent_application_not_found');
      const row = await decideApplication(transaction, id, {
        status: 'rejected',
        reviewedBy: operator.username,
        reviewNote: input.note,
      });
      if (!row) throw appError(AGENT_ERRORS, 'agent_application_decided');
      await this.#operators.record(transaction, operator, {
        action: 'agent_application_reject',
        brandCode: row.brandCode,
        targetType: 'member',
        targetId: before.username,
        reason: input.note,
        details: {
          applicationId: String(id),
          before: { status: before.status },
          after: { status: row.status },
        },
        ip: context.ip,
      });
      return adminApplicationDto({ ...row, username: before.username });
    });
  }

  async agents(
    filter: {
      brand: string;
      status?: AgentStatus | undefined;
      username?: string | undefined;
    } & PageInput,
  ) {
    const brand = operatorBrand(this.#brand, filter.brand);
    const { rows, total } = await listAgents(this.#db, {
      brandCode: brand.config.code,
      status: filter.status,
      username: filter.username,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return { items: rows.map(adminAgentDto), total, page: filter.page, pageSize: filter.pageSize };
  }

  /** Suspends or resumes an agent; setting the status it has already changes nothing more. */
  async setAgentStatus(
    operator: OperatorIdentity,
    memberId: bigint,
    status: AgentStatus,
    input: { reason?: string | undefined },
    context: ActionContext,
  ): Promise<AdminAgent> {
    return this.#db.transaction(async (transaction) => {
      const before = await findAgentView(transaction, memberId);
      if (!before) throw appError(AGENT_ERRORS, 'agent_not_found');
      await setAgentStatus(transaction, memberId, status);
      await this.#operators.record(transaction, operator, {
        action: status === 'suspended' ? 'agent_suspend' : 'agent_resume',
        brandCode: before.brandCode,
        targetType: 'member',
        targetId: before.username,
        ...(input.reason ? { reason: input.reason } : {}),
        details: {
          from: before.status,
          to: status,
          ...changes({ status: before.status }, { status }),
        },
        ip: context.ip,
      });
      return adminAgentDto({ ...before, status });
    });
  }
}
