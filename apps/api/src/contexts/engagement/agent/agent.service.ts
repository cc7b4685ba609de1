import type {
  AdminAgent,
  AdminAgentApplication,
  AdminAgentStatement,
  AgentApplication,
  AgentStatement,
  Language,
} from '@lobby/contracts';
import { parseAmount, toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database, Executor, Transaction } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { referralBetTotals, membersWithValidBets } from '../../games/bet-records/index.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { referralBonusTotal, type LedgerService, operatorActor } from '../../money/ledger/index.ts';
import { findMemberById } from '../../identity/member/index.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import {
  commissionFor,
  maskUsername,
  monthHasEnded,
  shanghaiMonthOf,
  shanghaiMonthRange,
  sortTiers,
  tierTableProblem,
  type CommissionTier,
} from './agent-commission.ts';
import { rulesExplanation, sponsorsIn } from './agent-content.ts';
import { AGENT_ERRORS } from './agent.errors.ts';
import {
  decideApplication,
  decidePendingStatement,
  findAgent,
  findAgentView,
  findApplication,
  findLatestApplication,
  findStatement,
  insertAgentIfAbsent,
  insertApplication,
  insertStatementIfAbsent,
  listActiveAgentsBefore,
  listAgents,
  listApplications,
  listDownline,
  listStatements,
  listTiers,
  lockTierTables,
  replaceTiers,
  setAgentStatus,
  updatePendingStatement,
  type AgentStatus,
  type AgentView,
  type ApplicationRow,
  type ApplicationStatus,
  type ApplicationView,
  type StatementFigures,
  type StatementRow,
  type StatementStatus,
  type StatementView,
  type TierRow,
} from './agent.repository.ts';
import { uniqueViolation } from '../../../db/errors.ts';

/** Whose agent data: a member of a brand. */
export type AgentViewer = { brand: Brand; memberId: bigint };

type Context = { ip: string };
type PageInput = { page: number; pageSize: number };

/** The ledger reason of a commission payment. */
export const COMMISSION_REASON = 'agent_commission';

