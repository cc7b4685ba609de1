import { sql } from 'drizzle-orm';
import { decimalTextSql } from '../../../db/money-sql.ts';
import { operatorActionInsertSql } from '../../identity/operator/index.ts';
import { eventCtes } from '../../platform/audit/index.ts';
import type { InsertPart } from '../ledger/index.ts';

const placeholder = (name: string) => sql.placeholder(name);

/**
 * An adjustment's records, written by the movement's own statement (the ledger's insert part):
 * the operator's action-log row (`oa_*` placeholders) and the significant event
 * `balance_adjusted` (`au_*`, platform/audit), each with the entry's id and the wallet's
 * balance before and after, which only that statement knows: after is the wallet's row as the
 * movement left it, before is that less the amount (`adj_amount`, minor units), both as decimal
 * text of the currency (`adj_unit`, its minor unit). `adj_event` is the event's own details.
 * Built once.
 */
export const ADJUSTMENT_RECORD: InsertPart['build'] = ({ entry, moved }) => {
  const unit = sql`${placeholder('adj_unit')}::text`;
  const before = decimalTextSql(
    sql`wallet.balance_minor - ${placeholder('adj_amount')}::bigint`,
    unit,
  );
  const after = decimalTextSql(sql`wallet.balance_minor`, unit);
  const from = sql`${entry} cross join (select balance_minor from ${moved} where kind = 'member_wallet') as wallet`;
  const balances = sql`jsonb_build_object('entryId', ${entry}.id::text,
      'before', jsonb_build_object('balance', ${before}),
      'after', jsonb_build_object('balance', ${after}))`;
  return sql`adj_log as (${operatorActionInsertSql(from, balances)}),
    ${eventCtes({ from, details: sql`${placeholder('adj_event')}::jsonb || ${balances}` })}`;
};
