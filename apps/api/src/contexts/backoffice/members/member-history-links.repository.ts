import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../../db/client.ts';
import { members, memberSessions } from '../../identity/member/index.ts';
import { payoutAccounts, type PayoutAccountRow } from '../../money/payout/index.ts';

/**
 * Linked accounts: the members who share a device, an address, a payout account, a phone or an
 * e-mail with one member, across brands. Every lookup goes through an index on the shared value
 * and reads a bounded number of rows, so a value thousands share (a carrier's NAT address, a
 * cybercafé's device) costs no more than the bound and is reported as capped.
 */

export type LinkKind = 'device' | 'ip' | 'payout_account' | 'phone' | 'email';

/** What the member has that others may share. */
export type OwnLinkValues = {
  phoneAreaCode: string | null;
  phone: string | null;
  email: string | null;
  registerIp: string | null;
  registerDeviceNo: string | null;
  /** Addresses and devices of the member's latest sessions (logins), newest first. */
  sessions: { ip: string | null; deviceNo: string | null }[];
  /** Every payout account the member held, removed ones too. */
  accounts: PayoutAccountRow[];
};

/** A member sharing `value` (as the member asked about has it) in the way `kind` says. */
export type LinkHit = { memberId: bigint; kind: LinkKind; value: string };

export async function ownLinkValues(
  executor: Executor,
  memberId: bigint,
  sessionLimit: number,
): Promise<OwnLinkValues | null> {
  const [member] = await executor
    .select({
      phoneAreaCode: members.phoneAreaCode,
      phone: members.phone,
      email: members.email,
      registerIp: members.registerIp,
      registerDeviceNo: members.registerDeviceNo,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) return null;
  const sessions = await executor
    .select({ ip: memberSessions.ip, deviceNo: memberSessions.deviceNo })
    .from(memberSessions)
    .where(eq(memberSessions.memberId, memberId))
    .orderBy(desc(memberSessions.id))
    .limit(sessionLimit);
  const accounts = await executor
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.memberId, memberId));
  return { ...member, sessions, accounts };
}

/**
 * Other members whose `column` (in `table`, member id in `memberColumn`) holds one of `values`:
 * at most `scanLimit` rows are read, deduplicated after; `full` says the bound was reached.
 */
async function sharing(
  executor: Executor,
  source: { table: PgTable; memberColumn: AnyPgColumn; column: AnyPgColumn; extra?: SQL },
  memberId: bigint,
  values: readonly string[],
  scanLimit: number,
): Promise<{ rows: { memberId: bigint; value: string }[]; full: boolean }> {
  if (values.length === 0) return { rows: [], full: false };
  const where = and(
    inArray(source.column, [...values]),
    ne(source.memberColumn, memberId),
    source.extra,
  );
  const rows = await queryRows<{ member_id: string; value: string }>(
    executor,
    sql`select ${source.memberColumn}::text as member_id, ${source.column} as value
        from ${source.table} where ${where} limit ${scanLimit}`,
  );
  const seen = new Map<string, { memberId: bigint; value: string }>();
  for (const row of rows) {
    seen.set(`${row.member_id}\u0000${row.value}`, {
      memberId: BigInt(row.member_id),
      value: row.value,
    });
  }
  return { rows: [...seen.values()], full: rows.length >= scanLimit };
}

export type LinkLookup = {
  memberId: bigint;
  devices: readonly string[];
  ips: readonly string[];
  /** Account numbers by payout type. */
  accounts: readonly { type: PayoutAccountRow['type']; accountNumber: string }[];
  phone: { areaCode: string | null; phone: string } | null;
  email: string | null;
};

/** The members linked to one, each way they are, and whether any lookup reached its bound. */
export async function linkedMembers(
  executor: Executor,
  lookup: LinkLookup,
  scanLimit: number,
): Promise<{ hits: LinkHit[]; capped: boolean }> {
  const id = lookup.memberId;
  const sessions = { table: memberSessions, memberColumn: memberSessions.memberId };
  const registered = { table: members, memberColumn: members.id };
  const byType = new Map<string, string[]>();
  for (const account of lookup.accounts) {
    byType.set(account.type, [...(byType.get(account.type) ?? []), account.accountNumber]);
  }
  const lookups: { kind: LinkKind; found: () => ReturnType<typeof sharing> }[] = [
    {
      kind: 'device',
      found: () =>
        sharing(
          executor,
          { ...registered, column: members.registerDeviceNo },
          id,
          lookup.devices,
          scanLimit,
        ),
    },
    {
      kind: 'device',
      found: () =>
        sharing(
          executor,
          { ...sessions, column: memberSessions.deviceNo },
          id,
          lookup.devices,
          scanLimit,
        ),
    },
    {
      kind: 'ip',
      found: () =>
        sharing(executor, { ...registered, column: members.registerIp }, id, lookup.ips, scanLimit),
    },
    {
      kind: 'ip',
      found: () =>
        sharing(executor, { ...sessions, column: memberSessions.ip }, id, lookup.ips, scanLimit),
    },
    ...[...byType].map(([type, numbers]) => ({
      kind: 'payout_account' as const,
      found: () =>
        sharing(
          executor,
          {
            table: payoutAccounts,
            memberColumn: payoutAccounts.memberId,
            column: payoutAccounts.accountNumber,
            extra: sql`${payoutAccounts.type} = ${type}`,
          },
          id,
          numbers,
          scanLimit,
        ),
    })),
  ];
  const { phone, email } = lookup;
  if (phone) {
    lookups.push({
      kind: 'phone',
      found: () =>
        sharing(
          executor,
          {
            ...registered,
            column: members.phone,
            extra:
              phone.areaCode === null
                ? sql`${members.phoneAreaCode} is null`
                : sql`${members.phoneAreaCode} = ${phone.areaCode}`,
          },
          id,
          [phone.phone],
          scanLimit,
        ),
    });
  }
  if (email) {
    lookups.push({
      kind: 'email',
      found: () =>
        sharing(executor, { ...registered, column: members.email }, id, [email], scanLimit),
    });
  }
  const hits: LinkHit[] = [];
  let capped = false;
  // One after another: one request holds one connection at a time.
  for (const { kind, found } of lookups) {
    const { rows, full } = await found();
    capped ||= full;
    for (const row of rows) hits.push({ kind, ...row });
  }
  return { hits, capped };
}

export type LinkedMemberRow = {
  id: bigint;
  brandCode: string;
  username: string;
  status: 'active' | 'disabled';
};

export async function membersByIds(
  executor: Executor,
  ids: readonly bigint[],
): Promise<LinkedMemberRow[]> {
  if (ids.length === 0) return [];
  return executor
    .select({
      id: members.id,
      brandCode: members.brandCode,
      username: members.username,
      status: members.status,
    })
    .from(members)
    .where(inArray(members.id, [...ids]));
}
