import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { members } from './member.schema.ts';
import { memberSessions } from './session.schema.ts';

export type SessionRow = typeof memberSessions.$inferSelect;

export async function insertSession(
  executor: Executor,
  session: {
    brandCode: string;
    memberId: bigint;
    tokenHash: string;
    ip: string;
    deviceNo: string | null;
    userAgent: string | null;
  },
): Promise<SessionRow> {
  const rows = await executor.insert(memberSessions).values(session).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into member_sessions returned no row');
  return row;
}

export type LiveSession = {
  session: SessionRow;
  username: string;
  /** True when the token is the current one, false when it is the previous one in its grace. */
  current: boolean;
  idleSeconds: number;
  ageSinceRotationSeconds: number;
};

/**
 * The unrevoked session of a token hash in a brand, whose member is active: by the current token,
 * or by the previous token within `graceSeconds` of the rotation.
 */
export async function findLiveSession(
  executor: Executor,
  brandCode: string,
  tokenHash: string,
  graceSeconds: number,
): Promise<LiveSession | undefined> {
  const rows = await executor
    .select({
      session: memberSessions,
      username: members.username,
      idleSeconds: sql<number>`extract(epoch from now() - ${memberSessions.lastSeenAt})::float8`,
      ageSinceRotationSeconds: sql<number>`extract(epoch from now() - ${memberSessions.rotatedAt})::float8`,
    })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(
      and(
        eq(memberSessions.brandCode, brandCode),
        isNull(memberSessions.revokedAt),
        eq(members.status, 'active'),
        or(
          eq(memberSessions.tokenHash, tokenHash),
          and(
            eq(memberSessions.previousTokenHash, tokenHash),
            sql`${memberSessions.rotatedAt} > now() - make_interval(secs => ${graceSeconds})`,
          ),
        ),
      ),
    );
  const row = rows[0];
  if (!row) return undefined;
  return {
    session: row.session,
    username: row.username,
    current: row.session.tokenHash === tokenHash,
    idleSeconds: Number(row.idleSeconds),
    ageSinceRotationSeconds: Number(row.ageSinceRotationSeconds),
  };
}

/**
 * Records activity on many sessions at once, and tells which of them are still live (unrevoked,
 * their member active): the ids it returns. One statement, by primary key.
 */
export async function touchSessions(executor: Executor, ids: bigint[]): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .update(memberSessions)
    .set({ lastSeenAt: sql`now()` })
    .from(members)
    .where(
      and(
        sql`${memberSessions.id} = any(${sql.param(ids.map(String))}::bigint[])`,
        isNull(memberSessions.revokedAt),
        eq(members.id, memberSessions.memberId),
        eq(members.status, 'active'),
      ),
    )
    .returning({ id: memberSessions.id });
  return rows.map((row) => row.id);
}

/**
 * Replaces the token, keeping the old one as the previous; only when the old one is still the
 * current token, so two requests racing to rotate rotate once. True when this call rotated.
 */
export async function rotateSessionToken(
  executor: Executor,
  id: bigint,
  oldHash: string,
  newHash: string,
): Promise<boolean> {
  const rows = await executor
    .update(memberSessions)
    .set({
      tokenHash: newHash,
      previousTokenHash: oldHash,
      rotatedAt: sql`now()`,
      lastSeenAt: sql`now()`,
    })
    .where(and(eq(memberSessions.id, id), eq(memberSessions.tokenHash, oldHash)))
    .returning({ id: memberSessions.id });
  return rows.length > 0;
}

/** Revokes one session; its member's id when this call revoked it. */
export async function revokeSession(
  executor: Executor,
  id: bigint,
  reason: string,
): Promise<bigint | undefined> {
  const rows = await executor
    .update(memberSessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(memberSessions.id, id), isNull(memberSessions.revokedAt)))
    .returning({ memberId: memberSessions.memberId });
  return rows[0]?.memberId;
}

/** Revokes every live session of a member, or every one but `exceptId`; returns how many. */
export async function revokeMemberSessions(
  executor: Executor,
  memberId: bigint,
  reason: string,
  exceptId?: bigint,
): Promise<number> {
  const conditions = [eq(memberSessions.memberId, memberId), isNull(memberSessions.revokedAt)];
  if (exceptId !== undefined) conditions.push(ne(memberSessions.id, exceptId));
  const rows = await executor
    .update(memberSessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(...conditions))
    .returning({ id: memberSessions.id });
  return rows.length;
}
