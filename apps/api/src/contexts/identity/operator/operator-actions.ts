import type { Executor } from '../../../db/client.ts';
import type { CsvExportResult } from '../../../lib/csv-export.ts';
import type { OperatorIdentity } from '../../../plugins/operator-auth.ts';

/**
 * Helpers for the action log's `before` and `after` (kept in `details`, which the reader shows
 * as fields of their own): the fields a change changed, with their values on each side. A
 * created record has no `before` (null), a removed one no `after`; an action that changed
 * nothing has neither. Never whole records: no secrets, no password hashes.
 */

export type Change = {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Two values compare equal when their JSON does (arrays, objects, dates, bigints as text). */
function same(left: unknown, right: unknown): boolean {
  const json = (value: unknown) =>
    JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'bigint' ? inner.toString() : inner,
    );
  return json(left) === json(right);
}

/**
 * The fields of `after` whose values differ from `before`'s, each side with its own value (a
 * field only one side has counts as changed, the other side's value null). Values should be as
 * shown to operators (decimal strings, ISO instants), which JSON keeps. `ignore` leaves out
 * fields every change touches (`updatedAt`, `updatedBy`: the log row has who and when).
 */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: readonly string[] = [],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (ignore.includes(key) || same(before[key], after[key])) continue;
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = after[key] ?? null;
  }
  return { before: changedBefore, after: changedAfter };
}

/** `row` without `fields` (a created or removed record as its log row shows it). */
export function omit<Row extends Record<string, unknown>>(
  row: Row,
  fields: readonly string[],
): Partial<Row> {
  return Object.fromEntries(
    Object.entries(row).filter(([key]) => !fields.includes(key)),
  ) as Partial<Row>;
}

/** What `exportLog` writes with: the operator service's `record` (an ActionRecorder). */
type Recorder = {
  record(
    executor: Executor,
    identity: OperatorIdentity,
    action: {
      action: string;
      brandCode?: string;
      targetType?: string;
      targetId?: string;
      details?: Record<string, unknown>;
      ip: string;
    },
  ): Promise<void>;
};

/**
 * The `log` of a CSV export (lib/csv-export.ts): an action-log row `export`, target type the
 * list, with the filter asked, the rows sent and how it ended. Its brand is the record's (an
 * export of one record's list, `target` naming it), else the brand filtered on, else the
 * operator's only brand, else none (an operator of every brand, several brands).
 * Written on its own once the export ends: an export changes nothing.
 */
export function exportLog(
  recorder: Recorder,
  executor: Executor,
  operator: OperatorIdentity,
  entry: {
    list: string;
    filter: Record<string, unknown>;
    ip: string;
    /** The record whose list it is (a member's ledger): its brand and id. */
    target?: { brandCode: string; id: string };
  },
): (result: CsvExportResult) => Promise<void> {
  const named = typeof entry.filter.brand === 'string' && entry.filter.brand !== '';
  const brandCode = entry.target
    ? entry.target.brandCode
    : named
      ? (entry.filter.brand as string)
      : operator.brands !== 'all' && operator.brands.length === 1
        ? operator.brands[0]
        : undefined;
  const filter = Object.fromEntries(
    Object.entries(entry.filter).filter(([, value]) => value !== undefined && value !== ''),
  );
  return (result) =>
    recorder.record(executor, operator, {
      action: 'export',
      ...(brandCode ? { brandCode } : {}),
      targetType: entry.list,
      ...(entry.target ? { targetId: entry.target.id } : {}),
      details: { filter, rows: result.rows, outcome: result.outcome },
      ip: entry.ip,
    });
}
