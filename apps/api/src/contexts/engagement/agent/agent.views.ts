import type {
  AdminAgent,
  AdminAgentApplication,
  AdminAgentStatement,
  AgentApplication,
  AgentStatement,
} from '@lobby/contracts';
import { toDecimalString, type CurrencyCode } from '@lobby/money';
import type { CommissionTier } from './agent-commission.ts';
import type {
  AgentView,
  ApplicationRow,
  ApplicationView,
  StatementRow,
  StatementView,
} from './agent.repository.ts';

/** Applications, agents, statements and tiers as the contracts answer them. */

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function applicationDto(row: ApplicationRow): AgentApplication {
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

export function adminApplicationDto(row: ApplicationView): AdminAgentApplication {
  return {
    ...applicationDto(row),
    brand: row.brandCode,
    username: row.username,
    reviewedBy: row.reviewedBy,
  };
}

export function adminAgentDto(row: AgentView): AdminAgent {
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

export function statementDto(row: StatementRow): AgentStatement {
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

export function adminStatementDto(row: StatementView): AdminAgentStatement {
  return {
    ...statementDto(row),
    brand: row.brandCode,
    agentMemberId: String(row.agentMemberId),
    agentUsername: row.agentUsername,
    reviewedBy: row.reviewedBy,
    ledgerEntryId: row.ledgerEntryId === null ? null : String(row.ledgerEntryId),
  };
}

export function tierDto(row: CommissionTier, currency: CurrencyCode) {
  return {
    minActiveMembers: row.minActiveMembers,
    minNetRevenue: toDecimalString(row.minNetRevenueMinor, currency),
    shareBp: row.shareBp,
  };
}
