/**
 * The member site's routes (SPEC.md section 2). All matches are exact. The web router renders
 * them; the API serves index.html with 200 for these and 404 for any other page path.
 */

/** Routes inside the layout. */
export const LAYOUT_ROUTES = [
  '/',
  '/home',
  '/user',
  '/agent',
  '/activity/discount',
  '/activity/list/:id',
  '/activity/enjoyLuxuryGifts',
  '/activity/sign',
  '/venue/sports',
  '/venue/realbet',
  '/venue/chess',
  '/venue/gaming',
  '/venue/lottery',
  '/venue/fishGame',
  '/game/egame',
  '/download',
  '/help/:id',
  '/forgetPassword',
  '/sports',
  '/venues',
] as const;

/** Children of /user: the member centre screens, at these exact paths. */
export const MEMBER_CENTRE_ROUTES = [
  '/finance/deposit',
  '/finance/deposit/newsletter',
  '/finance/deposit/cardinfo',
  '/finance/deposit/virtualCoinHelp',
  '/finance/withdraw',
  '/finance/transfer',
  '/finance/addBankCard',
  '/finance/addAlipay',
  '/finance/virtualCoinCard',
  '/user/personal',
  '/user/identity',
  '/user/bankCardsManage',
  '/user/message',
  '/user/messageDetail',
  '/user/feedBack',
  '/user/feedBackList',
  '/user/betRecord',
  '/user/transRecord',
  // Lobby's own, beyond the spec's list: game recall (issue 15).
  '/user/gameRecall',
  '/user/vip',
  '/user/vip/detail',
  /** The member's limits and protection tools (issue 15; not in the spec's route list). */
  '/user/responsibleGaming',
] as const;

/** Stand-alone routes outside the layout. */
export const STANDALONE_ROUTES = ['/login', '/register', '/iframeCustomerService'] as const;

/** The mobile site that phones on /home are sent to. */
export const MOBILE_ROUTES = ['/app/home'] as const;

export const ALL_PAGE_ROUTES: readonly string[] = [
  ...LAYOUT_ROUTES,
  ...MEMBER_CENTRE_ROUTES,
  ...STANDALONE_ROUTES,
  ...MOBILE_ROUTES,
];

/** True when a path is one of the routes, `:param` matching one non-empty path segment. */
export function matchesPageRoute(pathname: string, routes: readonly string[] = ALL_PAGE_ROUTES) {
  const segments = pathname.split('/');
  return routes.some((route) => {
    const parts = route.split('/');
    if (parts.length !== segments.length) return false;
    return parts.every((part, index) => {
      const segment = segments[index] ?? '';
      return part.startsWith(':') ? segment !== '' : part === segment;
    });
  });
}
