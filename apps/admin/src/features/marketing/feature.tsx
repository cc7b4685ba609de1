import {
  AuditOutlined,
  GiftOutlined,
  NotificationOutlined,
  PictureOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { AdminFeature } from '../../lib/feature.ts';
import { marketingMessages } from './i18n.ts';

/**
 * Marketing (`promo.manage`): promotions of every kind with their rules, texts and status, the
 * gift catalogue of gift promotions, home banners and the daily notice, and the review queues of
 * claims and gift exchanges. Every change goes through the operator API and its action log.
 */
export const marketingFeature: AdminFeature = {
  key: 'marketing',
  messages: marketingMessages,
  routes: [
    {
      path: 'promotions',
      permission: 'promo.manage',
      load: () => import('./promotions-page.tsx'),
      menu: { label: 'menu', icon: <NotificationOutlined />, order: 60, group: 'marketing' },
    },
    {
      path: 'promotions/new',
      permission: 'promo.manage',
      load: () => import('./promotion-edit-page.tsx'),
    },
    {
      path: 'promotions/:id',
      permission: 'promo.manage',
      load: () => import('./promotion-edit-page.tsx'),
    },
    {
      path: 'promotion-gifts',
      permission: 'promo.manage',
      load: () => import('./gifts-page.tsx'),
      menu: { label: 'menuGifts', icon: <GiftOutlined />, order: 61, group: 'marketing' },
    },
    {
      path: 'promo-banners',
      permission: 'promo.manage',
      load: () => import('./banners-page.tsx'),
      menu: { label: 'menuBanners', icon: <PictureOutlined />, order: 62, group: 'marketing' },
    },
    {
      path: 'promo-claims',
      permission: 'promo.manage',
      load: () => import('./claims-page.tsx'),
      menu: { label: 'menuClaims', icon: <AuditOutlined />, order: 63, group: 'marketing' },
    },
    {
      path: 'gift-exchanges',
      permission: 'promo.manage',
      load: () => import('./exchanges-page.tsx'),
      menu: { label: 'menuExchanges', icon: <SwapOutlined />, order: 64, group: 'marketing' },
    },
  ],
};
