import { useState } from 'react';
import { Alert, Button, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  adminVipLevelsEndpoint,
  VIP_REBATE_CATEGORIES,
  type AdminVipLevel,
} from '@lobby/contracts';
import { ListPage } from '../../components/list-page.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { useCan } from '../../lib/operator-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { LevelFormModal } from './level-form.tsx';
import { BrandBar, useDefaultBrand, VipTabs } from './vip-parts.tsx';

/** "80" basis points as "0.80%". */
export function percentOfBp(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}%`;
}

/**
 * A brand's VIP levels 0-30: thresholds, bonuses, rebate rates and withdrawal limits, each
 * level edited in a form checked by the API's own schema (the change goes into the action log).
 */
export default function VipLevelsPage() {
  const { t } = useTranslation('vip');
  const [filters, setFilters] = useUrlFilters(adminVipLevelsEndpoint.query);
  const brand = useDefaultBrand(filters.brand);
  const canEdit = useCan('vip.manage');
  const [editing, setEditing] = useState<AdminVipLevel | null>(null);
  const levels = useEndpointQuery(
    adminVipLevelsEndpoint,
    { query: { brand: brand ?? '' } },
    { enabled: brand !== undefined },
  );
  const currency = levels.data?.currency;
  const money = (amount: string) => formatMoney(amount, null);
  return (
    <ListPage
      title={t('title')}
      tabs={<VipTabs brand={brand} />}
      filters={
        <BrandBar key={brand} brand={brand} onLoad={(code) => setFilters({ brand: code })} />
      }
    >
      {brand === undefined ? (
        <Alert type="info" showIcon title={t('pickBrand')} />
      ) : levels.isError ? (
        <QueryError error={levels.error} onRetry={() => void levels.refetch()} />
      ) : (
        <Flex vertical gap={12}>
          {levels.data ? (
            <Typography.Text type="secondary" data-testid="vip-max-rate">
              {t('maxRate', { max: levels.data.maxRebateRatePercent, currency })}
            </Typography.Text>
          ) : null}
          <Table<AdminVipLevel>
            data-testid="vip-levels"
            rowKey="level"
            size="small"
            bordered
            loading={levels.isFetching}
            dataSource={levels.data?.levels ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: t('level'),
                key: 'level',
                fixed: 'left',
                render: (_, row) => <Tag color="gold">VIP {row.level}</Tag>,
              },
              {
                title: t('depositThreshold'),
                key: 'deposit',
                align: 'right',
                render: (_, row) => money(row.depositThreshold),
              },
              {
                title: t('turnoverThreshold'),
                key: 'turnover',
                align: 'right',
                render: (_, row) => money(row.turnoverThreshold),
              },
              {
                title: t('upgradeBonus'),
                key: 'upgrade',
                align: 'right',
                render: (_, row) => money(row.upgradeBonus),
              },
              {
                title: t('monthlyBonus'),
                key: 'monthly',
                align: 'right',
                render: (_, row) => money(row.monthlyBonus),
              },
              {
                title: t('rebateRates'),
                key: 'rates',
                render: (_, row) => (
                  <Flex wrap gap={4} style={{ width: 300 }}>
                    {VIP_REBATE_CATEGORIES.map((category) => (
                      <Tag key={category} style={{ marginInlineEnd: 0, fontSize: 12 }}>
                        {t(`categories.${category}`)}{' '}
                        {percentOfBp(row.rebateRatesBp[String(category)] ?? 0)}
                      </Tag>
                    ))}
                  </Flex>
                ),
              },
              {
                title: t('withdrawDailyCount'),
                key: 'withdrawCount',
                align: 'right',
                dataIndex: 'withdrawDailyCount',
              },
              {
                title: t('withdrawDailyMax'),
                key: 'withdrawMax',
                align: 'right',
                render: (_, row) => money(row.withdrawDailyMax),
              },
              {
                title: t('bonusTurnoverMultiplierPercent'),
                key: 'multiplier',
                align: 'right',
                dataIndex: 'bonusTurnoverMultiplierPercent',
              },
              {
                title: t('updated'),
                key: 'updated',
                render: (_, row) =>
                  `${formatDateTime(row.updatedAt)}${row.updatedBy ? ` · ${row.updatedBy}` : ''}`,
              },
              {
                title: t('common:actions'),
                key: 'actions',
                fixed: 'right',
                render: (_, row) =>
                  canEdit ? (
                    <Button
                      size="small"
                      data-testid={`vip-edit-${row.level}`}
                      onClick={() => setEditing(row)}
                    >
                      {t('edit')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Flex>
      )}
      {editing && levels.data ? (
        <LevelFormModal
          brand={levels.data.brand}
          level={editing}
          maxRebateRatePercent={levels.data.maxRebateRatePercent}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </ListPage>
  );
}
