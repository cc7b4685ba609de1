import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The job-runs module's tables: its repository is the only code that reads or writes them. */

/**
 * One row per periodic sweep: when it last ran, how it ended, and a cursor it keeps so that
 * a sweep stopped half way resumes from database state.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  cursor: jsonb('cursor').$type<Record<string, unknown>>().notNull().default({}),
  runCount: integer('run_count').notNull().default(0),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastStatus: text('last_status'),
  lastError: text('last_error'),
  nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull().defaultNow(),
  runningOwner: text('running_owner'),
});
