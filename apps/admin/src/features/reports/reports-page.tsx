import type { ComponentType } from 'react';
import { Flex, Tabs, Typography } from 'antd';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AgentsReport,
  CohortsReport,
  DailyReport,
  GamesReport,
  PlayersReport,
  PromotionsReport,
  VipReport,
} from './report-views.tsx';

/** The reports, in the tab order; each is `/reports/<key>` with its filters in the search. */
const REPORTS: readonly { key: string; view: ComponentType }[] = [
  { key: 'daily', view: DailyReport },
  { key: 'games', view: GamesReport },
  { key: 'promotions', view: PromotionsReport },
  { key: 'vip', view: VipReport },
  { key: 'agents', view: AgentsReport },
  { key: 'cohorts', view: CohortsReport },
  { key: 'players', view: PlayersReport },
];

/** The period fields every report shares: kept when another tab is opened. */
const SHARED = ['brand', 'period', 'from', 'to'];

export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const { report } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const current = REPORTS.find((entry) => entry.key === report);
  if (!current) return <Navigate to={`/reports/daily${location.search}`} replace />;
  const View = current.view;

  function open(key: string) {
    const search = new URLSearchParams(location.search);
    const kept = new URLSearchParams();
    for (const name of SHARED) for (const value of search.getAll(name)) kept.append(name, value);
    const query = kept.toString();
    void navigate(`/reports/${key}${query ? `?${query}` : ''}`);
  }

  return (
    <Flex vertical gap={8}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs
        activeKey={current.key}
        onChange={open}
        items={REPORTS.map((entry) => ({ key: entry.key, label: t(`tabs.${entry.key}`) }))}
      />
      {/* A new report starts with its own state (its form, its selection). */}
      <View key={current.key} />
    </Flex>
  );
}
