/** A share in basis points as a percentage: 2500 -> "25%", 1250 -> "12.5%". */
export function formatShare(shareBp: number): string {
  return `${Number((shareBp / 100).toFixed(2))}%`;
}

/** The status tag of a statement or application status. */
export const STATEMENT_STATUS_CLASS = {
  pending: 'status-tag status-tag--todo',
  approved: 'status-tag status-tag--muted',
  paid: 'status-tag status-tag--ok',
  rejected: 'status-tag status-tag--fail',
} as const;
