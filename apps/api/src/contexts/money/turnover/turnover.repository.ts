import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { turnoverRequirements } from './turnover.schema.ts';

/** The turnover requirements table: the only SQL of the turnover module. */

type MemberCurrency = { brandCode: string; memberId: bigint; currency: string };

function ofMember(input: MemberCurrency) {
  return and(
    eq(turnoverRequirements.brandCode, input.brandCode),
    eq(turnoverRequirements.memberId, input.memberId),
    eq(turnoverRequirements.currency, input.currency),
  );
}

/** Adds to the member's outstanding amount, making the row on first use (an upsert). */
export async function addOutstanding(
  executor: Executor,
  input: MemberCurrency & { amountMinor: bigint },
): Promise<void> {
  await executor
    .insert(turnoverRequirements)
    .values({
      brandCode: input.brandCode,
      memberId: input.memberId,
      currency: input.currency,
      outstandingMinor: input.amountMinor,
    })
    .onConflictDoUpdate({
      target: [
        turnoverRequirements.brandCode,
        turnoverRequirements.memberId,
        turnoverRequirements.currency,
      ],
      set: {
        outstandingMinor: sql`${turnoverRequirements.outstandingMinor} + ${input.amountMinor}`,
        updatedAt: sql`now()`,
      },
    });
}

/** Takes an amount off the member's outstanding amount, stopping at zero. */
export async function reduceOutstanding(
  executor: Executor,
  input: MemberCurrency & { amountMinor: bigint },
): Promise<void> {
  await executor
    .update(turnoverRequirements)
    .set({
      outstandingMinor: sql`greatest(${turnoverRequirements.outstandingMinor} - ${input.amountMinor}, 0)`,
      updatedAt: sql`now()`,
    })
    .where(and(ofMember(input), sql`${turnoverRequirements.outstandingMinor} > 0`));
}

/** The member's outstanding amount; zero when there is no row. */
export async function findOutstanding(executor: Executor, input: MemberCurrency): Promise<bigint> {
  const rows = await executor
    .select({ outstanding: turnoverRequirements.outstandingMinor })
    .from(turnoverRequirements)
    .where(ofMember(input));
  return rows[0]?.outstanding ?? 0n;
}

/** The member's outstanding amount as a scalar subquery (text), for a read in one round trip. */
export function outstandingSql(member: { brandCode: SQL; memberId: SQL; currency: SQL }): SQL {
  return sql`coalesce((select ${turnoverRequirements.outstandingMinor} from ${turnoverRequirements}
    where ${turnoverRequirements.brandCode} = ${member.brandCode}
      and ${turnoverRequirements.memberId} = ${member.memberId}
      and ${turnoverRequirements.currency} = ${member.currency}), 0)::text`;
}

/** Sets the member's outstanding amount to zero under a row lock; answers what it was. */
export async function clearOutstanding(executor: Executor, input: MemberCurrency): Promise<bigint> {
  const before = await executor
    .select({ outstanding: turnoverRequirements.outstandingMinor })
    .from(turnoverRequirements)
    .where(ofMember(input))
    .for('update');
  await executor
    .update(turnoverRequirements)
    .set({ outstandingMinor: sql`0`, updatedAt: sql`now()` })
    .where(ofMember(input));
  return before[0]?.outstanding ?? 0n;
}
