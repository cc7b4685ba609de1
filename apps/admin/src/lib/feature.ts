import type { ComponentType, ReactNode } from 'react';
import type { Permission } from '@lobby/contracts';
import type { FeatureMessages } from './messages.ts';

/**
 * A screen (or a few) of the console, as its folder src/features/<key>/ describes it in its
 * `feature.tsx`. src/app/features.ts lists every feature; the route table, the sidebar menu and
 * the texts are made from that list, so adding a screen touches one shared line.
 */
export type FeatureRoute = {
  /** Path under /admin/, without the leading slash: `approvals`, `members/:id`. */
  path: string;
  /** What the operator must hold to open it (and to see its menu entry). */
  permission?: Permission;
  /** The page, loaded when first opened: `() => import('./approvals-page.tsx')`. */
  load: () => Promise<{ default: ComponentType }>;
  /** A sidebar entry: its label is a key of the feature's texts. */
  menu?: { label: string; icon: ReactNode; order: number; group?: MenuGroup };
};

/**
 * Sidebar sections: a route whose menu names a group is listed inside that group's submenu
 * (labelled by `app:group.<name>`, placed at the smallest order of its entries).
 */
export const MENU_GROUPS = [
  'reports',
  'marketing',
  'content',
  'games',
  'brands',
  'service',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export type AdminFeature = {
  /** The folder name, and the i18next namespace of the feature's texts. */
  key: string;
  messages: FeatureMessages;
  routes: FeatureRoute[];
};
