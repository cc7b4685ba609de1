import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { RISK_ALERT_STATUSES, RISK_RULES, type RiskDetails } from '@lobby/contracts';
import { members } from '../../identity/member/member.schema.ts';
import { operators } from '../../identity/operator/operator.schema.ts';

/** The risk module's tables: its repository is the only code that reads or writes them. */

/**
 * Alerts raised by the risk rules (issue 15, point 8). One open alert per member and rule: a
 * repeated hit while it is open counts on it (`hits`, `last_hit_at`, the latest figures). An
 * operator claims, notes and resolves it; freezing the member is the member record's freeze.
 */
export const riskAlerts = pgTable(
  'risk_alerts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    rule: text('rule', { enum: RISK_RULES }).notNull(),
    status: text('status', { enum: RISK_ALERT_STATUSES }).notNull().default('open'),
    details: jsonb('details').$type<RiskDetails>().notNull().default({}),
    hits: integer('hits').notNull().default(1),
    withdrawalOrderNo: text('withdrawal_order_no'),
    withdrawalHeld: boolean('withdrawal_held').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: bigint('claimed_by', { mode: 'bigint' }).references(() => operators.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    resolvedBy: bigint('resolved_by', { mode: 'bigint' }).references(() => operators.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
    memberFrozenAt: timestamp('member_frozen_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('risk_alerts_one_open')
      .on(table.memberId, table.rule)
      .where(sql`${table.status} = 'open'`),
    index('risk_alerts_queue').on(table.brandCode, table.status, table.createdAt),
  ],
);

/** Notes on an alert: append-only, with their author. */
export const riskAlertNotes = pgTable(
  'risk_alert_notes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    alertId: bigint('alert_id', { mode: 'bigint' })
      .notNull()
      .references(() => riskAlerts.id),
    brandCode: text('brand_code').notNull(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('risk_alert_notes_alert').on(table.alertId)],
);

/**
 * Failed deposit attempts as the rule counts them: a rejected order, a payment the gateway
 * reports failed. `failure_key` names the attempt (the order and the gateway's trade), so a
 * repeated notification counts once.
 */
export const riskDepositFailures = pgTable(
  'risk_deposit_failures',
  {
    failureKey: text('failure_key').primaryKey(),
    brandCode: text('brand_code').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('risk_deposit_failures_member').on(table.memberId, table.createdAt)],
);