/** The ledger key of a statement's payment: one payment per statement, ever. */
export const commissionKey = (statementId: bigint) => `agent:commission:${statementId}`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function applicationDto(row: ApplicationRow): AgentApplication {
  return {
    id: String(row.id),
    status: row.status,
    contact: row.contact,
    message: row.message,
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

function adminApplicationDto(row: ApplicationView): AdminAgentApplication {
  return {
    ...applicationDto(row),
    brand: row.brandCode,
    username: row.username,
    reviewedBy: row.reviewedBy,
  };
}

function adminAgentDto(row: AgentView): AdminAgent {
  return {
    memberId: String(row.memberId),
    brand: row.brandCode,
    username: row.username,
    inviteCode: row.inviteCode,
    status: row.status,
    approvedBy: row.approvedBy,
    createdAt: row.createdAt.toISOString(),
    downline: row.downline,
  };
}

function statementDto(row: StatementRow): AgentStatement {
  // A statement keeps the currency it was written in, whatever the brand uses later.
  const currency = row.currency as CurrencyCode;
  const amount = (minor: bigint) => toDecimalString(minor, currency);
  return {
    id: String(row.id),
    month: row.month,
    currency: row.currency,
    activeMembers: row.activeMembers,
    bet: amount(row.betMinor),
    validBet: amount(row.validBetMinor),
    payout: amount(row.payoutMinor),
    bonus: amount(row.bonusMinor),
    netRevenue: amount(row.netRevenueMinor),
    shareBp: row.shareBp,
    commission: amount(row.commissionMinor),
    status: row.status,
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
  };
}

function adminStatementDto(row: StatementView): AdminAgentStatement {
  return {
    ...statementDto(row),
    brand: row.brandCode,
    agentMemberId: String(row.agentMemberId),
    agentUsername: row.agentUsername,
    reviewedBy: row.reviewedBy,
    ledgerEntryId: row.ledgerEntryId === null ? null : String(row.ledgerEntryId),
  };
}

function tierDto(row: CommissionTier, currency: CurrencyCode) {
  return {
    minActiveMembers: row.minActiveMembers,
    minNetRevenue: toDecimalString(row.minNetRevenueMinor, currency),
    shareBp: row.shareBp,
  };
}

/**
 * Default tiers of a brand in its currency (whole units): a starting table operators replace.
 * Each step asks for more active members and more net revenue and pays a larger share.
 */
export const DEFAULT_TIERS: readonly {
  minActiveMembers: number;
  minNetRevenue: string;
  shareBp: number;
}[] = [
  { minActiveMembers: 3, minNetRevenue: '1', shareBp: 1500 },
  { minActiveMembers: 5, minNetRevenue: '10000', shareBp: 2500 },
  { minActiveMembers: 15, minNetRevenue: '100000', shareBp: 3500 },
  { minActiveMembers: 30, minNetRevenue: '500000', shareBp: 4500 },
];

function tiersInMinor(
  tiers: readonly { minActiveMembers: number; minNetRevenue: string; shareBp: number }[],
  currency: CurrencyCode,
): CommissionTier[] {
  return tiers.map((tier, index) => {
    const parsed = parseAmount(tier.minNetRevenue, currency);
    if (!parsed.ok) {
      throw commonError('validation', [
        { path: `tiers.${index}.minNetRevenue`, code: parsed.error },
      ]);
    }
    return {
      minActiveMembers: tier.minActiveMembers,
      minNetRevenueMinor: parsed.minor,
      shareBp: tier.shareBp,
    };
  });
}

/**
 * Gives every brand without commission tiers the default table: safe at every start and on
 * several nodes at once (one seeding at a time, under the lock that replacing takes too), and
 * it never touches a brand that has tiers. Returns how many brands were seeded.
 */
export async function seedAgentTiers(db: Database, brands: readonly Brand[]): Promise<number> {
  return db.transaction(async (transaction) => {
    await lockTierTables(transaction);
    let seeded = 0;
    for (const brand of brands) {
      const brandCode = brand.config.code;
      if ((await listTiers(transaction, brandCode)).length > 0) continue;
      await replaceTiers(
        transaction,
        brandCode,
        tiersInMinor(DEFAULT_TIERS, brandCurrency(brand)),
        null,
      );
      seeded++;
    }
    return seeded;
  });
}

/**
 * The agent partnership: applications, agents, the downline in aggregate, commission tiers and
 * the monthly statements, paid through the ledger once an operator approves them.
 */
export class AgentService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #operators: OperatorService;
  readonly #brand: (code: string) => Brand | undefined;
  readonly #now: () => Date;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    operators: OperatorService;
    brand: (code: string) => Brand | undefined;
    now?: () => Date;
  }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#operators = dependencies.operators;
    this.#brand = dependencies.brand;
    this.#now = dependencies.now ?? (() => new Date());
  }

  // -------------------------------------------------------------------------------------------
  // Member side

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
    const month = input.month ?? shanghaiMonthOf(this.#now());
    const { from, to } = shanghaiMonthRange(month);
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
    const figures = await this.#figures(brandCode, viewer.memberId, currency, month);
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

  // -------------------------------------------------------------------------------------------
  // Commission figures and statements

  /** The month's figures of an agent's downline and the commission they earn on these tiers. */
  async #figures(
    brandCode: string,
    agentMemberId: bigint,
    currency: CurrencyCode,
    month: string,
    tiers: readonly CommissionTier[] = [],
    executor: Executor = this.#db,
  ): Promise<StatementFigures> {
    const range = shanghaiMonthRange(month);
    const filter = { brandCode, referrerMemberId: agentMemberId, currency, ...range };
    const [bets, bonusMinor] = await Promise.all([
      referralBetTotals(executor, filter),
      referralBonusTotal(executor, filter),
    ]);
    const commission = commissionFor(
      {
        activeMembers: bets.activeMembers,
        betMinor: bets.betMinor,
        payoutMinor: bets.payoutMinor,
        bonusMinor,
      },
      tiers,
    );
    return {
      activeMembers: bets.activeMembers,
      betMinor: bets.betMinor,
      validBetMinor: bets.validBetMinor,
      payoutMinor: bets.payoutMinor,
      bonusMinor,
      netRevenueMinor: commission.netRevenueMinor,
      shareBp: commission.shareBp,
      commissionMinor: commission.commissionMinor,
    };
  }

  /**
   * Writes the statements of a month that has ended for the brand's active agents (agents
   * since before the month's end). A statement is written once per agent and month: a second
   * run, by the sweep or an operator, leaves an existing statement exactly as it is, even if
   * late bet records arrived since; an operator regenerates a pending one explicitly.
   */
  async generateMonth(
    brand: Brand,
    month: string,
    signal?: AbortSignal,
    executor: Executor = this.#db,
  ): Promise<{ generated: number; existing: number }> {
    if (!monthHasEnded(month, this.#now())) throw appError(AGENT_ERRORS, 'agent_month_not_ended');
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const { to } = shanghaiMonthRange(month);
    const tiers = await listTiers(executor, brandCode);
    let generated = 0;
    let existing = 0;
    for (const agent of await listActiveAgentsBefore(executor, brandCode, to)) {
      if (signal?.aborted) break;
      const figures = await this.#figures(
        brandCode,
        agent.memberId,
        currency,
        month,
        tiers,
        executor,
      );
      const written = await insertStatementIfAbsent(executor, {
        brandCode,
        agentMemberId: agent.memberId,
        month,
        currency,
        ...figures,
      });
      if (written) generated++;
      else existing++;
    }
    return { generated, existing };
  }

  // -------------------------------------------------------------------------------------------
  // Operator side

  #brandOf(code: string): Brand {
    const brand = this.#brand(code);
    if (!brand) throw commonError('unknown_site');
    return brand;
  }

  async applications(
    filter: { brand: string; status?: ApplicationStatus | undefined } & PageInput,
  ) {
    const brand = this.#brandOf(filter.brand);
    const { rows, total } = await listApplications(this.#db, {
      brandCode: brand.config.code,
      status: filter.status,
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
    context: Context,
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
        details: { applicationId: String(id) },
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
    context: Context,
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
        details: { applicationId: String(id) },
        ip: context.ip,
      });
      return adminApplicationDto({ ...row, username: before.username });
    });
  }

  async agents(filter: { brand: string; status?: AgentStatus | undefined } & PageInput) {
    const brand = this.#brandOf(filter.brand);
    const { rows, total } = await listAgents(this.#db, {
      brandCode: brand.config.code,
      status: filter.status,
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
    context: Context,
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
        details: { from: before.status, to: status },
        ip: context.ip,
      });
      return adminAgentDto({ ...before, status });
    });
  }

  async tiers(brandCode: string) {
    const brand = this.#brandOf(brandCode);
    return this.#tiersDto(brand, await listTiers(this.#db, brand.config.code));
  }

  #tiersDto(brand: Brand, rows: TierRow[]) {
    const currency = brandCurrency(brand);
    return {
      brand: brand.config.code,
      currency,
      tiers: sortTiers(rows).map((row) => ({
        ...tierDto(row, currency),
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  }

  /** Replaces the brand's tier table as a whole; statements written before keep their share. */
  async replaceTiers(
    operator: OperatorIdentity,
    input: {
      brand: string;
      tiers: { minActiveMembers: number; minNetRevenue: string; shareBp: number }[];
    },
    context: Context,
  ) {
    const brand = this.#brandOf(input.brand);
    const brandCode = brand.config.code;
    const tiers = tiersInMinor(input.tiers, brandCurrency(brand));
    if (tierTableProblem(tiers)) throw appError(AGENT_ERRORS, 'agent_tiers_duplicate');
    const rows = await this.#db.transaction(async (transaction) => {
      await lockTierTables(transaction);
      await replaceTiers(transaction, brandCode, tiers, operator.username);
      await this.#operators.record(transaction, operator, {
        action: 'agent_tiers_replace',
        brandCode,
        targetType: 'brand',
        targetId: brandCode,
        details: { tiers: input.tiers },
        ip: context.ip,
      });
      return listTiers(transaction, brandCode);
    });
    return this.#tiersDto(brand, rows);
  }

  async statements(
    filter: {
      brand: string;
      month?: string | undefined;
      status?: StatementStatus | undefined;
    } & PageInput,
  ) {
    const brand = this.#brandOf(filter.brand);
    const { rows, total } = await listStatements(this.#db, {
      brandCode: brand.config.code,
      month: filter.month,
      status: filter.status,
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      items: rows.map(adminStatementDto),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async generate(
    operator: OperatorIdentity,
    input: { brand: string; month: string },
    context: Context,
  ) {
    const brand = this.#brandOf(input.brand);
    return this.#db.transaction(async (transaction) => {
      const result = await this.generateMonth(brand, input.month, undefined, transaction);
      await this.#operators.record(transaction, operator, {
        action: 'agent_statements_generate',
        brandCode: brand.config.code,
        targetType: 'brand',
        targetId: brand.config.code,
        details: { month: input.month, ...result },
        ip: context.ip,
      });
      return { month: input.month, ...result };
    });
  }

  async #statement(id: bigint): Promise<StatementView> {
    const row = await findStatement(this.#db, id);
    if (!row) throw appError(AGENT_ERRORS, 'agent_statement_not_found');
    return row;
  }

  async #reloaded(id: bigint): Promise<AdminAgentStatement> {
    return adminStatementDto(await this.#statement(id));
  }

  /** Recomputes a pending statement from the data as it stands now, with today's tiers. */
  async regenerate(operator: OperatorIdentity, id: bigint, context: Context) {
    const before = await this.#statement(id);
    if (before.status !== 'pending') throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
    const tiers = await listTiers(this.#db, before.brandCode);
    const figures = await this.#figures(
      before.brandCode,
      before.agentMemberId,
      before.currency as CurrencyCode,
      before.month,
      tiers,
    );
    await this.#db.transaction(async (transaction) => {
      if (!(await updatePendingStatement(transaction, id, figures))) {
        throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
      }
      await this.#operators.record(transaction, operator, {
        action: 'agent_statement_regenerate',
        brandCode: before.brandCode,
        targetType: 'agent_statement',
        targetId: String(id),
        details: {
          month: before.month,
          commissionBefore: String(before.commissionMinor),
          commissionAfter: String(figures.commissionMinor),
        },
        ip: context.ip,
      });
    });
    return this.#reloaded(id);
  }

  /**
   * Approves a pending statement. A commission is paid from house_commissions into the agent's
   * centre wallet under the key agent:commission:<id>, and the statement turns paid in the same
   * transaction, on the condition that it is still pending with the amount read: two approvals
   * at once post one entry (the key) and the second answers agent_statement_not_pending. No
   * turnover requirement is added: a commission is the agent's pay for bringing members, earned
   * on money the house already kept, not a bonus to be played through.
   * A statement of zero commission has nothing to pay: approving it marks it approved (reviewed,
   * nothing paid) without a ledger entry, since an entry of zero cannot exist.
   */
  async approveStatement(
    operator: OperatorIdentity,
    id: bigint,
    input: { note?: string | undefined },
    context: Context,
  ): Promise<AdminAgentStatement> {
    const statement = await this.#statement(id);
    if (statement.status !== 'pending') {
      throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
    }
    const amount = statement.commissionMinor;
    const decision = {
      expectedCommissionMinor: amount,
      reviewedBy: operator.username,
      reviewNote: input.note || null,
    };
    const record = (transaction: Transaction, entryId: bigint | null) =>
      this.#operators.record(transaction, operator, {
        action: 'agent_statement_approve',
        brandCode: statement.brandCode,
        targetType: 'agent_statement',
        targetId: String(id),
        ...(input.note ? { reason: input.note } : {}),
        details: {
          month: statement.month,
          agent: statement.agentUsername,
          commissionMinor: String(amount),
          ledgerEntryId: entryId === null ? null : String(entryId),
        },
        ip: context.ip,
      });
    if (amount > 0n) {
      const currency = statement.currency as CurrencyCode;
      const result = await this.#ledger.post(
        {
          brandCode: statement.brandCode,
          reason: COMMISSION_REASON,
          idempotencyKey: commissionKey(id),
          actor: operatorActor(operator),
          memo: `agent commission ${statement.month}`,
          lines: [
            { account: { kind: 'house_commissions', currency }, amountMinor: -amount },
            {
              account: { kind: 'member_wallet', memberId: statement.agentMemberId, currency },
              amountMinor: amount,
            },
          ],
        },
        async (transaction, newEntryId) => {
          const decided = await decidePendingStatement(transaction, id, {
            ...decision,
            status: 'paid',
            ledgerEntryId: newEntryId,
          });
          // Decided or regenerated meanwhile: throwing rolls the payment back.
          if (!decided) throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
          await record(transaction, newEntryId);
        },
      );
      // The key was posted by an approval that came first: this one paid nothing.
      if (result.replayed) throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
    } else {
      await this.#db.transaction(async (transaction) => {
        const decided = await decidePendingStatement(transaction, id, {
          ...decision,
          status: 'approved',
          ledgerEntryId: null,
        });
        if (!decided) throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
        await record(transaction, null);
      });
    }
    return this.#reloaded(id);
  }

  /** Rejects a pending statement with the operator's note; nothing is paid. */
  async rejectStatement(
    operator: OperatorIdentity,
    id: bigint,
    input: { note: string },
    context: Context,
  ): Promise<AdminAgentStatement> {
    const statement = await this.#statement(id);
    if (statement.status !== 'pending') {
      throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
    }
    await this.#db.transaction(async (transaction) => {
      const decided = await decidePendingStatement(transaction, id, {
        expectedCommissionMinor: statement.commissionMinor,
        status: 'rejected',
        reviewedBy: operator.username,
        reviewNote: input.note,
        ledgerEntryId: null,
      });
      if (!decided) throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
      await this.#operators.record(transaction, operator, {
        action: 'agent_statement_reject',
        brandCode: statement.brandCode,
        targetType: 'agent_statement',
        targetId: String(id),
        reason: input.note,
        details: { month: statement.month, agent: statement.agentUsername },
        ip: context.ip,
      });
    });
    return this.#reloaded(id);
  }
}
