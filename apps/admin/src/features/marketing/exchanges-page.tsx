import { Flex, Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EXCHANGE_STATUSES,
  adminExchangesEndpoint,
  adminHandleExchangeEndpoint,
  type AdminExchange,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { useOperator } from '../../lib/operator-context.tsx';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { PickBrand } from './parts.tsx';

type FormValues = { brand?: string; status?: string };

const EXCHANGE_COLOURS: Record<AdminExchange['status'], string> = {
  paid: 'green',
  pending_delivery: 'orange',
  delivered: 'blue',
  rejected: 'red',
};

/**
 * Gift exchanges (`promo.manage`): brand and status in the URL, oldest first; an item waiting
 * for delivery is delivered, or rejected with a reason (its stock and turnover come back).
 */
export default function ExchangesPage() {
  const { t } = useTranslation('marketing');
  const operator = useOperator();
  const [filters, setFilters] = useUrlFilters(adminExchangesEndpoint.query);
  const brand = filters.brand ?? (operator.brands === 'all' ? undefined : operator.brands[0]);
  const result = useEndpointQuery(
    adminExchangesEndpoint,
    { query: { ...filters, brand: brand ?? '' } },
    { enabled: !!brand },
  );
  const cleared = { brand: undefined, status: undefined };
  return (
    <ListPage
      title={t('exchangesTitle')}
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{ brand, status: filters.status }}
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
              style={{ width: 150 }}
              options={EXCHANGE_STATUSES.map((value) => ({
                value,
                label: t(`exchangeStatuses.${value}`),
              }))}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      {!brand ? (
        <PickBrand />
      ) : (
        <ListTable<AdminExchange>
          result={result}
          filters={filters}
          onChange={setFilters}
          rowKey="id"
          columns={[
            { title: t('id'), dataIndex: 'id' },
            { title: t('member'), dataIndex: 'username' },
            { title: t('giftName'), dataIndex: 'giftName' },
            {
              title: t('giftKind'),
              key: 'kind',
              render: (_, row) => <Tag>{t(`giftKinds.${row.kind}`)}</Tag>,
            },
            {
              title: t('status'),
              key: 'status',
              render: (_, row) => (
                <Tag color={EXCHANGE_COLOURS[row.status]}>
                  {t(`exchangeStatuses.${row.status}`)}
                </Tag>
              ),
            },
            {
              title: t('turnoverCost'),
              key: 'turnoverCost',
              align: 'right',
              render: (_, row) => formatMoney(row.turnoverCost),
            },
            {
              title: t('reward'),
              key: 'reward',
              align: 'right',
              render: (_, row) => formatMoney(row.reward),
            },
            {
              title: t('shipping'),
              key: 'shipping',
              render: (_, row) =>
                row.shipping ? Object.values(row.shipping).filter(Boolean).join(' / ') : '—',
            },
            {
              title: t('createdAt'),
              key: 'createdAt',
              render: (_, row) => formatDateTime(row.createdAt),
            },
            { title: t('handledBy'), key: 'handledBy', render: (_, row) => row.handledBy ?? '—' },
            {
              title: t('common:actions'),
              key: 'actions',
              render: (_, row) =>
                row.status === 'pending_delivery' ? (
                  <Flex gap={8}>
                    <ReasonAction
                      endpoint={adminHandleExchangeEndpoint}
                      params={{ id: row.id, action: 'deliver' }}
                      body={{}}
                      reason="optional"
                      label={t('deliver')}
                      title={t('deliverTitle', { id: row.id, username: row.username })}
                      description={t('deliverBody')}
                      buttonProps={{ size: 'small', type: 'primary' }}
                      successMessage={t('delivered')}
                    />
                    <ReasonAction
                      endpoint={adminHandleExchangeEndpoint}
                      params={{ id: row.id, action: 'reject' }}
                      body={{}}
                      danger
                      label={t('reject')}
                      title={t('rejectExchangeTitle', { id: row.id, username: row.username })}
                      description={t('rejectExchangeBody')}
                      buttonProps={{ size: 'small' }}
                      successMessage={t('rejected')}
                    />
                  </Flex>
                ) : null,
            },
          ]}
        />
      )}
    </ListPage>
  );
}
