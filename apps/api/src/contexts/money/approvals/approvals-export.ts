import { adminApprovalsExportEndpoint, type ApprovalKind } from '@lobby/contracts';
import { toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { csvColumns, type CsvExport } from '../../../lib/csv-export.ts';
import { brandFilter, type OperatorIdentity } from '../../../plugins/operator-auth.ts';
import { exportLog, type ActionRecorder } from '../../identity/operator/index.ts';
import { approvalRequestBatch, type ApprovalRow } from './approvals.repository.ts';

export type ApprovalsExportQuery = {
  status: ApprovalRow['status'];
  brand?: string | undefined;
  kind?: ApprovalKind | undefined;
};

/**
 * The approvals queue as CSV: the list's filter within the operator's brands, pending and
 * approving requests oldest first, decided ones newest first, by id (a key that never changes).
 */
export function approvalsExport(
  deps: { db: Database; operators: ActionRecorder },
  operator: OperatorIdentity,
  query: ApprovalsExportQuery,
  ip: string,
): CsvExport<ApprovalRow> {
  const filter = {
    status: query.status,
    brands: brandFilter(operator, query.brand || undefined),
    kind: query.kind,
  };
  const order = query.status === 'pending' || query.status === 'approving' ? 'asc' : 'desc';
  return {
    name: 'approvals',
    columns: csvColumns(adminApprovalsExportEndpoint.columns, {
      id: (row) => row.id,
      brand: (row) => row.brandCode,
      kind: (row) => row.kind,
      target: (row) => row.target,
      amount: (row) => toDecimalString(row.amountMinor, row.currency as CurrencyCode),
      currency: (row) => row.currency,
      reason: (row) => row.reason,
      status: (row) => row.status,
      requested_by: (row) => row.requestedByName,
      requested_at: (row) => row.requestedAt,
      decided_by: (row) => row.decidedByName,
      decided_at: (row) => row.decidedAt,
      decision_note: (row) => row.decisionNote,
    }),
    read: (after, limit) =>
      approvalRequestBatch(deps.db, filter, { order, afterId: after?.id, limit }),
    log: exportLog(deps.operators, deps.db, operator, { list: 'approvals', filter: query, ip }),
  };
}
