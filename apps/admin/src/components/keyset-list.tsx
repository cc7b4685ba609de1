import type { ReactNode } from 'react';
import { Button, Flex, Table, Typography, type TableProps } from 'antd';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from './query-error.tsx';

/**
 * A keyset list (`useInfiniteQuery` pages, newest first) in one table with a "load more" footer:
 * how many rows are shown, then the button while there are more. A failed first load shows the
 * error with a retry in place of the table; a failed next page shows it above the footer.
 */
export function KeysetList<Row extends object>({
  pages,
  rows,
  shown,
  columns,
  rowKey,
  expandable,
  moreTestId,
}: {
  pages: UseInfiniteQueryResult<unknown, Error>;
  rows: Row[];
  /** The footer's count text ("50 shown"). */
  shown: ReactNode;
  columns: NonNullable<TableProps<Row>['columns']>;
  rowKey: TableProps<Row>['rowKey'];
  expandable?: TableProps<Row>['expandable'];
  moreTestId?: string;
}) {
  const { t } = useTranslation('common');
  if (pages.isError && rows.length === 0) {
    return <QueryError error={pages.error} onRetry={() => void pages.refetch()} />;
  }
  return (
    <Flex vertical gap={12}>
      <Table<Row>
        size="middle"
        bordered
        rowKey={rowKey}
        dataSource={rows}
        loading={pages.isFetching && !pages.isFetchingNextPage}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        expandable={expandable}
        columns={columns}
      />
      {pages.isError ? (
        <QueryError error={pages.error} onRetry={() => void pages.fetchNextPage()} />
      ) : null}
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{shown}</Typography.Text>
        {pages.hasNextPage ? (
          <Button
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
            data-testid={moreTestId}
          >
            {t('loadMore')}
          </Button>
        ) : rows.length > 0 ? (
          <Typography.Text type="secondary">{t('noMore')}</Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
