import { useState } from 'react';
import { Card, Flex, Form, Input, InputNumber, Segmented, Select, Typography } from 'antd';
import type { TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  GAME_CATEGORIES,
  adminReportAgentsEndpoint,
  adminReportCohortsEndpoint,
  adminReportDailyEndpoint,
  adminReportGamesEndpoint,
  adminReportPlayersEndpoint,
  adminReportPromotionsEndpoint,
  adminReportVipEndpoint,
  type DashboardTotals,
  type ReportAgentRow,
  type ReportCohortRow,
  type ReportDailyRow,
  type ReportGameRow,
  type ReportPlayerRow,
  type ReportPromotionRow,
  type ReportVipRow,
} from '@lobby/contracts';
import { ListTable } from '../../components/list-page.tsx';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { labelOf } from '../../lib/labels.ts';
import { periodComplete } from '../../lib/report-period.ts';
import { useUrlFilters } from '../../lib/url-filters.ts';
import { cohortShade } from './cohorts.ts';
import {
  Money,
  ReportFilterBar,
  ReportHeader,
  ReportTable,
  count,
  periodFormValues,
  periodFromForm,
  type PeriodFormValues,
} from './report-parts.tsx';

type Columns<Row> = NonNullable<TableProps<Row>['columns']>;

/** Every field of a filter set cleared (the Reset button). */
function cleared(filters: object): Record<string, undefined> {
  return Object.fromEntries(Object.keys(filters).map((key) => [key, undefined]));
}

const TOTAL_COLUMNS: readonly { key: keyof DashboardTotals; amount: boolean }[] = [
  { key: 'registrations', amount: false },
  { key: 'ftdCount', amount: false },
  { key: 'ftdAmount', amount: true },
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
  { key: 'activeMembers', amount: false },
];

/** A figure column: amounts with the row's currency, counts grouped, right-aligned. */
function figure<Row extends { currency: string }>(
  title: string,
  key: keyof Row & string,
  amount: boolean,
): Columns<Row>[number] {
  return {
    title,
    key,
    dataIndex: key,
    align: 'right',
    render: (value: string | number | null, row: Row) =>
      amount ? <Money amount={String(value)} currency={row.currency} /> : count(value as number),
  };
}

export function DailyReport() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(adminReportDailyEndpoint.query);
  const result = useEndpointQuery(
    adminReportDailyEndpoint,
    { query: filters },
    { enabled: periodComplete(filters) },
  );
  const columns: Columns<ReportDailyRow> = [
    { title: t('columns.day'), key: 'day', dataIndex: 'day', fixed: 'left' },
    { title: t('columns.brand'), key: 'brand', dataIndex: 'brand' },
    ...TOTAL_COLUMNS.map(({ key, amount }) =>
      figure<ReportDailyRow>(t(`columns.${key}`), key, amount),
    ),
  ];
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <ReportFilterBar<PeriodFormValues>
          filters={filters}
          initialValues={periodFormValues(filters)}
          onSearch={(values) => setFilters(periodFromForm(values, filters))}
          onReset={() => setFilters(cleared(filters))}
        />
      </Card>
      <ReportHeader
        answer={result.data}
        listPath={adminReportDailyEndpoint.path}
        filters={filters}
        filename="daily-summary"
      />
      <ReportTable<ReportDailyRow>
        result={result}
        rows={result.data?.items}
        columns={columns}
        rowKey={(row) => `${row.day}:${row.brand}:${row.currency}`}
      />
    </Flex>
  );
}

type GamesForm = PeriodFormValues & { platformId?: string; category?: string };

