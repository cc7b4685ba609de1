import type { ReactNode } from 'react';
import { Button, Card, Flex, Form, Table, Typography, type FormProps, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from './query-error.tsx';

/**
 * The list screen of the console: a title with its buttons, a filter bar, and a table with
 * server-side paging and sorting bound to the URL filters (lib/url-filters.ts). Loading, empty
 * and failed states are handled here, the last with a retry.
 */
export function ListPage({
  title,
  extra,
  tabs,
  filters,
  children,
}: {
  title: ReactNode;
  /** Buttons at the right of the title (create, export). */
  extra?: ReactNode;
  /** Tabs between the title and the filters, when a screen has several views. */
  tabs?: ReactNode;
  /** A <FilterBar>. */
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra ? <Flex gap={8}>{extra}</Flex> : null}
      </Flex>
      {tabs}
      {filters ? <Card size="small">{filters}</Card> : null}
      {children}
    </Flex>
  );
}

/**
 * The filter form of a list: inline fields, Search and Reset. Remounted when the URL changes
 * (`key`), so Back and a pasted link show their own filters in the fields.
 */
export function FilterBar<Values extends object>({
  initialValues,
  onSearch,
  onReset,
  children,
}: {
  initialValues: FormProps<Values>['initialValues'];
  onSearch: (values: Values) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Form<Values>
      // Field ids are `filters_<name>`, apart from those of a modal's form on the same page.
      name="filters"
      layout="inline"
      initialValues={initialValues}
      onFinish={onSearch}
      style={{ rowGap: 12 }}
    >
      {children}
      <Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button onClick={onReset}>{t('reset')}</Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}

/** The paging and sorting fields a list's URL filters may have. */
export type PagedFilters = {
  page?: number;
  pageSize?: number;
  sort?: string;
  order?: 'asc' | 'desc';
};

export type PagedResult<Row> = { items: Row[]; total: number };

/**
 * An antd Table over a paged list endpoint (`{items, total}`): page, page size and sorting are
 * read from and written to the URL filters. A column sorts on the server when it has
 * `sorter: true` and its `key` is a value of the endpoint's `sort`.
 */
export function ListTable<Row extends object>({
  result,
  filters,
  onChange,
  columns,
  rowKey,
  expandable,
}: {
  result: UseQueryResult<PagedResult<Row>, Error>;
  filters: PagedFilters;
  onChange: (patch: PagedFilters) => void;
  columns: NonNullable<TableProps<Row>['columns']>;
  rowKey: TableProps<Row>['rowKey'];
  expandable?: TableProps<Row>['expandable'];
}) {
  const { t } = useTranslation('common');
  if (result.isError) {
    return <QueryError error={result.error} onRetry={() => void result.refetch()} />;
  }
  const sorted = columns.map((column) =>
    column.sorter && column.key !== undefined
      ? {
          ...column,
          sortOrder:
            filters.sort === column.key
              ? filters.order === 'asc'
                ? ('ascend' as const)
                : ('descend' as const)
              : null,
        }
      : column,
  );
  return (
    <Table<Row>
      size="middle"
      bordered
      rowKey={rowKey}
      columns={sorted}
      dataSource={result.data?.items ?? []}
      loading={result.isFetching}
      expandable={expandable}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('empty') }}
      pagination={{
        current: filters.page ?? 1,
        pageSize: filters.pageSize ?? 50,
        total: result.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100, 200],
        showTotal: (total) => t('total', { total }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const single = (Array.isArray(sorter) ? sorter[0] : sorter) as
          SorterResult<Row> | undefined;
        const patch: PagedFilters = {
          page: pagination.current ?? 1,
          pageSize: pagination.pageSize ?? 50,
        };
        if (filters.sort !== undefined || single?.order) {
          const key = single?.order ? String(single.columnKey) : undefined;
          if (key !== filters.sort || (single?.order === 'ascend') !== (filters.order === 'asc')) {
            patch.sort = key;
            patch.order = single?.order === 'ascend' ? 'asc' : single?.order ? 'desc' : undefined;
            patch.page = 1;
          }
        }
        onChange(patch);
      }}
    />
  );
}
