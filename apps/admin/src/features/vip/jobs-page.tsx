import { useState } from 'react';
import { Alert, Card, Col, DatePicker, Descriptions, Flex, Row, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  adminRunVipJobEndpoint,
  adminVipJobsEndpoint,
  type AdminVipJobState,
} from '@lobby/contracts';
import { QueryError } from '../../components/query-error.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { ReasonAction } from '../../components/reason-action.tsx';
import type { ResponseOf } from '../../lib/api-client.ts';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { BrandBar, useDefaultBrand, VipTabs } from './vip-parts.tsx';

type RunResult = ResponseOf<typeof adminRunVipJobEndpoint>;

const STATUS_COLOURS = { running: 'processing', succeeded: 'success', failed: 'error' } as const;

/**
 * The three VIP jobs of a brand: how their sweeps last ran, what the brand was last paid, and a
 * run now for a period (idempotent; recorded in the action log) with what it paid.
 */
export default function VipJobsPage() {
  const { t } = useTranslation('vip');
  const [filters, setFilters] = useUrlFilters(adminVipJobsEndpoint.query);
  const brand = useDefaultBrand(filters.brand);
  const jobs = useEndpointQuery(
    adminVipJobsEndpoint,
    { query: { brand: brand ?? '' } },
    { enabled: brand !== undefined },
  );
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
      ) : jobs.isError ? (
        <QueryError error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : jobs.data ? (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('timeZone', { zone: jobs.data.timeZone })}
          </Typography.Text>
          <Row gutter={[16, 16]}>
            {jobs.data.jobs.map((job) => (
              <Col key={job.job} xs={24} xl={8}>
                <JobCard brand={brand} state={job} currency={jobs.data.currency} />
              </Col>
            ))}
          </Row>
        </Flex>
      ) : null}
    </ListPage>
  );
}

function JobCard({
  brand,
  state,
  currency,
}: {
  brand: string;
  state: AdminVipJobState;
  currency: string;
}) {
  const { t } = useTranslation('vip');
  const [period, setPeriod] = useState<Dayjs | null>(null);
  const [result, setResult] = useState<RunResult | null>(null);
  const name = t(`jobs.${state.job}`);
  const status = state.lastStatus;
  const periodField =
    state.job === 'rebate'
      ? { day: period?.format('YYYY-MM-DD') }
      : state.job === 'monthly'
        ? { month: period?.format('YYYY-MM') }
        : {};
  return (
    <Card title={name} size="small" data-testid={`vip-job-${state.job}`} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t(`jobDescriptions.${state.job}`)}</Typography.Text>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('lastStatus')}>
            {status ? (
              <Tag color={STATUS_COLOURS[status]}>{t(`statuses.${status}`)}</Tag>
            ) : (
              <Tag>{t('statuses.never')}</Tag>
            )}
            <Typography.Text type="secondary">
              {t('interval', { minutes: state.intervalMinutes })}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('runCount')}>{state.runCount}</Descriptions.Item>
          <Descriptions.Item label={t('lastStartedAt')}>
            {formatDateTime(state.lastStartedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('lastFinishedAt')}>
            {formatDateTime(state.lastFinishedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('nextDueAt')}>
            {formatDateTime(state.nextDueAt)}
          </Descriptions.Item>
          {state.lastError ? (
            <Descriptions.Item label={t('lastError')}>
              <Typography.Text type="danger">{state.lastError}</Typography.Text>
            </Descriptions.Item>
          ) : null}
          {state.job === 'rebate' ? (
            <Descriptions.Item label={t('sweptThrough')}>
              {state.sweptThrough ?? '-'}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('lastReward')}>
            {state.lastReward
              ? t('rewardLine', {
                  period: state.lastReward.period || '-',
                  amount: formatMoney(state.lastReward.amount, currency),
                  at: formatDateTime(state.lastReward.createdAt),
                })
              : t('noReward')}
          </Descriptions.Item>
        </Descriptions>
        <Flex gap={8} wrap align="center">
          {state.job === 'rebate' ? (
            <DatePicker
              value={period}
              onChange={setPeriod}
              placeholder={t('dayHint')}
              data-testid="vip-job-day"
            />
          ) : null}
          {state.job === 'monthly' ? (
            <DatePicker
              picker="month"
              value={period}
              onChange={setPeriod}
              placeholder={t('monthHint')}
              data-testid="vip-job-month"
            />
          ) : null}
          <ReasonAction
            endpoint={adminRunVipJobEndpoint}
            body={{ brand, job: state.job, ...periodField }}
            reason="none"
            label={t('run')}
            title={t('runTitle', { job: name })}
            description={t('runDescription')}
            buttonProps={{ type: 'primary', 'data-testid': `vip-run-${state.job}` }}
            onDone={setResult}
          />
        </Flex>
        {result ? (
          <Alert
            type="success"
            showIcon
            data-testid={`vip-run-result-${state.job}`}
            title={t('runResult', {
              job: name,
              period: result.period,
              members: result.members,
              paid: result.paid,
              amount: formatMoney(result.amount, currency),
            })}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
