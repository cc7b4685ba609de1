import { DashboardOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { dashboardMessages } from './i18n.ts';

export const dashboardFeature: AdminFeature = {
  key: 'dashboard',
  messages: dashboardMessages,
  routes: [
    {
      path: 'dashboard',
      permission: 'reports.read',
      // ECharts comes with this page's chunk only.
      load: () => import('./dashboard-page.tsx'),
      menu: { label: 'menu', icon: <DashboardOutlined />, order: 5, group: 'reports' },
    },
  ],
};
