import { Button, Flex, Form, Select, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PROMOTION_KINDS,
  PROMOTION_STATUSES,
  adminPromotionsEndpoint,
  type AdminPromotion,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { PickBrand } from './parts.tsx';
import { pickText } from './promo-form.ts';
import { StatusActions, StatusTag } from './status-actions.tsx';

type FormValues = { brand?: string; status?: string; kind?: string };

/**
 * A brand's promotions in every status (`promo.manage`), filtered by status and kind in the URL:
 * open one to edit its texts and rules, publish, pause or end it with a reason.
 */
export default function PromotionsPage() {
  const { t, i18n } = useTranslation('marketing');
  const operator = useOperator();
  const [filters, setFilters] = useUrlFilters(adminPromotionsEndpoint.query);
  const brand =
    filters.brand ?? (operator.brands === 'all' ? undefined : operator.brands[0]) ?? undefined;
  const query = { ...filters, brand: brand ?? '' };
  const result = useEndpointQuery(adminPromotionsEndpoint, { query }, { enabled: !!brand });
  const cleared = { brand: undefined, status: undefined, kind: undefined };
  const columns = [
    { title: t('id'), dataIndex: 'id', key: 'id' },
    {
      title: t('kind'),
      key: 'kind',
      render: (_: unknown, row: AdminPromotion) => <Tag color="blue">{t(`kinds.${row.kind}`)}</Tag>,
    },
    { title: t('category'), dataIndex: 'category', key: 'category' },
    {
      title: t('promoTitle'),
      key: 'title',
      render: (_: unknown, row: AdminPromotion) => (
        <Link to={`/promotions/${row.id}?brand=${row.brand}`} data-testid="promotion-link">
          {pickText(row.title, i18n.language)}
        </Link>
      ),
    },
    {
      title: t('status'),
      key: 'status',
      render: (_: unknown, row: AdminPromotion) => <StatusTag status={row.status} />,
    },
    {
      title: t('window'),
      key: 'window',
      render: (_: unknown, row: AdminPromotion) =>
        `${formatDateTime(row.startsAt)} – ${row.endsAt ? formatDateTime(row.endsAt) : t('noEnd')}`,
    },
    { title: t('sort'), dataIndex: 'sort', key: 'sort', align: 'right' as const },
    {
      title: t('budget'),
      key: 'budget',
      render: (_: unknown, row: AdminPromotion) => `${row.spent} / ${row.budget ?? '∞'}`,
    },
    {
      title: t('updated'),
      key: 'updated',
      render: (_: unknown, row: AdminPromotion) =>
        `${formatDateTime(row.updatedAt)} ${row.updatedBy ?? ''}`,
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_: unknown, row: AdminPromotion) => (
        <Flex gap={8} wrap>
          <Link to={`/promotions/${row.id}?brand=${row.brand}`}>{t('common:edit')}</Link>
          {row.kind === 'gift' ? (
            <Link to={`/promotion-gifts?brand=${row.brand}&promotion=${row.id}`}>
              {t('giftsLink')}
            </Link>
          ) : null}
          <StatusActions promotion={row} size="small" />
        </Flex>
      ),
    },
  ];
  return (
    <ListPage
      title={t('promotionsTitle')}
      extra={
        brand ? (
          <Link to={`/promotions/new?brand=${brand}`}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="promotion-create">
              {t('newPromotion')}
            </Button>
          </Link>
        ) : null
      }
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{ brand, status: filters.status, kind: filters.kind }}
          onSearch={(values) => setFilters({ ...cleared, ...values })}
          onReset={() => setFilters(cleared)}
        >
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="status" label={t('status')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 130 }}
              options={PROMOTION_STATUSES.map((value) => ({
                value,
                label: t(`statuses.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="kind" label={t('kind')}>
            <Select
              allowClear
              placeholder={t('common:all')}
              style={{ width: 150 }}
              options={PROMOTION_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      {!brand ? (
        <PickBrand />
      ) : result.isError ? (
        <QueryError error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <Table<AdminPromotion>
          size="middle"
          bordered
          rowKey="id"
          columns={columns}
          dataSource={result.data ?? []}
          loading={result.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 50, showTotal: (total) => t('common:total', { total }) }}
          locale={{ emptyText: t('common:empty') }}
        />
      )}
    </ListPage>
  );
}
