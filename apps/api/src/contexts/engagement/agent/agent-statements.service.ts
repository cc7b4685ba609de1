import type { AdminAgentStatement } from '@lobby/contracts';
import { DEFAULT_BRAND_TIME_ZONE } from '@lobby/time';
import type { CurrencyCode } from '@lobby/money';
import type { Database, Executor, Transaction } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { referralBetTotals } from '../../games/bet-records/index.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { referralBonusTotal, type LedgerService, operatorActor } from '../../money/ledger/index.ts';
import {
  changes,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import {
  operatorBrand,
  type ActionContext,
  type BrandLookup,
  type PageInput,
} from './agent-checks.ts';
import {
  commissionFor,
  monthHasEnded,
  monthRange,
  type CommissionTier,
} from './agent-commission.ts';
import { AGENT_ERRORS } from './agent.errors.ts';
import {
  decidePendingStatement,
  findStatement,
  insertStatementIfAbsent,
  listActiveAgentsBefore,
  listStatements,
  listTiers,
  updatePendingStatement,
  type StatementFigures,
  type StatementStatus,
  type StatementView,
} from './agent.repository.ts';
import { adminStatementDto } from './agent.views.ts';

/** The figures of a statement that a regeneration may change, as operators read them. */
function statementFigures(row: StatementView) {
  const view = adminStatementDto(row);
  const { activeMembers, bet, validBet, payout, bonus, netRevenue, shareBp, commission } = view;
  return { activeMembers, bet, validBet, payout, bonus, netRevenue, shareBp, commission };
}

/** The ledger reason of a commission payment. */
export const COMMISSION_REASON = 'agent_commission';

/** The ledger key of a statement's payment: one payment per statement, ever. */
export const commissionKey = (statementId: bigint) => `agent:commission:${statementId}`;

/**
 * Commission statements: an agent's month (a month of the brand's time zone) from the
 * downline's settled bet records and the bonuses paid to them, written once per agent and month
 * by the sweep or an operator, regenerated only while pending, and paid through the ledger once
 * an operator approves.
 */
export class AgentStatementService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #operators: OperatorService;
  readonly #brand: BrandLookup;
  readonly #now: () => Date;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    operators: OperatorService;
    brand: BrandLookup;
    now: () => Date;
  }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#operators = dependencies.operators;
    this.#brand = dependencies.brand;
    this.#now = dependencies.now;
  }

  /**
   * The month's figures of an agent's downline and the commission they earn on these tiers;
   * the month is one of the brand's time zone.
   */
  async figures(
    of: {
      brandCode: string;
      timeZone: string;
      agentMemberId: bigint;
      currency: CurrencyCode;
      month: string;
    },
    tiers: readonly CommissionTier[] = [],
    executor: Executor = this.#db,
  ): Promise<StatementFigures> {
    const range = monthRange(of.month, of.timeZone);
    const filter = {
      brandCode: of.brandCode,
      referrerMemberId: of.agentMemberId,
      currency: of.currency,
      ...range,
    };
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
    const timeZone = brand.config.settings.timeZone;
    if (!monthHasEnded(month, this.#now(), timeZone)) {
      throw appError(AGENT_ERRORS, 'agent_month_not_ended');
    }
    const brandCode = brand.config.code;
    const currency = brandCurrency(brand);
    const { to } = monthRange(month, timeZone);
    const tiers = await listTiers(executor, brandCode);
    let generated = 0;
    let existing = 0;
    for (const agent of await listActiveAgentsBefore(executor, brandCode, to)) {
      if (signal?.aborted) break;
      const figures = await this.figures(
        { brandCode, timeZone, agentMemberId: agent.memberId, currency, month },
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

  async statements(
    filter: {
      brand: string;
      month?: string | undefined;
      status?: StatementStatus | undefined;
      username?: string | undefined;
    } & PageInput,
  ) {
    const brand = operatorBrand(this.#brand, filter.brand);
    const { rows, total } = await listStatements(this.#db, {
      brandCode: brand.config.code,
      month: filter.month,
      status: filter.status,
      username: filter.username,
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
    context: ActionContext,
  ) {
    const brand = operatorBrand(this.#brand, input.brand);
    return this.#db.transaction(async (transaction) => {
      const result = await this.generateMonth(brand, input.month, undefined, transaction);
      await this.#operators.record(transaction, operator, {
        action: 'agent_statements_generate',
        brandCode: brand.config.code,
        targetType: 'brand',
        targetId: brand.config.code,
        // New statements only (existing ones stay as they are): nothing of them before.
        details: {
          month: input.month,
          ...result,
          before: null,
          after: { month: input.month, statements: result.generated },
        },
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
  async regenerate(operator: OperatorIdentity, id: bigint, context: ActionContext) {
    const before = await this.#statement(id);
    if (before.status !== 'pending') throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
    const tiers = await listTiers(this.#db, before.brandCode);
    const figures = await this.figures(
      {
        brandCode: before.brandCode,
        // The brand's zone now; a brand the registry no longer serves keeps the default.
        timeZone:
          this.#brand(before.brandCode)?.config.settings.timeZone ?? DEFAULT_BRAND_TIME_ZONE,
        agentMemberId: before.agentMemberId,
        currency: before.currency as CurrencyCode,
        month: before.month,
      },
      tiers,
    );
    await this.#db.transaction(async (transaction) => {
      if (!(await updatePendingStatement(transaction, id, figures))) {
        throw appError(AGENT_ERRORS, 'agent_statement_not_pending');
      }
      const after = await findStatement(transaction, id);
      await this.#operators.record(transaction, operator, {
        action: 'agent_statement_regenerate',
        brandCode: before.brandCode,
        targetType: 'agent_statement',
        targetId: String(id),
        details: {
          month: before.month,
          commissionBefore: String(before.commissionMinor),
          commissionAfter: String(figures.commissionMinor),
          ...changes(statementFigures(before), after ? statementFigures(after) : {}),
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
    context: ActionContext,
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
          before: { status: 'pending' },
          after: {
            status: entryId === null ? 'approved' : 'paid',
            commissionPaid: entryId === null ? null : adminStatementDto(statement).commission,
          },
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
    context: ActionContext,
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
        details: {
          month: statement.month,
          agent: statement.agentUsername,
          before: { status: 'pending' },
          after: { status: 'rejected' },
        },
        ip: context.ip,
      });
    });
    return this.#reloaded(id);
  }
}
