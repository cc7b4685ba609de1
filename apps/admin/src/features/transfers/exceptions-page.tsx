import { Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminTransferExceptionsEndpoint, type AdminTransfer } from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { ExportCsvButton } from '../../components/export-csv-button.tsx';
import { FilterBar, ListPage, ListTable } from '../../components/list-page.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { formatMoney } from '../../lib/money.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { AGE_PRESETS, ageMinutes, durationOf } from './transfer-logic.ts';
import {
  Duration,
  PlatformField,
  PlatformName,
  QueryAnswer,
  TransferStatusTag,
} from './transfer-parts.tsx';

type FormValues = {
  brand?: string;
  platform?: number;
  direction?: 'in' | 'out';
  minAgeMinutes?: number;
  member?: string;
};

/**
 * Transfers stuck in transit past the status-query window, oldest first: filters (brand,
 * platform, direction, age, member) in the URL, paged on the server, each row opening to its
 * status-query history.
 */
export default function ExceptionsPage() {
  const { t, i18n } = useTranslation('transfers');
  const [filters, setFilters] = useUrlFilters(adminTransferExceptionsEndpoint.query);
  const result = useEndpointQuery(adminTransferExceptionsEndpoint, { query: filters });
  const ageLabel = (minutes: number) => {
    const { unit, n } = durationOf(minutes);
    return `${t('ageAtLeast')} ${t(`duration.${unit}`, { n })}`;
  };
  const ages: number[] = [...AGE_PRESETS];
  if (filters.minAgeMinutes !== undefined && !ages.includes(filters.minAgeMinutes)) {
    ages.push(filters.minAgeMinutes);
  }

  return (
    <ListPage
      title={t('title')}
      extra={
        <ExportCsvButton
          listPath={adminTransferExceptionsEndpoint.path}
          filters={filters}
          filename="transfer-exceptions"
        />
      }
      filters={
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
          <FilterBar<FormValues>
            key={JSON.stringify(filters)}
            initialValues={{
              brand: filters.brand,
              platform: filters.platform,
              direction: filters.direction,
              minAgeMinutes: filters.minAgeMinutes,
              member: filters.member,
            }}
            onSearch={(values) =>
              setFilters({
                brand: values.brand,
                platform: values.platform,
                direction: values.direction,
                minAgeMinutes: values.minAgeMinutes,
                member: values.member?.trim(),
              })
            }
            onReset={() =>
              setFilters(Object.fromEntries(Object.keys(filters).map((key) => [key, undefined])))
            }
          >
            <Form.Item name="brand" label={t('common:brand')}>
              <BrandField />
            </Form.Item>
            <Form.Item name="platform" label={t('platform')}>
              <PlatformField />
            </Form.Item>
            <Form.Item name="direction" label={t('direction')}>
              <Select
                allowClear
                placeholder={t('common:all')}
                style={{ width: 180 }}
                options={(['in', 'out'] as const).map((value) => ({
                  value,
                  label: t(`directions.${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="minAgeMinutes" label={t('age')}>
              <Select
                allowClear
                placeholder={t('common:all')}
                style={{ width: 140 }}
                options={ages.map((value) => ({ value, label: ageLabel(value) }))}
              />
            </Form.Item>
            <Form.Item name="member" label={t('member')}>
              <Input allowClear placeholder={t('memberPlaceholder')} style={{ width: 140 }} />
            </Form.Item>
          </FilterBar>
        </Flex>
      }
    >
      <ListTable<AdminTransfer>
        result={result}
        filters={filters}
        onChange={setFilters}
        rowKey="id"
        columns={[
          {
            title: t('orderNo'),
            key: 'orderNo',
            fixed: 'left',
            render: (_, row) => (
              <Link to={`/transfers/${row.id}`} style={{ whiteSpace: 'nowrap' }}>
                {row.orderNo}
              </Link>
            ),
          },
          {
            title: t('member'),
            key: 'member',
            render: (_, row) => (
              <Flex vertical>
                <span style={{ whiteSpace: 'nowrap' }}>{row.username}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.brand}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: `${t('platform')} / ${t('direction')}`,
            key: 'platform',
            render: (_, row) => (
              <Flex vertical>
                <PlatformName name={row.platformName} id={row.platformId} />
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {labelOf(i18n, `transfers:directions.${row.direction}`, row.direction)}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('amount'),
            key: 'amount',
            align: 'right',
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.amount, row.currency)}</span>
            ),
          },
          {
            title: t('stuckFor'),
            key: 'stuckFor',
            render: (_, row) => (
              <Flex vertical>
                <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                  <Duration minutes={ageMinutes(row.createdAt)} />
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {formatDateTime(row.createdAt)}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('lastQuery'),
            key: 'lastQuery',
            render: (_, row) => (
              <Flex vertical align="flex-start" gap={2}>
                {row.lastQuery ? <QueryAnswer query={row.lastQuery} /> : '-'}
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {t('queriesCount', { n: row.queries })}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('nextCheckAt'),
            key: 'nextCheckAt',
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.nextCheckAt) || '-'}</span>
            ),
          },
          {
            title: t('status'),
            key: 'status',
            render: (_, row) => (
              <Flex gap={4} wrap>
                <TransferStatusTag status={row.status} />
                {row.pendingResolution ? (
                  <Tag color="purple" data-testid="pending-resolution">
                    {t('pendingTag', {
                      outcome: labelOf(
                        i18n,
                        `transfers:outcomes.${row.pendingResolution.outcome}`,
                        row.pendingResolution.outcome,
                      ),
                    })}
                  </Tag>
                ) : null}
              </Flex>
            ),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => <Link to={`/transfers/${row.id}`}>{t('open')}</Link>,
          },
        ]}
      />
    </ListPage>
  );
}
