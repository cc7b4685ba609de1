import { AuditOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { actionLogMessages } from './i18n.ts';

export const actionLogFeature: AdminFeature = {
  key: 'action-log',
  messages: actionLogMessages,
  routes: [
    {
      path: 'actions',
      permission: 'audit.read',
      load: () => import('./action-log-page.tsx'),
      menu: { label: 'menu', icon: <AuditOutlined />, order: 50 },
    },
  ],
};