export function GamesReport() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(adminReportGamesEndpoint.query);
  const result = useEndpointQuery(
    adminReportGamesEndpoint,
    { query: filters },
    { enabled: periodComplete(filters) },
  );
  const byGame = Boolean(filters.platformId);
  const categoryLabel = (code: string | null) => {
    if (code === null) return '—';
    const name = Object.entries(GAME_CATEGORIES).find(([, value]) => String(value) === code)?.[0];
    return name ? t(`categories.${name}`) : code;
  };
  const columns: Columns<ReportGameRow> = [
    {
      title: t('columns.platform'),
      key: 'platform',
      fixed: 'left',
      render: (_, row) =>
        byGame ? (
          row.platformName
        ) : (
          // A platform row opens its games (the filter goes to the URL).
          <Link
            to={`?${new URLSearchParams({ ...stringsOf(filters), platformId: row.platformId })}`}
          >
            {row.platformName}
          </Link>
        ),
    },
    ...(byGame
      ? [
          {
            title: t('columns.game'),
            key: 'game',
            render: (_: unknown, row: ReportGameRow) => row.gameName ?? row.gameCode ?? '—',
          },
        ]
      : []),
    {
      title: t('columns.category'),
      key: 'category',
      dataIndex: 'category',
      render: (code: string | null) => categoryLabel(code),
    },
    figure<ReportGameRow>(t('columns.bets'), 'bets', true),
    figure<ReportGameRow>(t('columns.validBets'), 'validBets', true),
    figure<ReportGameRow>(t('columns.payouts'), 'payouts', true),
    figure<ReportGameRow>(t('columns.ggr'), 'ggr', true),
    figure<ReportGameRow>(t('columns.rounds'), 'rounds', false),
    figure<ReportGameRow>(t('columns.players'), 'players', false),
  ];
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <ReportFilterBar<GamesForm>
          filters={filters}
          initialValues={{
            ...periodFormValues(filters),
            platformId: filters.platformId,
            category: filters.category,
          }}
          onSearch={(values) =>
            setFilters({
              ...periodFromForm(values, filters),
              platformId: values.platformId?.trim(),
              category: values.category,
            })
          }
          onReset={() => setFilters(cleared(filters))}
        >
          <Form.Item name="platformId" label={t('platformId')}>
            <Input allowClear placeholder={t('allPlatforms')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="category" label={t('category')}>
            <Select<string>
              allowClear
              placeholder={t('allCategories')}
              style={{ minWidth: 140 }}
              options={Object.entries(GAME_CATEGORIES).map(([name, code]) => ({
                value: String(code),
                label: t(`categories.${name}`),
              }))}
            />
          </Form.Item>
        </ReportFilterBar>
      </Card>
      <ReportHeader
        answer={result.data}
        listPath={adminReportGamesEndpoint.path}
        filters={filters}
        filename="games"
      />
      <ReportTable<ReportGameRow>
        result={result}
        rows={result.data?.items}
        columns={columns}
        rowKey={(row) => `${row.platformId}:${row.gameCode ?? ''}:${row.currency}`}
      />
    </Flex>
  );
}

/** Filters as plain strings for a link's search. */
function stringsOf(filters: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

export function PromotionsReport() {
  const { t, i18n } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(adminReportPromotionsEndpoint.query);
  const result = useEndpointQuery(
    adminReportPromotionsEndpoint,
    { query: filters },
    { enabled: periodComplete(filters) },
  );
  const kind = (value: string) => labelOf(i18n, `reports:kinds.${value}`, value);
  const columns: Columns<ReportPromotionRow> = [
    { title: t('columns.promotion'), key: 'title', dataIndex: 'title', fixed: 'left' },
    { title: t('columns.brand'), key: 'brand', dataIndex: 'brand' },
    { title: t('columns.kind'), key: 'kind', dataIndex: 'kind', render: kind },
    figure<ReportPromotionRow>(t('columns.claims'), 'claims', false),
    figure<ReportPromotionRow>(t('columns.members'), 'members', false),
    figure<ReportPromotionRow>(t('columns.cost'), 'cost', true),
  ];
  type KindRow = NonNullable<typeof result.data>['byKind'][number];
  const kindColumns: Columns<KindRow> = [
    { title: t('columns.kind'), key: 'kind', dataIndex: 'kind', render: kind },
    figure<KindRow>(t('columns.claims'), 'claims', false),
    figure<KindRow>(t('columns.members'), 'members', false),
    figure<KindRow>(t('columns.cost'), 'cost', true),
  ];
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <ReportFilterBar<PeriodFormValues>
          filters={filters}
          initialValues={periodFormValues(filters)}
          onSearch={(values) => setFilters(periodFromForm(values, filters))}
          onReset={() => setFilters(cleared(filters))}
        />
      </Card>
      <ReportHeader
        answer={result.data}
        listPath={adminReportPromotionsEndpoint.path}
        filters={filters}
        filename="promotions"
      />
      <ReportTable<ReportPromotionRow>
        result={result}
        rows={result.data?.items}
        columns={columns}
        rowKey={(row) => `${row.promotionId}:${row.currency}`}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('byKind')}
      </Typography.Title>
      <ReportTable<KindRow>
        result={result}
        rows={result.data?.byKind}
        columns={kindColumns}
        rowKey={(row) => `${row.kind}:${row.currency}`}
      />
    </Flex>
  );
}

