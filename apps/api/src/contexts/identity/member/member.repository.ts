import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client.ts';
import { members } from './member.schema.ts';

export type MemberRow = typeof members.$inferSelect;
export type NewMemberRow = typeof members.$inferInsert;

export async function insertMember(executor: Executor, member: NewMemberRow): Promise<MemberRow> {
  const rows = await executor.insert(members).values(member).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into members returned no row');
  return row;
}

export async function findMemberById(
  executor: Executor,
  brandCode: string,
  id: bigint,
): Promise<MemberRow | undefined> {
  const rows = await executor
    .select()
    .from(members)
    .where(and(eq(members.brandCode, brandCode), eq(members.id, id)));
  return rows[0];
}

/** The members of these ids, of any brand (those that exist), with their identifiers. */
export async function findMembersByIds(
  executor: Executor,
  ids: readonly bigint[],
): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(members)
    .where(inArray(members.id, [...ids]));
}

export async function findMemberByUsername(
  executor: Executor,
  brandCode: string,
  usernameKey: string,
): Promise<MemberRow | undefined> {
  const rows = await executor
    .select()
    .from(members)
    .where(and(eq(members.brandCode, brandCode), eq(members.usernameKey, usernameKey)));
  return rows[0];
}

function memberKeyQuery(db: Database) {
  return db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(
      and(
        eq(members.brandCode, sql.placeholder('brandCode')),
        eq(members.usernameKey, sql.placeholder('usernameKey')),
      ),
    )
    .prepare('member_by_username');
}

const memberKeyQueries = new WeakMap<Database, ReturnType<typeof memberKeyQuery>>();

/**
 * A member's id and username by username, prepared once per database: for a path that names a
 * member and needs no more of them (an operator's adjustment).
 */
export async function findMemberKey(
  db: Database,
  brandCode: string,
  usernameKey: string,
): Promise<{ id: bigint; username: string } | undefined> {
  let query = memberKeyQueries.get(db);
  if (!query) {
    query = memberKeyQuery(db);
    memberKeyQueries.set(db, query);
  }
  return (await query.execute({ brandCode, usernameKey }))[0];
}

export async function findMemberByPhone(
  executor: Executor,
  brandCode: string,
  areaCode: string,
  phone: string,
): Promise<MemberRow | undefined> {
  const rows = await executor
    .select()
    .from(members)
    .where(
      and(
        eq(members.brandCode, brandCode),
        eq(members.phoneAreaCode, areaCode),
        eq(members.phone, phone),
      ),
    );
  return rows[0];
}

export async function findMemberByEmail(
  executor: Executor,
  brandCode: string,
  email: string,
): Promise<MemberRow | undefined> {
  const rows = await executor
    .select()
    .from(members)
    .where(and(eq(members.brandCode, brandCode), eq(members.email, email)));
  return rows[0];
}

export async function findMemberByInviteCode(
  executor: Executor,
  brandCode: string,
  inviteCode: string,
): Promise<MemberRow | undefined> {
  const rows = await executor
    .select()
    .from(members)
    .where(and(eq(members.brandCode, brandCode), eq(members.inviteCode, inviteCode)));
  return rows[0];
}

type MemberChanges = Partial<
  Pick<
    NewMemberRow,
    | 'passwordHash'
    | 'phoneAreaCode'
    | 'phone'
    | 'email'
    | 'realName'
    | 'avatarUrl'
    | 'withdrawPasswordHash'
    | 'passwordChangedAt'
  >
>;

/**
 * Updates a member. `onlyWhereNull` names a column that must still be empty, so that set-once
 * fields (real name, a first binding) are never overwritten by a race; false when nothing
 * changed.
 */
export async function updateMember(
  executor: Executor,
  brandCode: string,
  id: bigint,
  changes: MemberChanges,
  onlyWhereNull?: 'realName' | 'phone' | 'email' | 'withdrawPasswordHash',
): Promise<MemberRow | undefined> {
  const conditions = [eq(members.brandCode, brandCode), eq(members.id, id)];
  if (onlyWhereNull) conditions.push(sql`${members[onlyWhereNull]} is null`);
  const rows = await executor
    .update(members)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(...conditions))
    .returning();
  return rows[0];
}

/** Records a successful login; the login before it becomes the "last login" members see. */
export async function recordLogin(
  executor: Executor,
  id: bigint,
  ip: string,
): Promise<MemberRow | undefined> {
  const rows = await executor
    .update(members)
    .set({
      previousLoginAt: sql`${members.lastLoginAt}`,
      previousLoginIp: sql`${members.lastLoginIp}`,
      lastLoginAt: sql`now()`,
      lastLoginIp: ip,
    })
    .where(eq(members.id, id))
    .returning();
  return rows[0];
}

export async function updateMemberAvatar(
  executor: Executor,
  id: bigint,
  url: string,
): Promise<void> {
  await executor
    .update(members)
    .set({ avatarUrl: url, updatedAt: sql`now()` })
    .where(eq(members.id, id));
}

/** The brand of a member id, or null when there is none (the operator guard's brand rule). */
export async function memberBrandOf(executor: Executor, id: bigint): Promise<string | null> {
  const rows = await executor
    .select({ brandCode: members.brandCode })
    .from(members)
    .where(eq(members.id, id));
  return rows[0]?.brandCode ?? null;
}

/**
 * A member under a row lock until the transaction ends: an operator's change of the account's
 * status and restrictions holds it, so two changes of one member never interleave.
 */
export async function lockMember(
  executor: Executor,
  brandCode: string,
  id: bigint,
): Promise<MemberRow | undefined> {
  const rows = await executor
    .select()
    .from(members)
    .where(and(eq(members.brandCode, brandCode), eq(members.id, id)))
    .for('update');
  return rows[0];
}

/** Sets whether the member may log in ('disabled': the login and every session refuse). */
export async function setMemberStatus(
  executor: Executor,
  id: bigint,
  status: 'active' | 'disabled',
): Promise<void> {
  await executor
    .update(members)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(members.id, id));
}
