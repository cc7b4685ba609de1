import type { ReactNode } from 'react';
import { EmptyState } from './page.tsx';
import type { IconName } from './icon.tsx';

export type Column = { key: string; label: string; align?: 'start' | 'end' | 'center' };

/**
 * A table with its real columns. Rows come with the issue that owns the data; until then
 * the body says there is nothing yet.
 */
export function DataTable({
  columns,
  rows = [],
  emptyTitle,
  emptyHint,
  emptyIcon = 'inbox',
}: {
  columns: readonly Column[];
  rows?: readonly (Record<string, ReactNode> & { id: string })[];
  emptyTitle: string;
  emptyHint?: string;
  emptyIcon?: IconName;
}) {
  return (
    <div className="data-table">
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
            <tr>
              <td colSpan={columns.length} className="data-table__empty">
                <EmptyState icon={emptyIcon} title={emptyTitle} hint={emptyHint} compact />
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {columns.map((column) => (
                  <td key={column.key} className={`align-${column.align ?? 'start'}`}>
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
