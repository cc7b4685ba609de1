import { TeamOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { operatorsMessages } from './i18n.ts';

export const operatorsFeature: AdminFeature = {
  key: 'operators',
  messages: operatorsMessages,
  routes: [
    {
      path: 'operators',
      permission: 'operators.manage',
      load: () => import('./operators-page.tsx'),
      menu: { label: 'menu', icon: <TeamOutlined />, order: 40 },
    },
    {
      path: 'operators/roles',
      permission: 'operators.manage',
      load: () => import('./roles-page.tsx'),
    },
  ],
};
