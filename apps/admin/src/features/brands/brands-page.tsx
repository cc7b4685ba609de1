import { useState } from 'react';
import { Alert, Button, Space, Table, Tag } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminBrandsEndpoint, type AdminBrandListItem } from '@lobby/contracts';
import { ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { CopyBrandDialog } from './copy-brand-dialog.tsx';

/**
 * The brands of the operator's scope, each opening to its settings; operators of every brand
 * may create one as a copy of another.
 */
export default function BrandsPage() {
  const { t } = useTranslation('brands');
  const operator = useOperator();
  const list = useEndpointQuery(adminBrandsEndpoint);
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const mayCreate = operator.brands === 'all';
  const items = list.data?.items ?? [];
  return (
    <ListPage
      title={t('title')}
      extra={
        mayCreate ? (
          <Button
            icon={<CopyOutlined />}
            data-testid="brand-copy"
            disabled={items.length === 0}
            onClick={() => setCopyFrom(items[0]?.code ?? null)}
          >
            {t('copy')}
          </Button>
        ) : null
      }
      filters={<Alert type="info" showIcon title={t('intro')} />}
    >
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<AdminBrandListItem>
          data-testid="brands-list"
          rowKey="code"
          size="middle"
          loading={list.isPending}
          dataSource={items}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          columns={[
            {
              title: t('code'),
              dataIndex: 'code',
              render: (code: string) => <Link to={`/brands/${code}`}>{code}</Link>,
            },
            {
              title: t('siteName'),
              key: 'siteName',
              render: (_, row) => (
                <Space>
                  {row.siteName}
                  {row.isDefault ? <Tag color="blue">{t('isDefault')}</Tag> : null}
                  {row.enabled ? null : <Tag color="red">{t('disabled')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('primary'),
              key: 'primary',
              render: (_, row) => (
                <Space>
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 16,
                      height: 16,
                      borderRadius: 4,
                      background: row.primary,
                      border: '1px solid rgba(0,0,0,0.15)',
                      verticalAlign: 'middle',
                    }}
                  />
                  <code>{row.primary}</code>
                </Space>
              ),
            },
            { title: t('language'), dataIndex: 'language' },
            { title: t('currency'), dataIndex: 'currencyCode' },
            {
              title: t('hosts'),
              key: 'hosts',
              render: (_, row) => row.hosts.join(', '),
            },
            {
              title: t('updatedAt'),
              key: 'updatedAt',
              render: (_, row) => formatDateTime(row.updatedAt),
            },
            {
              title: '',
              key: 'actions',
              render: (_, row) => (
                <Space>
                  <Link to={`/brands/${row.code}`}>
                    <Button size="small" type="primary" data-testid={`brand-open-${row.code}`}>
                      {t('open')}
                    </Button>
                  </Link>
                  {mayCreate ? (
                    <Button size="small" onClick={() => setCopyFrom(row.code)}>
                      {t('copy')}
                    </Button>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      )}
      {copyFrom !== null ? (
        <CopyBrandDialog
          from={copyFrom}
          brands={items.map((item) => item.code)}
          onClose={() => setCopyFrom(null)}
        />
      ) : null}
    </ListPage>
  );
}
