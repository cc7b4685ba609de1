import { CheckSquareOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { approvalsMessages } from './i18n.ts';

export const approvalsFeature: AdminFeature = {
  key: 'approvals',
  messages: approvalsMessages,
  routes: [
    {
      path: 'approvals',
      permission: 'approvals.decide',
      load: () => import('./approvals-page.tsx'),
      menu: { label: 'menu', icon: <CheckSquareOutlined />, order: 20 },
    },
  ],
};
