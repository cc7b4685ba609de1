import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { auditEventsMessages } from './i18n.ts';

export const auditEventsFeature: AdminFeature = {
  key: 'audit-events',
  messages: auditEventsMessages,
  routes: [
    {
      path: 'audit-events',
      permission: 'audit.read',
      load: () => import('./audit-events-page.tsx'),
      menu: { label: 'menu', icon: <SafetyCertificateOutlined />, order: 51 },
    },
  ],
};
