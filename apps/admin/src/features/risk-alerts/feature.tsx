import { AlertOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { riskAlertsMessages } from './i18n.ts';

export const riskAlertsFeature: AdminFeature = {
  key: 'risk-alerts',
  messages: riskAlertsMessages,
  routes: [
    {
      path: 'risk-alerts',
      permission: 'risk.alerts',
      load: () => import('./risk-alerts-page.tsx'),
      menu: { label: 'menu', icon: <AlertOutlined />, order: 36 },
    },
  ],
};
