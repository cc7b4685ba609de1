import { Alert, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminVipLevelsEndpoint,
  adminVipRewardsEndpoint,
  VIP_REWARD_KINDS,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { useDefaultBrand, VipTabs } from './vip-parts.tsx';

type Row = ResponseOf<typeof adminVipRewardsEndpoint>['items'][number];
type FormValues = { brand?: string; username?: string; kind?: string };

const KIND_COLOURS = { upgrade: 'gold', monthly: 'blue', rebate: 'green' } as const;

/** The VIP rewards a brand paid, newest first, by member and kind (filters in the URL). */
export default function VipRewardsPage() {
  const { t } = useTranslation('vip');
  const [filters, setFilters] = useUrlFilters(adminVipRewardsEndpoint.query);
  const brand = useDefaultBrand(filters.brand);
  const rewards = useEndpointQuery(
    adminVipRewardsEndpoint,
    { query: { ...filters, brand: brand ?? '' } },
    { enabled: brand !== undefined },
  );
  // The brand's currency (the level table's answer, shared with the levels tab).
  const levels = useEndpointQuery(
    adminVipLevelsEndpoint,
    { query: { brand: brand ?? '' } },
    { enabled: brand !== undefined },
  );
  const currency = levels.data?.currency;
  return (
    <ListPage
      title={t('title')}
      tabs={<VipTabs brand={brand} />}
      filters={
        <FilterBar<FormValues>
          key={JSON.stringify(filters)}
          initialValues={{ brand, username: filters.username, kind: filters.kind }}
          onSearch={(values) =>
            setFilters({
              brand: values.brand,
              username: values.username?.trim() || undefined,
              kind: values.kind,
            })
          }
          onReset={() => setFilters({ username: undefined, kind: undefined })}
        >
          <Form.Item name="brand" label={t('common:brand')}>
            <BrandField />
          </Form.Item>
          <Form.Item name="username" label={t('username')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="kind" label={t('kind')}>
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={t('common:all')}
              options={VIP_REWARD_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
            />
          </Form.Item>
        </FilterBar>
      }
    >
      {brand === undefined ? (
        <Alert type="info" showIcon title={t('pickBrand')} />
      ) : (
        <ListTable<Row>
          result={rewards}
          filters={filters}
          onChange={setFilters}
          rowKey="id"
          columns={[
            { title: 'ID', dataIndex: 'id', key: 'id' },
            { title: t('username'), dataIndex: 'username', key: 'username' },
            {
              title: t('kind'),
              key: 'kind',
              render: (_, row) => (
                <Tag color={KIND_COLOURS[row.kind]}>{t(`kinds.${row.kind}`)}</Tag>
              ),
            },
            { title: t('level'), key: 'level', render: (_, row) => `VIP ${row.level}` },
            { title: t('period'), key: 'period', render: (_, row) => row.period || '-' },
            {
              title: t('amount'),
              key: 'amount',
              align: 'right',
              render: (_, row) => formatMoney(row.amount, currency),
            },
            {
              title: t('paidAt'),
              key: 'createdAt',
              render: (_, row) => formatDateTime(row.createdAt),
            },
          ]}
          expandable={{
            rowExpandable: (row) => Object.keys(row.breakdown).length > 0,
            expandedRowRender: (row) => (
              <pre style={{ margin: 0, fontSize: 12 }}>
                {JSON.stringify(row.breakdown, null, 2)}
              </pre>
            ),
          }}
        />
      )}
    </ListPage>
  );
}