export function VipReport() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(adminReportVipEndpoint.query);
  const result = useEndpointQuery(
    adminReportVipEndpoint,
    { query: filters },
    { enabled: periodComplete(filters) },
  );
  const columns: Columns<ReportVipRow> = [
    {
      title: t('columns.level'),
      key: 'level',
      dataIndex: 'level',
      render: (level) => `VIP ${level}`,
    },
    figure<ReportVipRow>(t('columns.levelMembers'), 'members', false),
    figure<ReportVipRow>(t('columns.rewardCount'), 'rewardCount', false),
    figure<ReportVipRow>(t('columns.rewards'), 'rewards', true),
    figure<ReportVipRow>(t('columns.rebates'), 'rebates', true),
  ];
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <ReportFilterBar<PeriodFormValues>
          filters={filters}
          initialValues={periodFormValues(filters)}
          onSearch={(values) => setFilters(periodFromForm(values, filters))}
          onReset={() => setFilters(cleared(filters))}
        />
      </Card>
      <ReportHeader
        answer={result.data}
        listPath={adminReportVipEndpoint.path}
        filters={filters}
        filename="vip"
      />
      <ReportTable<ReportVipRow>
        result={result}
        rows={result.data?.items}
        columns={columns}
        rowKey={(row) => `${row.level}:${row.currency}`}
      />
    </Flex>
  );
}

export function AgentsReport() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(adminReportAgentsEndpoint.query);
  const result = useEndpointQuery(
    adminReportAgentsEndpoint,
    { query: filters },
    { enabled: periodComplete(filters) },
  );
  const columns: Columns<ReportAgentRow> = [
    {
      title: t('columns.agent'),
      key: 'agent',
      fixed: 'left',
      render: (_, row) => <Link to={`/members/${row.agentId}`}>{row.username}</Link>,
    },
    { title: t('columns.brand'), key: 'brand', dataIndex: 'brand' },
    figure<ReportAgentRow>(t('columns.downlineMembers'), 'downlineMembers', false),
    figure<ReportAgentRow>(t('columns.newMembers'), 'newMembers', false),
    figure<ReportAgentRow>(t('columns.activeMembers'), 'activeMembers', false),
    figure<ReportAgentRow>(t('columns.deposits'), 'deposits', true),
    figure<ReportAgentRow>(t('columns.validBets'), 'validBets', true),
    figure<ReportAgentRow>(t('columns.ggr'), 'ggr', true),
    figure<ReportAgentRow>(t('columns.commission'), 'commission', true),
  ];
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <ReportFilterBar<PeriodFormValues>
          filters={filters}
          initialValues={periodFormValues(filters)}
          onSearch={(values) => setFilters(periodFromForm(values, filters))}
          onReset={() => setFilters(cleared(filters))}
        />
      </Card>
      <ReportHeader
        answer={result.data}
        listPath={adminReportAgentsEndpoint.path}
        filters={filters}
        filename="agents"
      />
      <ListTable<ReportAgentRow>
        result={result}
        filters={filters}
        onChange={(patch) => setFilters(patch)}
        columns={columns}
        rowKey={(row) => `${row.agentId}:${row.currency}`}
      />
    </Flex>
  );
}

type CohortsForm = PeriodFormValues & { weeks?: number };

