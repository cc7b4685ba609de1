import { toDecimalString } from '@lobby/money';
import { monthOf } from '@lobby/time';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { membersWithValidBets } from '../../games/bet-records/index.ts';
import { brandCurrency } from '../../platform/brand/index.ts';
import type { AgentViewer, PageInput } from './agent-checks.ts';
import { maskUsername, monthRange } from './agent-commission.ts';
import type { AgentStatementService } from './agent-statements.service.ts';
import { AGENT_ERRORS } from './agent.errors.ts';
import { findAgent, listDownline, listStatements } from './agent.repository.ts';
import { statementDto } from './agent.views.ts';

/**
 * What an agent sees of their downline: the members registered with their invite code, masked,
 * with the month's totals (months of the brand's time zone), and their own statements.
 */
export class AgentDownlineService {
  readonly #db: Database;
  readonly #statements: AgentStatementService;
  readonly #now: () => Date;

  constructor(dependencies: { db: Database; statements: AgentStatementService; now: () => Date }) {
    this.#db = dependencies.db;
    this.#statements = dependencies.statements;
    this.#now = dependencies.now;
  }

  async #requireAgent(viewer: AgentViewer) {
    const agent = await findAgent(this.#db, viewer.memberId);
    if (!agent || agent.brandCode !== viewer.brand.config.code) {
      throw appError(AGENT_ERRORS, 'agent_not_agent');
    }
    return agent;
  }

  /**
   * The agent's downline: masked usernames, join dates and whether each was active in the
   * month, with the month's totals. Nothing else about another member leaves the server.
   */
  async downline(viewer: AgentViewer, input: PageInput & { month?: string | undefined }) {
    await this.#requireAgent(viewer);
    const brandCode = viewer.brand.config.code;
    const currency = brandCurrency(viewer.brand);
    const timeZone = viewer.brand.config.settings.timeZone;
    const month = input.month ?? monthOf(this.#now(), timeZone);
    const { from, to } = monthRange(month, timeZone);
    const { rows, total } = await listDownline(this.#db, {
      brandCode,
      agentMemberId: viewer.memberId,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    });
    const active = await membersWithValidBets(this.#db, {
      brandCode,
      memberIds: rows.map((row) => row.memberId),
      currency,
      from,
      to,
    });
    const figures = await this.#statements.figures({
      brandCode,
      timeZone,
      agentMemberId: viewer.memberId,
      currency,
      month,
    });
    const amount = (minor: bigint) => toDecimalString(minor, currency);
    return {
      month,
      currency,
      summary: {
        registered: total,
        active: figures.activeMembers,
        bet: amount(figures.betMinor),
        validBet: amount(figures.validBetMinor),
        payout: amount(figures.payoutMinor),
        bonus: amount(figures.bonusMinor),
        netRevenue: amount(figures.netRevenueMinor),
      },
      items: rows.map((row) => ({
        username: maskUsername(row.username),
        joinedAt: row.createdAt.toISOString(),
        active: active.has(row.memberId),
      })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }

  async memberStatements(viewer: AgentViewer, input: PageInput) {
    await this.#requireAgent(viewer);
    const { rows, total } = await listStatements(this.#db, {
      brandCode: viewer.brand.config.code,
      agentMemberId: viewer.memberId,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    });
    return { items: rows.map(statementDto), total, page: input.page, pageSize: input.pageSize };
  }
}
