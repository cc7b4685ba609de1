import { StopOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { exclusionRegistryMessages } from './i18n.ts';

export const exclusionRegistryFeature: AdminFeature = {
  key: 'exclusion-registry',
  messages: exclusionRegistryMessages,
  routes: [
    {
      path: 'exclusion-registry',
      permission: 'risk.alerts',
      load: () => import('./exclusion-registry-page.tsx'),
      menu: { label: 'menu', icon: <StopOutlined />, order: 46 },
    },
  ],
};
