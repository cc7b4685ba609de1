import { SwapOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { transfersMessages } from './i18n.ts';

export const transfersFeature: AdminFeature = {
  key: 'transfers',
  messages: transfersMessages,
  routes: [
    {
      // Reading needs what the endpoint asks (members.read); acting needs transfers.resolve.
      path: 'transfers',
      permission: 'members.read',
      load: () => import('./exceptions-page.tsx'),
      menu: { label: 'menu', icon: <SwapOutlined />, order: 35 },
    },
    {
      path: 'transfers/:id',
      permission: 'members.read',
      load: () => import('./transfer-detail-page.tsx'),
    },
  ],
};
