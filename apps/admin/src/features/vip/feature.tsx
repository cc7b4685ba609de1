import { CrownOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { vipMessages } from './i18n.ts';

/** VIP: a brand's level table, the rewards paid, and the jobs that pay them (`vip.manage`). */
export const vipFeature: AdminFeature = {
  key: 'vip',
  messages: vipMessages,
  routes: [
    {
      path: 'vip',
      permission: 'vip.manage',
      load: () => import('./levels-page.tsx'),
      menu: { label: 'menu', icon: <CrownOutlined />, order: 65, group: 'marketing' },
    },
    {
      path: 'vip/rewards',
      permission: 'vip.manage',
      load: () => import('./rewards-page.tsx'),
    },
    {
      path: 'vip/jobs',
      permission: 'vip.manage',
      load: () => import('./jobs-page.tsx'),
    },
  ],
};
