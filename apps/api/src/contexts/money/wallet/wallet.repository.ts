import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { memberBalancesRow } from '../ledger/index.ts';
import { outstandingSql } from '../turnover/index.ts';

/** Which member's money, as SQL parameters for the parts each module writes. */
export type MemberCurrencySql = { brandCode: SQL; memberId: SQL; currency: SQL };

export type MemberBalanceRow = {
  walletMinor: bigint;
  lockedMinor: bigint;
  platformsMinor: bigint;
  inTransitMinor: bigint;
  turnoverMinor: bigint;
};

export type MemberBalanceReader = (member: {
  brandCode: string;
  memberId: bigint;
  currency: string;
}) => Promise<MemberBalanceRow>;

/**
 * Everything the member's balance shows, in one prepared statement and one round trip: the
 * ledger's accounts, the turnover still to bet, and the money in transit to or from the
 * platforms (a part the games context writes, given as `inTransit`). Each part reads by its
 * index. Prepared once per database handle: PostgreSQL parses and plans it once per connection.
 */
export function memberBalanceReader(
  db: Database,
  inTransit: (member: MemberCurrencySql) => SQL,
): MemberBalanceReader {
  const params: MemberCurrencySql = {
    brandCode: sql`${sql.placeholder('brandCode')}`,
    memberId: sql`${sql.placeholder('memberId')}::bigint`,
    currency: sql`${sql.placeholder('currency')}`,
  };
  const prepared = db
    .select({
      walletMinor: sql<string>`b.wallet_minor`,
      lockedMinor: sql<string>`b.locked_minor`,
      platformsMinor: sql<string>`b.platforms_minor`,
      inTransitMinor: sql<string>`${inTransit(params)}`,
      turnoverMinor: sql<string>`${outstandingSql(params)}`,
    })
    .from(sql`(${memberBalancesRow(params)}) as b`)
    .prepare('wallet_member_balance');
  return async (member) => {
    const [row] = await prepared.execute({
      brandCode: member.brandCode,
      memberId: String(member.memberId),
      currency: member.currency,
    });
    if (!row) throw new Error('the balance read returned no row');
    return {
      walletMinor: BigInt(row.walletMinor),
      lockedMinor: BigInt(row.lockedMinor),
      platformsMinor: BigInt(row.platformsMinor),
      inTransitMinor: BigInt(row.inTransitMinor),
      turnoverMinor: BigInt(row.turnoverMinor),
    };
  };
}
