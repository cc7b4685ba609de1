import type { AdminFeature } from '../../lib/feature.ts';
import { member360Messages } from './i18n.ts';

/** The member 360 page: opened from the member search (no menu entry of its own). */
export const member360Feature: AdminFeature = {
  key: 'member-360',
  messages: member360Messages,
  routes: [
    {
      path: 'members/:id',
      permission: 'members.read',
      load: () => import('./member-page.tsx'),
    },
  ],
};
