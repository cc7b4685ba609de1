import { describe, expect, it } from 'vitest';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import {
  ALL_PAGE_ROUTES,
  LAYOUT_ROUTES,
  MEMBER_CENTRE_ROUTES,
  STANDALONE_ROUTES,
} from '@lobby/contracts';
import { createRoutes, LAYOUT_ROUTE_IDS, type RouteDependencies } from './routes.tsx';
import { sampleBrandConfig } from './test-brand-config.ts';

const config = sampleBrandConfig;

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1';

const deps = (overrides: Partial<RouteDependencies> = {}): RouteDependencies => ({
  config,
  userAgent: DESKTOP,
  trackPageView: () => undefined,
  sendHeartbeat: undefined,
  ...overrides,
});

const routes: RouteObject[] = createRoutes(deps());

/** Ids of the routes matched by a path, outermost first. */
function matchedIds(path: string): string[] {
  return (matchRoutes(routes, path) ?? []).map((match) => match.route.id ?? '?');
}

const leafId = (path: string) => matchedIds(path).at(-1);

/** Every route of SPEC.md section 2 and the screen that must answer it. */
const LAYOUT_SCREENS: Record<string, string> = {
  '/home': 'home',
  '/agent': 'agent',
  '/activity/discount': 'activity-discount',
  '/activity/list/42': 'activity-detail',
  '/activity/enjoyLuxuryGifts': 'activity-gifts',
  '/activity/sign': 'activity-sign',
  '/venue/sports': 'venue-sports',
  '/venue/realbet': 'venue-realbet',
  '/venue/chess': 'venue-chess',
  '/venue/gaming': 'venue-gaming',
  '/venue/lottery': 'venue-lottery',
  '/venue/fishGame': 'venue-fish',
  '/game/egame': 'egame',
  '/download': 'download',
  '/help/about': 'help',
  '/forgetPassword': 'forget-password',
  '/sports': 'sports',
  '/venues': 'venues',
};

const MEMBER_SCREENS: Record<string, string> = {
  '/user': 'user',
  '/finance/deposit': 'deposit',
  '/finance/deposit/newsletter': 'deposit-newsletter',
  '/finance/deposit/cardinfo': 'deposit-card-info',
  '/finance/deposit/virtualCoinHelp': 'virtual-coin-help',
  '/finance/withdraw': 'withdraw',
  '/finance/transfer': 'transfer',
  '/finance/addBankCard': 'add-bank-card',
  '/finance/addAlipay': 'add-alipay',
  '/finance/virtualCoinCard': 'virtual-coin-card',
  '/user/personal': 'personal',
  '/user/identity': 'identity',
  '/user/bankCardsManage': 'bank-cards-manage',
  '/user/message': 'message',
  '/user/messageDetail': 'message-detail',
  '/user/feedBack': 'feedback',
  '/user/feedBackList': 'feedback-list',
  '/user/betRecord': 'bet-record',
  '/user/transRecord': 'trans-record',
  '/user/gameRecall': 'game-recall',
  '/user/vip': 'vip',
  '/user/vip/detail': 'vip-detail',
  '/user/responsibleGaming': 'responsible-gaming',
};

const STAND_ALONE_SCREENS: Record<string, string> = {
  '/login': 'login',
  '/register': 'register',
  '/iframeCustomerService': 'customer-service',
};