export function CohortsReport() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(adminReportCohortsEndpoint.query);
  const [show, setShow] = useState<'active' | 'depositing'>('active');
  const result = useEndpointQuery(
    adminReportCohortsEndpoint,
    { query: filters },
    { enabled: periodComplete(filters) },
  );
  const columns: Columns<ReportCohortRow> = [
    { title: t('columns.week'), key: 'week', dataIndex: 'week', fixed: 'left' },
    { title: t('columns.size'), key: 'size', dataIndex: 'size', align: 'right', render: count },
    ...Array.from({ length: filters.weeks }, (_, n) => ({
      title: t('columns.weekN', { n }),
      key: `w${n}`,
      align: 'right' as const,
      onCell: (row: ReportCohortRow) => {
        const cell = row.weeks[n];
        const value = cell ? cell[show] : null;
        return {
          'data-value': value ?? '',
          style: { background: cohortShade(value, row.size) },
        } as React.HTMLAttributes<HTMLTableCellElement>;
      },
      render: (_: unknown, row: ReportCohortRow) => {
        const value = row.weeks[n]?.[show] ?? null;
        return count(value);
      },
    })),
  ];
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <ReportFilterBar<CohortsForm>
          filters={filters}
          initialValues={{ ...periodFormValues(filters), weeks: filters.weeks }}
          onSearch={(values) =>
            setFilters({ ...periodFromForm(values, filters), weeks: values.weeks ?? undefined })
          }
          onReset={() => setFilters(cleared(filters))}
        >
          <Form.Item name="weeks" label={t('weeks')}>
            <InputNumber min={1} max={26} precision={0} style={{ width: 90 }} />
          </Form.Item>
        </ReportFilterBar>
      </Card>
      <ReportHeader
        answer={result.data}
        listPath={adminReportCohortsEndpoint.path}
        filters={filters}
        filename="cohorts"
      />
      <Flex gap={12} align="center" wrap>
        <Typography.Text>{t('show')}</Typography.Text>
        <Segmented<'active' | 'depositing'>
          value={show}
          onChange={setShow}
          options={[
            { value: 'active', label: t('cohortShow.active') },
            { value: 'depositing', label: t('cohortShow.depositing') },
          ]}
        />
        <Typography.Text type="secondary">{t('cohortHint')}</Typography.Text>
      </Flex>
      <ReportTable<ReportCohortRow>
        result={result}
        rows={result.data?.items}
        columns={columns}
        rowKey="week"
      />
    </Flex>
  );
}

type PlayersForm = PeriodFormValues & { order?: 'winners' | 'losers'; limit?: number };

export function PlayersReport() {
  const { t } = useTranslation('reports');
  const [filters, setFilters] = useUrlFilters(adminReportPlayersEndpoint.query);
  const result = useEndpointQuery(
    adminReportPlayersEndpoint,
    { query: filters },
    { enabled: periodComplete(filters) },
  );
  const columns: Columns<ReportPlayerRow> = [
    {
      title: t('columns.member'),
      key: 'member',
      fixed: 'left',
      render: (_, row) => <Link to={`/members/${row.memberId}`}>{row.username}</Link>,
    },
    { title: t('columns.brand'), key: 'brand', dataIndex: 'brand' },
    figure<ReportPlayerRow>(t('columns.net'), 'net', true),
    figure<ReportPlayerRow>(t('columns.bets'), 'bets', true),
    figure<ReportPlayerRow>(t('columns.validBets'), 'validBets', true),
    figure<ReportPlayerRow>(t('columns.payouts'), 'payouts', true),
    figure<ReportPlayerRow>(t('columns.rounds'), 'rounds', false),
  ];
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <ReportFilterBar<PlayersForm>
          filters={filters}
          initialValues={{
            ...periodFormValues(filters),
            order: filters.order,
            limit: filters.limit,
          }}
          onSearch={(values) =>
            setFilters({
              ...periodFromForm(values, filters),
              order: values.order,
              limit: values.limit ?? undefined,
            })
          }
          onReset={() => setFilters(cleared(filters))}
        >
          <Form.Item name="order" label={t('order')}>
            <Select
              style={{ minWidth: 120 }}
              options={(['winners', 'losers'] as const).map((order) => ({
                value: order,
                label: t(`orders.${order}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="limit" label={t('limit')}>
            <InputNumber min={1} max={500} precision={0} style={{ width: 90 }} />
          </Form.Item>
        </ReportFilterBar>
      </Card>
      <ReportHeader
        answer={result.data}
        listPath={adminReportPlayersEndpoint.path}
        filters={filters}
        filename="players"
      />
      <ReportTable<ReportPlayerRow>
        result={result}
        rows={result.data?.items}
        columns={columns}
        rowKey={(row) => `${row.memberId}:${row.currency}`}
      />
    </Flex>
  );
}
