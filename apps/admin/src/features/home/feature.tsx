import { HomeOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { homeMessages } from './i18n.ts';

export const homeFeature: AdminFeature = {
  key: 'home',
  messages: homeMessages,
  routes: [
    {
      path: '',
      load: () => import('./home-page.tsx'),
      menu: { label: 'menu', icon: <HomeOutlined />, order: 0 },
    },
  ],
};
