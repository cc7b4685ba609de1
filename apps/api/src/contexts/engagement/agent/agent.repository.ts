import { and, asc, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import {
  agentApplications,
  agentCommissionStatements,
  agentCommissionTiers,
  agents,
} from './agent.schema.ts';
import { members } from '../../identity/member/index.ts';
import { brandCodeOf } from '../../../db/brand-of.ts';

export type AgentRow = typeof agents.$inferSelect;
export type ApplicationRow = typeof agentApplications.$inferSelect;
export type TierRow = typeof agentCommissionTiers.$inferSelect;
export type StatementRow = typeof agentCommissionStatements.$inferSelect;
export type NewStatementRow = typeof agentCommissionStatements.$inferInsert;
export type AgentStatus = AgentRow['status'];
export type ApplicationStatus = ApplicationRow['status'];
export type StatementStatus = StatementRow['status'];

/** Any advisory-lock key distinct from the others of the app (brand and help seeding, ...). */
const TIER_SEED_LOCK_KEY = 7_311_040_017n;

type Page = { limit: number; offset: number };

/** The member joined to a list is this one (usernames compare without case). */
const usernameIs = (username: string | undefined): SQL | undefined =>
  username === undefined ? undefined : eq(members.usernameKey, username.toLowerCase());

// ---------------------------------------------------------------------------------------------
// Applications

export async function insertApplication(
  executor: Executor,
  row: { brandCode: string; memberId: bigint; contact: string; message: string },
): Promise<ApplicationRow> {
  const rows = await executor.insert(agentApplications).values(row).returning();
  const inserted = rows[0];
  if (!inserted) throw new Error('insert into agent_applications returned no row');
  return inserted;
}

/** The member's latest application, whatever its status. */
export async function findLatestApplication(
  executor: Executor,
  memberId: bigint,
): Promise<ApplicationRow | undefined> {
  const rows = await executor
    .select()
    .from(agentApplications)
    .where(eq(agentApplications.memberId, memberId))
    .orderBy(desc(agentApplications.createdAt), desc(agentApplications.id))
    .limit(1);
  return rows[0];
}

export type ApplicationView = ApplicationRow & { username: string };

const applicationView = { application: agentApplications, username: members.username };

export async function findApplication(
  executor: Executor,
  id: bigint,
): Promise<ApplicationView | undefined> {
  const rows = await executor
    .select(applicationView)
    .from(agentApplications)
    .innerJoin(members, eq(members.id, agentApplications.memberId))
    .where(eq(agentApplications.id, id));
  const row = rows[0];
  return row && { ...row.application, username: row.username };
}

export async function listApplications(
  executor: Executor,
  filter: {
    brandCode: string;
    status: ApplicationStatus | undefined;
    username?: string | undefined;
  } & Page,
): Promise<{ rows: ApplicationView[]; total: number }> {
  const where = and(
    eq(agentApplications.brandCode, filter.brandCode),
    filter.status === undefined ? undefined : eq(agentApplications.status, filter.status),
    usernameIs(filter.username),
  );
  const rows = await executor
    .select(applicationView)
    .from(agentApplications)
    .innerJoin(members, eq(members.id, agentApplications.memberId))
    .where(where)
    .orderBy(desc(agentApplications.createdAt), desc(agentApplications.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const totals = await executor
    .select({ total: count() })
    .from(agentApplications)
    .innerJoin(members, eq(members.id, agentApplications.memberId))
    .where(where);
  return {
    rows: rows.map((row) => ({ ...row.application, username: row.username })),
    total: totals[0]?.total ?? 0,
  };
}

/** Decides a pending application; undefined when it was decided before (or is not there). */
export async function decideApplication(
  executor: Executor,
  id: bigint,
  decision: { status: 'approved' | 'rejected'; reviewedBy: string; reviewNote: string | null },
): Promise<ApplicationRow | undefined> {
  const rows = await executor
    .update(agentApplications)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(agentApplications.id, id), eq(agentApplications.status, 'pending')))
    .returning();
  return rows[0];
}

// ---------------------------------------------------------------------------------------------
// Agents

export async function findAgent(
  executor: Executor,
  memberId: bigint,
): Promise<AgentRow | undefined> {
  const rows = await executor.select().from(agents).where(eq(agents.memberId, memberId));
  return rows[0];
}

/** Makes the member an agent; an agent already stays as it is. */
export async function insertAgentIfAbsent(
  executor: Executor,
  row: { memberId: bigint; brandCode: string; approvedBy: string },
): Promise<void> {
  await executor.insert(agents).values(row).onConflictDoNothing({ target: agents.memberId });
}

export type AgentView = AgentRow & { username: string; inviteCode: string; downline: number };

const downlineCount = sql<number>`(select count(*) from ${members} downline where downline.referrer_member_id = ${agents.memberId} and downline.brand_code = ${agents.brandCode})::int`;

const agentView = {
  agent: agents,
  username: members.username,
  inviteCode: members.inviteCode,
  downline: downlineCount,
};

type AgentViewRow = { agent: AgentRow; username: string; inviteCode: string; downline: number };
const toAgentView = (row: AgentViewRow): AgentView => ({
  ...row.agent,
  username: row.username,
  inviteCode: row.inviteCode,
  downline: Number(row.downline),
});

export async function findAgentView(
  executor: Executor,
  memberId: bigint,
): Promise<AgentView | undefined> {
  const rows = await executor
    .select(agentView)
    .from(agents)
    .innerJoin(members, eq(members.id, agents.memberId))
    .where(eq(agents.memberId, memberId));
  const row = rows[0];
  return row && toAgentView(row);
}

export async function listAgents(
  executor: Executor,
  filter: {
    brandCode: string;
    status: AgentStatus | undefined;
    username?: string | undefined;
  } & Page,
): Promise<{ rows: AgentView[]; total: number }> {
  const where = and(
    eq(agents.brandCode, filter.brandCode),
    filter.status === undefined ? undefined : eq(agents.status, filter.status),
    usernameIs(filter.username),
  );
  const rows = await executor
    .select(agentView)
    .from(agents)
    .innerJoin(members, eq(members.id, agents.memberId))
    .where(where)
    .orderBy(desc(agents.createdAt), desc(agents.memberId))
    .limit(filter.limit)
    .offset(filter.offset);
  const totals = await executor
    .select({ total: count() })
    .from(agents)
    .innerJoin(members, eq(members.id, agents.memberId))
    .where(where);
  return { rows: rows.map(toAgentView), total: totals[0]?.total ?? 0 };
}

export async function setAgentStatus(
  executor: Executor,
  memberId: bigint,
  status: AgentStatus,
): Promise<void> {
  await executor.update(agents).set({ status }).where(eq(agents.memberId, memberId));
}

/** The brand's active agents that were agents before `before` (a month's end). */
export async function listActiveAgentsBefore(
  executor: Executor,
  brandCode: string,
  before: Date,
): Promise<AgentRow[]> {
  return executor
    .select()
    .from(agents)
    .where(
      and(
        eq(agents.brandCode, brandCode),
        eq(agents.status, 'active'),
        lt(agents.createdAt, before),
      ),
    )
    .orderBy(asc(agents.memberId));
}

// ---------------------------------------------------------------------------------------------
// Downline

export type DownlineRow = { memberId: bigint; username: string; createdAt: Date };

/** The members who registered with the agent's invite code, newest first. */
export async function listDownline(
  executor: Executor,
  filter: { brandCode: string; agentMemberId: bigint } & Page,
): Promise<{ rows: DownlineRow[]; total: number }> {
  const where = and(
    eq(members.referrerMemberId, filter.agentMemberId),
    eq(members.brandCode, filter.brandCode),
  );
  const rows = await executor
    .select({ memberId: members.id, username: members.username, createdAt: members.createdAt })
    .from(members)
    .where(where)
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const totals = await executor.select({ total: count() }).from(members).where(where);
  return { rows, total: totals[0]?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Tiers

export async function listTiers(executor: Executor, brandCode: string): Promise<TierRow[]> {
  return executor
    .select()
    .from(agentCommissionTiers)
    .where(eq(agentCommissionTiers.brandCode, brandCode))
    .orderBy(
      asc(agentCommissionTiers.shareBp),
      asc(agentCommissionTiers.minActiveMembers),
      asc(agentCommissionTiers.minNetRevenueMinor),
    );
}

/** Replaces the brand's tier table; run it in a transaction so readers see one or the other. */
export async function replaceTiers(
  executor: Executor,
  brandCode: string,
  tiers: { minActiveMembers: number; minNetRevenueMinor: bigint; shareBp: number }[],
  updatedBy: string | null,
): Promise<void> {
  await executor.delete(agentCommissionTiers).where(eq(agentCommissionTiers.brandCode, brandCode));
  if (tiers.length === 0) return;
  await executor
    .insert(agentCommissionTiers)
    .values(tiers.map((tier) => ({ ...tier, brandCode, updatedBy })));
}

/** Serialises tier seeding and replacing across nodes (held until the transaction ends). */
export async function lockTierTables(executor: Executor): Promise<void> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(${TIER_SEED_LOCK_KEY.toString()}::bigint)`,
  );
}

export async function countTiers(executor: Executor, brandCode: string): Promise<number> {
  const rows = await executor
    .select({ tiers: count() })
    .from(agentCommissionTiers)
    .where(eq(agentCommissionTiers.brandCode, brandCode));
  return rows[0]?.tiers ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Statements

/** Writes a statement unless the agent has one for the month; true when this call wrote it. */
export async function insertStatementIfAbsent(
  executor: Executor,
  row: NewStatementRow,
): Promise<boolean> {
  const rows = await executor
    .insert(agentCommissionStatements)
    .values(row)
    .onConflictDoNothing({
      target: [agentCommissionStatements.agentMemberId, agentCommissionStatements.month],
    })
    .returning({ id: agentCommissionStatements.id });
  return rows.length > 0;
}

export type StatementView = StatementRow & { agentUsername: string };

const statementView = { statement: agentCommissionStatements, agentUsername: members.username };

export async function findStatement(
  executor: Executor,
  id: bigint,
): Promise<StatementView | undefined> {
  const rows = await executor
    .select(statementView)
    .from(agentCommissionStatements)
    .innerJoin(members, eq(members.id, agentCommissionStatements.agentMemberId))
    .where(eq(agentCommissionStatements.id, id));
  const row = rows[0];
  return row && { ...row.statement, agentUsername: row.agentUsername };
}

export async function listStatements(
  executor: Executor,
  filter: {
    brandCode?: string | undefined;
    agentMemberId?: bigint | undefined;
    month?: string | undefined;
    status?: StatementStatus | undefined;
    username?: string | undefined;
  } & Page,
): Promise<{ rows: StatementView[]; total: number }> {
  const where = and(
    filter.brandCode === undefined
      ? undefined
      : eq(agentCommissionStatements.brandCode, filter.brandCode),
    filter.agentMemberId === undefined
      ? undefined
      : eq(agentCommissionStatements.agentMemberId, filter.agentMemberId),
    filter.month === undefined ? undefined : eq(agentCommissionStatements.month, filter.month),
    filter.status === undefined ? undefined : eq(agentCommissionStatements.status, filter.status),
    usernameIs(filter.username),
  );
  const rows = await executor
    .select(statementView)
    .from(agentCommissionStatements)
    .innerJoin(members, eq(members.id, agentCommissionStatements.agentMemberId))
    .where(where)
    .orderBy(desc(agentCommissionStatements.month), desc(agentCommissionStatements.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const totals = await executor
    .select({ total: count() })
    .from(agentCommissionStatements)
    .innerJoin(members, eq(members.id, agentCommissionStatements.agentMemberId))
    .where(where);
  return {
    rows: rows.map((row) => ({ ...row.statement, agentUsername: row.agentUsername })),
    total: totals[0]?.total ?? 0,
  };
}

export type StatementFigures = Pick<
  StatementRow,
  | 'activeMembers'
  | 'betMinor'
  | 'validBetMinor'
  | 'payoutMinor'
  | 'bonusMinor'
  | 'netRevenueMinor'
  | 'shareBp'
  | 'commissionMinor'
>;

/** New figures for a statement still pending; false when it was decided meanwhile. */
export async function updatePendingStatement(
  executor: Executor,
  id: bigint,
  figures: StatementFigures,
): Promise<boolean> {
  const rows = await executor
    .update(agentCommissionStatements)
    .set(figures)
    .where(
      and(eq(agentCommissionStatements.id, id), eq(agentCommissionStatements.status, 'pending')),
    )
    .returning({ id: agentCommissionStatements.id });
  return rows.length > 0;
}

/**
 * Decides a statement that is still pending with the commission the decision was made on; false
 * when another decision or a regeneration came first (the caller's transaction then rolls back).
 */
export async function decidePendingStatement(
  executor: Executor,
  id: bigint,
  decision: {
    expectedCommissionMinor: bigint;
    status: 'approved' | 'rejected' | 'paid';
    reviewedBy: string;
    reviewNote: string | null;
    ledgerEntryId: bigint | null;
  },
): Promise<boolean> {
  const { expectedCommissionMinor, ...change } = decision;
  const conditions: SQL[] = [
    eq(agentCommissionStatements.id, id),
    eq(agentCommissionStatements.status, 'pending'),
    eq(agentCommissionStatements.commissionMinor, expectedCommissionMinor),
  ];
  const rows = await executor
    .update(agentCommissionStatements)
    .set({ ...change, decidedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: agentCommissionStatements.id });
  return rows.length > 0;
}

/** The brand of agentApplications row `id`, or null when there is none (the operator guard's rule). */
export function agentApplicationBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(
    executor,
    agentApplications,
    agentApplications.brandCode,
    agentApplications.id,
    id,
  );
}

/** The brand of agents row `memberId`, or null when there is none (the operator guard's rule). */
export function agentBrand(executor: Executor, memberId: bigint): Promise<string | null> {
  return brandCodeOf(executor, agents, agents.brandCode, agents.memberId, memberId);
}

/** The brand of agentCommissionStatements row `id`, or null when there is none (the operator guard's rule). */
export function agentStatementBrand(executor: Executor, id: bigint): Promise<string | null> {
  return brandCodeOf(
    executor,
    agentCommissionStatements,
    agentCommissionStatements.brandCode,
    agentCommissionStatements.id,
    id,
  );
}
