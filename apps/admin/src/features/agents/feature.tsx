import { PartitionOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { agentsMessages } from './i18n.ts';

/**
 * The agent partnership (`agents.manage`): applications to review, the agents, a brand's
 * commission tiers and the monthly statements to approve.
 */
export const agentsFeature: AdminFeature = {
  key: 'agents',
  messages: agentsMessages,
  routes: [
    {
      path: 'agents',
      permission: 'agents.manage',
      load: () => import('./applications-page.tsx'),
      menu: { label: 'menu', icon: <PartitionOutlined />, order: 67, group: 'marketing' },
    },
    {
      path: 'agents/list',
      permission: 'agents.manage',
      load: () => import('./agents-page.tsx'),
    },
    {
      path: 'agents/tiers',
      permission: 'agents.manage',
      load: () => import('./tiers-page.tsx'),
    },
    {
      path: 'agents/statements',
      permission: 'agents.manage',
      load: () => import('./statements-page.tsx'),
    },
  ],
};
