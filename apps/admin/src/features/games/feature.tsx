import { AppstoreOutlined, TeamOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { gamesMessages } from './i18n.ts';

/** The games screens (issue 16, part 6): a brand's platforms, a platform's games, who is online. */
export const gamesFeature: AdminFeature = {
  key: 'games',
  messages: gamesMessages,
  routes: [
    {
      path: 'games/platforms',
      permission: 'games.manage',
      load: () => import('./platforms-page.tsx'),
      menu: { label: 'menuPlatforms', icon: <AppstoreOutlined />, order: 80, group: 'games' },
    },
    {
      path: 'games/catalog',
      permission: 'games.manage',
      load: () => import('./games-page.tsx'),
      menu: { label: 'menuGames', icon: <UnorderedListOutlined />, order: 81, group: 'games' },
    },
    {
      path: 'games/online',
      permission: 'members.read',
      load: () => import('./online-page.tsx'),
      menu: { label: 'menuOnline', icon: <TeamOutlined />, order: 82, group: 'games' },
    },
  ],
};
