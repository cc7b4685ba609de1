import { useMemo, useState } from 'react';
import {
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Row,
  Segmented,
  Select,
  Skeleton,
  Statistic,
  Typography,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  adminReportsDashboardEndpoint,
  type AdminReportsDashboard,
  type DashboardTotals,
} from '@lobby/contracts';
import { BrandField } from '../../components/brand-field.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { formatMoney, groupDecimal } from '../../lib/money.ts';
import {
  PERIODS,
  changePercent,
  formatChange,
  periodComplete,
  periodPatch,
  type Period,
} from '../../lib/report-period.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { Chart } from './chart.tsx';
import {
  categoryChartOption,
  categoryName,
  dayChartOption,
  platformChartOption,
  type DashboardCurrency,
  type DayMetric,
  type GameMetric,
} from './chart-options.ts';

type TotalKey = keyof DashboardTotals;

/** The cards, in the order an operator reads them: people, money in and out, play, result. */
const TOTALS: readonly { key: TotalKey; amount: boolean }[] = [
  { key: 'registrations', amount: false },
  { key: 'ftdCount', amount: false },
  { key: 'ftdAmount', amount: true },
  { key: 'activeMembers', amount: false },
  { key: 'deposits', amount: true },
  { key: 'depositCount', amount: false },
  { key: 'withdrawals', amount: true },
  { key: 'withdrawalCount', amount: false },
  { key: 'netDeposits', amount: true },
  { key: 'bets', amount: true },
  { key: 'validBets', amount: true },
  { key: 'payouts', amount: true },
  { key: 'ggr', amount: true },
  { key: 'bonus', amount: true },
  { key: 'rebate', amount: true },
  { key: 'commission', amount: true },
  { key: 'ngr', amount: true },
];

const DAY_METRICS: readonly DayMetric[] = [
  'ggr',
  'ngr',
  'deposits',
  'withdrawals',
  'netDeposits',
  'validBets',
  'registrations',
  'ftdCount',
  'activeMembers',
];
const GAME_METRICS: readonly GameMetric[] = ['ggr', 'validBets', 'bets', 'payouts', 'players'];
/** A pie shows shares: only figures that cannot be below zero (GGR can, so it has the bars). */
const SHARE_METRICS: readonly GameMetric[] = ['validBets', 'bets', 'payouts', 'players'];

