import type { ReactNode } from 'react';
import { EmptyState } from './page.tsx';
import type { IconName } from './icon.tsx';

export type Column = { key: string; label: string; align?: 'start' | 'end' | 'center' };

/**
 * A table with its real columns; an empty body says there is nothing yet. With `stack`, each
 * row becomes a card of label and value lines at phone width instead of a table to scroll.
 */
export function DataTable({
  columns,
  rows = [],
  emptyTitle,
  emptyHint,
  emptyIcon = 'inbox',
  stack = false,
  loading = false,
}: {
  columns: readonly Column[];
  rows?: readonly (Record<string, ReactNode> & { id: string })[];
  emptyTitle: string;
  emptyHint?: string;
  emptyIcon?: IconName;
  stack?: boolean;
  /** The first page is on its way: a placeholder row instead of "nothing yet". */
  loading?: boolean;
}) {
  return (
    <div className={stack ? 'data-table data-table--stack' : 'data-table'}>
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={`align-${column.align ?? 'start'}`} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="data-table__placeholder">
              <td colSpan={columns.length} className="data-table__empty">
                {loading ? (
                  <div className="data-table__loading">
                    <span className="skeleton skeleton--line" />
                    <span className="skeleton skeleton--line" />
                  </div>
                ) : (
                  <EmptyState icon={emptyIcon} title={emptyTitle} hint={emptyHint} compact />
                )}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} data-row={row.id}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={`align-${column.align ?? 'start'}`}
                    data-label={column.label}
                    data-column={column.key}
                  >
                    {row[column.key]}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
