import { TableOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { reportsMessages } from './i18n.ts';

export const reportsFeature: AdminFeature = {
  key: 'reports',
  messages: reportsMessages,
  routes: [
    {
      path: 'reports',
      permission: 'reports.read',
      load: () => import('./reports-page.tsx'),
      menu: { label: 'menu', icon: <TableOutlined />, order: 6, group: 'reports' },
    },
    {
      path: 'reports/:report',
      permission: 'reports.read',
      load: () => import('./reports-page.tsx'),
    },
  ],
};