function TotalCard({
  name,
  amount,
  value,
  previous,
  currency,
}: {
  name: TotalKey;
  amount: boolean;
  value: string | number;
  previous: string | number;
  currency: string;
}) {
  const { t } = useTranslation('dashboard');
  const show = (figure: string | number) =>
    amount ? formatMoney(String(figure), currency) : groupDecimal(String(figure));
  const change = changePercent(value, previous);
  const colour = change === null || change === 0 ? undefined : change > 0 ? '#389e0d' : '#cf1322';
  return (
    <Card size="small" data-testid={`total-${name}`} data-value={String(value)}>
      <Statistic title={t(`totals.${name}`)} value={show(value)} valueStyle={{ fontSize: 20 }} />
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text type="secondary" data-testid="previous">
          {t('previous', { value: show(previous) })}
        </Typography.Text>
        <Typography.Text data-testid="change" style={{ color: colour }}>
          {change !== null && change > 0 ? <ArrowUpOutlined /> : null}
          {change !== null && change < 0 ? <ArrowDownOutlined /> : null} {formatChange(change)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

function CurrencySection({
  figures,
  answer,
}: {
  figures: DashboardCurrency;
  answer: AdminReportsDashboard;
}) {
  const { t } = useTranslation('dashboard');
  const [dayMetric, setDayMetric] = useState<DayMetric>('ggr');
  const [gameMetric, setGameMetric] = useState<GameMetric>('ggr');
  const [shareMetric, setShareMetric] = useState<GameMetric>('validBets');
  const labels = useMemo(
    () => ({ current: t('charts.current'), previous: t('charts.previousPeriod') }),
    [t],
  );
  const dayOption = useMemo(
    () => dayChartOption(figures, dayMetric, labels),
    [figures, dayMetric, labels],
  );
  /** A figure's name: the platform rows' `players` is the active members of the game. */
  const metricLabel = (metric: DayMetric | GameMetric) =>
    t(`totals.${metric === 'players' ? 'activeMembers' : metric}`);
  const gameLabel = metricLabel(gameMetric);
  const platformOption = useMemo(
    () => platformChartOption(figures, gameMetric, gameLabel),
    [figures, gameMetric, gameLabel],
  );
  const shareLabel = metricLabel(shareMetric);
  const categoryOption = useMemo(
    () =>
      categoryChartOption(figures, shareMetric, shareLabel, (code) =>
        t(`categories.${categoryName(code)}`),
      ),
    [figures, shareMetric, shareLabel, t],
  );
  const metricSelect = <M extends DayMetric | GameMetric>(
    value: M,
    onChange: (next: M) => void,
    metrics: readonly M[],
    testId: string,
  ) => (
    <Select<M>
      size="small"
      value={value}
      onChange={onChange}
      style={{ minWidth: 150 }}
      data-testid={testId}
      options={metrics.map((metric) => ({
        value: metric,
        label: metricLabel(metric),
      }))}
    />
  );

  return (
    <Flex vertical gap={16} data-testid="currency-section" data-currency={figures.currency}>
      {answer.currencies.length > 1 ? (
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('currency', { currency: figures.currency })}
        </Typography.Title>
      ) : null}
      <Row gutter={[12, 12]}>
        {TOTALS.map(({ key, amount }) => (
          <Col key={key} xs={24} sm={12} lg={8} xl={6} xxl={4}>
            <TotalCard
              name={key}
              amount={amount}
              value={figures.totals[key]}
              previous={figures.previous[key]}
              currency={figures.currency}
            />
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={t('charts.byDay')}
        extra={metricSelect(dayMetric, setDayMetric, DAY_METRICS, 'day-metric')}
      >
        <Chart option={dayOption} height={320} testId="chart-by-day" />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={t('charts.byPlatform')}
            extra={metricSelect(gameMetric, setGameMetric, GAME_METRICS, 'game-metric')}
          >
            {figures.byPlatform.length === 0 ? (
              <Empty description={t('noData')} style={{ height: 300 }} />
            ) : (
              <Chart option={platformOption} height={300} testId="chart-by-platform" />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={t('charts.byCategory')}
            extra={metricSelect(shareMetric, setShareMetric, SHARE_METRICS, 'share-metric')}
          >
            {figures.byCategory.length === 0 ? (
              <Empty description={t('noData')} style={{ height: 300 }} />
            ) : (
              <Chart option={categoryOption} height={300} testId="chart-by-category" />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

/**
 * The dashboard: the figures of a brand (or every brand of the operator) over a period, each
 * against the previous period of the same length, by day, by platform and by game category.
 * Brand and period live in the URL. The figures come from the rollups; `asOf` says how fresh.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const [filters, setFilters] = useUrlFilters(adminReportsDashboardEndpoint.query);
  const ready = periodComplete(filters);
  const result = useEndpointQuery(
    adminReportsDashboardEndpoint,
    { query: filters },
    { enabled: ready, refetchInterval: 60_000 },
  );
  const answer = result.data;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        {answer ? (
          <Flex gap={24} align="center" wrap>
            <Flex gap={8} align="baseline" data-testid="online-now" data-value={answer.onlineNow}>
              <Typography.Text type="secondary">{t('onlineNow')}</Typography.Text>
              <Typography.Text strong style={{ fontSize: 20 }}>
                {groupDecimal(String(answer.onlineNow))}
              </Typography.Text>
            </Flex>
            <Typography.Text type="secondary" data-testid="as-of">
              {t('asOf', { time: answer.asOf ? formatDateTime(answer.asOf) : '—' })}
            </Typography.Text>
          </Flex>
        ) : null}
      </Flex>
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <span data-testid="brand-picker">
            <BrandField
              value={filters.brand || undefined}
              onChange={(brand) => setFilters({ brand })}
            />
          </span>
          <Segmented<Period>
            data-testid="period"
            value={filters.period}
            onChange={(period) => setFilters(periodPatch(period, filters))}
            options={PERIODS.map((period) => ({ value: period, label: t(`periods.${period}`) }))}
          />
          {filters.period === 'range' ? (
            <DatePicker.RangePicker
              data-testid="range"
              placeholder={[t('pickRange'), t('pickRange')]}
              value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
              onChange={(range) =>
                setFilters(
                  periodPatch(
                    'range',
                    filters,
                    range?.[0] && range[1]
                      ? [range[0].format(DATE_FORMAT), range[1].format(DATE_FORMAT)]
                      : null,
                  ),
                )
              }
            />
          ) : null}
          {answer ? (
            <Typography.Text type="secondary" data-testid="span">
              {t('span', { from: answer.from, to: answer.to })}
              {' · '}
              {t('previousSpan', { from: answer.previousFrom, to: answer.previousTo })}
            </Typography.Text>
          ) : null}
        </Flex>
      </Card>
      {result.isError ? (
        <QueryError error={result.error} onRetry={() => void result.refetch()} />
      ) : !ready ? (
        <Empty description={t('pickRange')} />
      ) : !answer ? (
        <Skeleton active />
      ) : answer.currencies.length === 0 ? (
        <Empty description={t('noData')} />
      ) : (
        answer.currencies.map((figures) => (
          <CurrencySection key={figures.currency} figures={figures} answer={answer} />
        ))
      )}
    </Flex>
  );
}
