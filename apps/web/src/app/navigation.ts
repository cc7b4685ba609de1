import type { IconName } from '../components/ui/icon.tsx';
import { VENUE_CATEGORIES } from './venue-categories.ts';

export type NavItem = {
  /** i18n key under `web:`. */
  labelKey: string;
  path: string;
  icon: IconName;
};

/** Main navigation of the site header: home, the venues, activities, VIP and agent. */
export const MAIN_NAV: readonly NavItem[] = [
  { labelKey: 'nav.home', path: '/home', icon: 'home' },
  ...VENUE_CATEGORIES.map((venue) => ({
    labelKey: `venue.${venue.category}.name`,
    path: venue.path,
    icon: venue.icon,
  })),
  { labelKey: 'nav.activities', path: '/activity/discount', icon: 'gift' },
  { labelKey: 'nav.vip', path: '/user/vip', icon: 'crown' },
  { labelKey: 'nav.agent', path: '/agent', icon: 'agent' },
];

/** Bottom tab bar of the site at phone width. */
export const PHONE_TABS: readonly NavItem[] = [
  { labelKey: 'nav.home', path: '/home', icon: 'home' },
  { labelKey: 'nav.activities', path: '/activity/discount', icon: 'gift' },
  { labelKey: 'nav.deposit', path: '/finance/deposit', icon: 'wallet' },
  { labelKey: 'nav.service', path: '/iframeCustomerService', icon: 'headset' },
  { labelKey: 'nav.member', path: '/user', icon: 'user' },
];

/** Bottom tab bar of the mobile site (/app). */
export const MOBILE_SITE_TABS: readonly NavItem[] = [
  { labelKey: 'nav.home', path: '/app/home', icon: 'home' },
  { labelKey: 'nav.activities', path: '/activity/discount', icon: 'gift' },
  { labelKey: 'nav.service', path: '/iframeCustomerService', icon: 'headset' },
  { labelKey: 'nav.member', path: '/user', icon: 'user' },
];

export type MemberMenuGroup = { labelKey: string; items: readonly NavItem[] };

/** Side menu of the member centre. */
export const MEMBER_MENU: readonly MemberMenuGroup[] = [
  {
    labelKey: 'member.menu.groups.wallet',
    items: [
      { labelKey: 'member.menu.overview', path: '/user', icon: 'grid' },
      { labelKey: 'member.menu.deposit', path: '/finance/deposit', icon: 'deposit' },
      { labelKey: 'member.menu.withdraw', path: '/finance/withdraw', icon: 'withdraw' },
      { labelKey: 'member.menu.transfer', path: '/finance/transfer', icon: 'transfer' },
    ],
  },
  {
    labelKey: 'member.menu.groups.records',
    items: [
      { labelKey: 'member.menu.betRecord', path: '/user/betRecord', icon: 'record' },
      { labelKey: 'member.menu.transRecord', path: '/user/transRecord', icon: 'coin' },
      { labelKey: 'member.menu.gameRecall', path: '/user/gameRecall', icon: 'record' },
    ],
  },
  {
    labelKey: 'member.menu.groups.account',
    items: [
      { labelKey: 'member.menu.personal', path: '/user/personal', icon: 'user' },
      { labelKey: 'member.menu.identity', path: '/user/identity', icon: 'idCard' },
      { labelKey: 'member.menu.bankCards', path: '/user/bankCardsManage', icon: 'card' },
      { labelKey: 'member.menu.vip', path: '/user/vip', icon: 'crown' },
      { labelKey: 'member.menu.protection', path: '/user/responsibleGaming', icon: 'shield' },
    ],
  },
  {
    labelKey: 'member.menu.groups.messages',
    items: [
      { labelKey: 'member.menu.message', path: '/user/message', icon: 'message' },
      { labelKey: 'member.menu.feedback', path: '/user/feedBack', icon: 'feedback' },
    ],
  },
];

/** Help topics linked from the footer and listed in the help centre, by id. */
export const HELP_TOPICS = [
  'about',
  'deposit',
  'withdraw',
  'responsible-gaming',
  'privacy',
  'terms',
] as const;

/** The account security items of /user/personal that a link may open (`?open=<item>`). */
export const SECURITY_ITEMS = [
  'loginPassword',
  'withdrawPassword',
  'phone',
  'email',
  'realName',
] as const;
export type SecurityItem = (typeof SECURITY_ITEMS)[number];

/** The query parameter of /user/personal that names the security item to open. */
export const SECURITY_ITEM_PARAM = 'open';

/** /user/personal with one security item's form open, e.g. the withdrawal password's. */
export function securityItemPath(item: SecurityItem): string {
  return `/user/personal?${SECURITY_ITEM_PARAM}=${item}`;
}

/** The item a /user/personal address asks to open, or null. */
export function requestedSecurityItem(search: string): SecurityItem | null {
  const value = new URLSearchParams(search).get(SECURITY_ITEM_PARAM);
  return SECURITY_ITEMS.find((item) => item === value) ?? null;
}