describe('route table', () => {
  it.each(Object.entries(LAYOUT_SCREENS))('%s renders %s inside the layout', (path, id) => {
    const ids = matchedIds(path);
    expect(ids.at(-1)).toBe(id);
    expect(ids).toContain(LAYOUT_ROUTE_IDS.layout);
    expect(ids).not.toContain(LAYOUT_ROUTE_IDS.member);
  });

  it.each(Object.entries(MEMBER_SCREENS))(
    '%s renders %s in the member centre inside the layout',
    (path, id) => {
      const ids = matchedIds(path);
      expect(ids.at(-1)).toBe(id);
      expect(ids).toEqual([
        LAYOUT_ROUTE_IDS.shell,
        LAYOUT_ROUTE_IDS.layout,
        LAYOUT_ROUTE_IDS.member,
        id,
      ]);
    },
  );

  it.each(Object.entries(STAND_ALONE_SCREENS))('%s renders %s outside the layout', (path, id) => {
    const ids = matchedIds(path);
    expect(ids).toEqual([LAYOUT_ROUTE_IDS.shell, id]);
  });

  it('gives /app/home its own mobile layout', () => {
    expect(matchedIds('/app/home')).toEqual([
      LAYOUT_ROUTE_IDS.shell,
      LAYOUT_ROUTE_IDS.mobile,
      'app-home',
    ]);
  });

  it('answers / with the layout index', () => {
    expect(matchedIds('/')).toEqual([LAYOUT_ROUTE_IDS.shell, LAYOUT_ROUTE_IDS.layout, 'index']);
  });

  it('matches exactly: other cases, prefixes and unknown paths are not found', () => {
    for (const path of [
      '/Home',
      '/user/feedback',
      '/finance/Deposit',
      '/venue/fishgame',
      '/venue/casino',
      '/activity/list',
      '/help',
      '/user/personal/extra',
      '/app/other',
      '/nothing-here',
    ]) {
      expect(leafId(path), path).toBe('not-found');
    }
  });
});

describe('route table against the contract lists', () => {
  const concrete = (route: string) => route.replace(/:[^/]+/g, 'x1');

  it('tests every page route the contract names', () => {
    const tested = new Set([
      ...Object.keys(LAYOUT_SCREENS),
      ...Object.keys(MEMBER_SCREENS),
      ...Object.keys(STAND_ALONE_SCREENS),
      '/',
      '/app/home',
    ]);
    const testedPatterns = [...tested].map((path) =>
      path.replace('/activity/list/42', '/activity/list/:id').replace('/help/about', '/help/:id'),
    );
    for (const route of ALL_PAGE_ROUTES) expect(testedPatterns, route).toContain(route);
  });

  it('has a screen for every contract route', () => {
    for (const route of ALL_PAGE_ROUTES)
      expect(leafId(concrete(route)), route).not.toBe('not-found');
  });

  it('puts layout and member-centre routes in the layout, stand-alone ones outside', () => {
    for (const route of [...LAYOUT_ROUTES, ...MEMBER_CENTRE_ROUTES]) {
      expect(matchedIds(concrete(route)), route).toContain(LAYOUT_ROUTE_IDS.layout);
    }
    for (const route of MEMBER_CENTRE_ROUTES) {
      expect(matchedIds(route), route).toContain(LAYOUT_ROUTE_IDS.member);
    }
    for (const route of STANDALONE_ROUTES) {
      expect(matchedIds(route), route).not.toContain(LAYOUT_ROUTE_IDS.layout);
    }
  });
});

describe('redirects', () => {
  async function settle(path: string, userAgent: string, mobileSite = true) {
    const router = createMemoryRouter(
      createRoutes(
        deps({ userAgent, config: { ...config, settings: { ...config.settings, mobileSite } } }),
      ),
      { initialEntries: [path] },
    );
    await new Promise<void>((resolve) => {
      if (router.state.initialized && router.state.navigation.state === 'idle') resolve();
      const unsubscribe = router.subscribe((state) => {
        if (state.initialized && state.navigation.state === 'idle') {
          unsubscribe();
          resolve();
        }
      });
    });
    const { pathname, search } = router.state.location;
    router.dispose();
    return `${pathname}${search}`;
  }

  it('sends / to /home keeping the query', async () => {
    expect(await settle('/?i_code=AB12', DESKTOP)).toBe('/home?i_code=AB12');
  });

  it('sends mobile browsers on /home to /app/home keeping the query', async () => {
    expect(await settle('/home?x=1', IPHONE)).toBe('/app/home?x=1');
    expect(await settle('/?x=1', IPHONE)).toBe('/app/home?x=1');
  });

  it('keeps desktop browsers, and every browser when the brand has no mobile site', async () => {
    expect(await settle('/home?x=1', DESKTOP)).toBe('/home?x=1');
    expect(await settle('/home?x=1', IPHONE, false)).toBe('/home?x=1');
  });

  it('sends /app to /app/home', async () => {
    expect(await settle('/app', IPHONE)).toBe('/app/home');
  });
});
