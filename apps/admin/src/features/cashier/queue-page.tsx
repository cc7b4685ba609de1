import type { ReactNode } from 'react';
import { Flex, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { FilterBar, ListPage, ListTable, type PagedFilters } from '../../components/list-page.tsx';
import { formatMoney } from '../../lib/money.ts';
import {
  clearedFilters,
  filtersToForm,
  formToFilters,
  type QueueFilterFields,
  type QueueFormValues,
} from './cashier-logic.ts';
import {
  ClaimButtons,
  MemberCell,
  OpenLink,
  OrderCell,
  SharedQueueFields,
  type OrderKind,
  type ReviewRow,
} from './cashier-parts.tsx';

type QueueRow = ReviewRow & {
  createdAt: string;
  username: string;
  amount: string;
  currency: string;
  notesCount: number;
};

type Column<Row> = NonNullable<TableProps<Row>['columns']>[number];

/**
 * A cashier queue screen: title with the CSV export, the filter bar (the queue's own fields,
 * then those both queues share), and the table: order, member and amount first, the queue's own
 * `columns`, then claim and open at the right.
 */
export function QueuePage<Row extends QueueRow>({
  kind,
  title,
  listPath,
  filters,
  setFilters,
  result,
  ownFields,
  brandOf,
  isOpen,
  columns,
}: {
  kind: OrderKind;
  title: ReactNode;
  listPath: string;
  filters: QueueFilterFields & PagedFilters & Record<string, unknown>;
  // The queues' patch types differ; each takes its own endpoint's fields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  setFilters: (patch: any) => void;
  result: UseQueryResult<{ items: Row[]; total: number }, Error>;
  /** The queue's own filter fields (status, channel), before the shared ones. */
  ownFields: ReactNode;
  brandOf: (row: Row) => string;
  isOpen: (status: string) => boolean;
  columns: Column<Row>[];
}) {
  const { t } = useTranslation('cashier');
  const path = `/${kind}s`;
  return (
    <ListPage
      title={title}
      extra={<ExportCsvButton listPath={listPath} filters={filters} filename={`${kind}s`} />}
      filters={
        <FilterBar<QueueFormValues>
          key={JSON.stringify(filters)}
          initialValues={filtersToForm(filters)}
          onSearch={(values) => setFilters(formToFilters(values))}
          onReset={() => setFilters(clearedFilters(filters))}
        >
          {ownFields}
          <SharedQueueFields />
        </FilterBar>
      }
    >
      <ListTable<Row>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="orderNo"
        columns={[
          {
            title: `${t('orderNo')} / ${t('createdAt')}`,
            key: 'createdAt',
            sorter: true,
            fixed: 'left',
            render: (_, row) => (
              <OrderCell
                to={`${path}/${row.orderNo}`}
                orderNo={row.orderNo}
                createdAt={row.createdAt}
              />
            ),
          },
          {
            title: t('member'),
            key: 'member',
            render: (_, row) => <MemberCell username={row.username} brand={brandOf(row)} />,
          },
          {
            title: t('amount'),
            key: 'amount',
            sorter: true,
            align: 'right',
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.amount, row.currency)}</span>
            ),
          },
          ...columns,
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <Flex gap={8} align="center" wrap={false}>
                <ClaimButtons kind={kind} row={row} open={isOpen(row.status)} />
                <OpenLink to={`${path}/${row.orderNo}`} notes={row.notesCount} />
              </Flex>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
