import { SafetyOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { complianceMessages } from './i18n.ts';

export const complianceFeature: AdminFeature = {
  key: 'compliance',
  messages: complianceMessages,
  routes: [
    {
      path: 'compliance',
      permission: 'compliance.manage',
      load: () => import('./compliance-page.tsx'),
      menu: { label: 'menu', icon: <SafetyOutlined />, order: 45 },
    },
  ],
};
