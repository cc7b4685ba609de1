import { SearchOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { membersMessages } from './i18n.ts';

export const membersFeature: AdminFeature = {
  key: 'members',
  messages: membersMessages,
  routes: [
    {
      path: 'members',
      permission: 'members.read',
      load: () => import('./member-search-page.tsx'),
      menu: { label: 'menu', icon: <SearchOutlined />, order: 10 },
    },
    // Each member opens on the member 360 page: features/member-360 (`members/:id`).
  ],
};
