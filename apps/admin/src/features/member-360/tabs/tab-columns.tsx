import { Typography, type TableProps } from 'antd';
import { formatDateTime } from '../../../lib/dates.ts';
import { Money } from '../parts.tsx';

type Column<Row> = NonNullable<TableProps<Row>['columns']>[number];

/** The first column of a tab's table: the row's number, fixed at the left, copyable. */
export function idColumn<Row>(
  title: string,
  key: string,
  value: (row: Row) => string,
): Column<Row> {
  return {
    title,
    key,
    fixed: 'left',
    render: (_, row) => <Typography.Text copyable>{value(row)}</Typography.Text>,
  };
}

/** A time in the operator's local time (empty when the row has none). */
export function timeColumn<Row>(
  title: string,
  key: string,
  value: (row: Row) => string | null,
): Column<Row> {
  return { title, key, render: (_, row) => formatDateTime(value(row)) };
}

/** The row's amount in its currency, aligned right. */
export function amountColumn<Row extends { amount: string; currency: string }>(
  title: string,
): Column<Row> {
  return {
    title,
    key: 'amount',
    align: 'right',
    render: (_, row) => <Money amount={row.amount} currency={row.currency} />,
  };
}

/** The decision's reason, reviewer and time: the last columns of an order's table. */
export function decisionColumns<
  Row extends { reason: string | null; reviewer: string | null; decidedAt: string | null },
>(titles: { reason: string; reviewer: string; decidedAt: string }): Column<Row>[] {
  return [
    { title: titles.reason, dataIndex: 'reason' },
    { title: titles.reviewer, dataIndex: 'reviewer' },
    timeColumn<Row>(titles.decidedAt, 'decidedAt', (row) => row.decidedAt),
  ];
}
