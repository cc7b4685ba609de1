import { SkinOutlined } from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { brandsMessages } from './i18n.ts';

/** Brands (issue 16, part 7): the list, a brand's settings with a live theme preview, versions. */
export const brandsFeature: AdminFeature = {
  key: 'brands',
  messages: brandsMessages,
  routes: [
    {
      path: 'brands',
      permission: 'brands.manage',
      load: () => import('./brands-page.tsx'),
      menu: { label: 'menu', icon: <SkinOutlined />, order: 90, group: 'brands' },
    },
    {
      path: 'brands/:code',
      permission: 'brands.manage',
      load: () => import('./brand-page.tsx'),
    },
  ],
};
