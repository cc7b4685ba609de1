import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { redirect, type RouteObject } from 'react-router';
import type { BrandPublicConfig } from '@lobby/contracts';
import { HotGames } from '../features/games/hot-games.tsx';
import { AppHomePage } from '../features/home/app-home-page.tsx';
import { HomePage, type HotGamesSlot } from '../features/home/home-page.tsx';
import type { HeartbeatSender } from './heartbeat.tsx';
import { AppShell } from './layouts/app-shell.tsx';
import { MainLayout } from './layouts/main-layout.tsx';
import { MemberLayout } from './layouts/member-layout.tsx';
import { MobileLayout } from './layouts/mobile-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';
import { Splash } from './layouts/splash.tsx';
import { DESKTOP_HOME_PATH, mobileRedirect } from './navigation-rules.ts';

/** A screen loaded on first visit, in its own chunk. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the constraint of React.lazy
function screen<T extends ComponentType<any>>(load: () => Promise<T>): LazyExoticComponent<T> {
  return lazy(async () => ({ default: await load() }));
}

const LoginPage = screen(() =>
  import('../features/auth/login-page.tsx').then((module) => module.LoginPage),
);
const RegisterPage = screen(() =>
  import('../features/auth/register-page.tsx').then((module) => module.RegisterPage),
);
const ForgetPasswordPage = screen(() =>
  import('../features/auth/forget-password-page.tsx').then((module) => module.ForgetPasswordPage),
);
const CustomerServicePage = screen(() =>
  import('../features/support/customer-service-page.tsx').then(
    (module) => module.CustomerServicePage,
  ),
);
const UserCentreScreen = screen(() =>
  import('./screens/user-centre-screen.tsx').then((module) => module.UserCentreScreen),
);
const DepositPage = screen(() =>
  import('../features/finance/deposit-page.tsx').then((module) => module.DepositPage),
);
const DepositNewsletterPage = screen(() =>
  import('../features/finance/deposit-newsletter-page.tsx').then(
    (module) => module.DepositNewsletterPage,
  ),
);
const DepositCardInfoPage = screen(() =>
  import('../features/finance/deposit-card-info-page.tsx').then(
    (module) => module.DepositCardInfoPage,
  ),
);
const VirtualCoinHelpPage = screen(() =>
  import('../features/finance/virtual-coin-help-page.tsx').then(
    (module) => module.VirtualCoinHelpPage,
  ),
);
const WithdrawPage = screen(() =>
  import('../features/finance/withdraw-page.tsx').then((module) => module.WithdrawPage),
);
const TransferPage = screen(() =>
  import('../features/games/transfer-page.tsx').then((module) => module.TransferPage),
);
const AddBankCardPage = screen(() =>
  import('../features/finance/add-bank-card-page.tsx').then((module) => module.AddBankCardPage),
);
const AddAlipayPage = screen(() =>
  import('../features/finance/add-alipay-page.tsx').then((module) => module.AddAlipayPage),
);
const VirtualCoinCardPage = screen(() =>
  import('../features/finance/virtual-coin-card-page.tsx').then(
    (module) => module.VirtualCoinCardPage,
  ),
);
const ResponsibleGamingPage = screen(() =>
  import('../features/protection/responsible-gaming-page.tsx').then(
    (module) => module.ResponsibleGamingPage,
  ),
);
const PersonalPage = screen(() =>
  import('../features/account/personal-page.tsx').then((module) => module.PersonalPage),
);
const BankCardsManagePage = screen(() =>
  import('../features/finance/bank-cards-manage-page.tsx').then(
    (module) => module.BankCardsManagePage,
  ),
);
const MessageListPage = screen(() =>
  import('../features/messages/message-list-page.tsx').then((module) => module.MessageListPage),
);
const MessageDetailPage = screen(() =>
  import('../features/messages/message-detail-page.tsx').then((module) => module.MessageDetailPage),
);
const FeedbackPage = screen(() =>
  import('../features/feedback/feedback-page.tsx').then((module) => module.FeedbackPage),
);
const FeedbackListPage = screen(() =>
  import('../features/feedback/feedback-list-page.tsx').then((module) => module.FeedbackListPage),
);
const IdentityPage = screen(() =>
  import('../features/kyc/identity-page.tsx').then((module) => module.IdentityPage),
);
const BetRecordPage = screen(() =>
  import('../features/games/bet-record-page.tsx').then((module) => module.BetRecordPage),
);
const GameRecallPage = screen(() =>
  import('../features/games/game-recall-page.tsx').then((module) => module.GameRecallPage),
);
const TransRecordPage = screen(() =>
  import('../features/records/trans-record-page.tsx').then((module) => module.TransRecordPage),
);
const VipPage = screen(() =>
  import('../features/vip/vip-page.tsx').then((module) => module.VipPage),
);
const VipDetailPage = screen(() =>
  import('../features/vip/vip-detail-page.tsx').then((module) => module.VipDetailPage),
);
const AgentPage = screen(() =>
  import('../features/agent/agent-page.tsx').then((module) => module.AgentPage),
);
const DiscountPage = screen(() =>
  import('../features/activity/discount-page.tsx').then((module) => module.DiscountPage),
);
const ActivityDetailPage = screen(() =>
  import('../features/activity/activity-detail-page.tsx').then(
    (module) => module.ActivityDetailPage,
  ),
);
const LuxuryGiftsPage = screen(() =>
  import('../features/activity/luxury-gifts-page.tsx').then((module) => module.LuxuryGiftsPage),
);
const SignPage = screen(() =>
  import('../features/activity/sign-page.tsx').then((module) => module.SignPage),
);
const VenuePage = screen(() =>
  import('../features/games/venue-page.tsx').then((module) => module.VenuePage),
);
const EgamePage = screen(() =>
  import('../features/games/egame-page.tsx').then((module) => module.EgamePage),
);
const SportsPage = screen(() =>
  import('../features/games/sports-page.tsx').then((module) => module.SportsPage),
);
const VenuesPage = screen(() =>
  import('../features/games/venues-page.tsx').then((module) => module.VenuesPage),
);
const DownloadPage = screen(() =>
  import('../features/download/download-page.tsx').then((module) => module.DownloadPage),
);
const HelpPage = screen(() =>
  import('../features/help/help-page.tsx').then((module) => module.HelpPage),
);
const NotFoundPage = screen(() =>
  import('../features/not-found/not-found-page.tsx').then((module) => module.NotFoundPage),
);

/** The games feature's hot games, in the home screens of the home feature. */
const hotGames: HotGamesSlot = (options) => <HotGames {...options} />;

export type RouteDependencies = {
  config: BrandPublicConfig;
  userAgent: string;
  /** Notified with path and query on every route change (SPEC.md section 2). */
  trackPageView: (path: string) => void;
  /** The heartbeat call (POST /api/findmed/v1/heartbeat); undefined sends none (tests). */
  sendHeartbeat: HeartbeatSender | undefined;
};

/** Ids of the layout routes, for tests and for reading matches. */
export const LAYOUT_ROUTE_IDS = {
  shell: 'shell',
  layout: 'layout',
  member: 'member-centre',
  mobile: 'mobile-site',
} as const;

type Leaf = { id: string; path: string; element: ReactNode };

const leaf = (id: string, path: string, element: ReactNode): Leaf => ({ id, path, element });

/** Every match is exact and case-sensitive (SPEC.md section 2: all matches are exact). */
function exact(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? exact(route.children) : undefined;
    const base = route.index ? route : { ...route, caseSensitive: true };
    return children ? ({ ...base, children } as RouteObject) : base;
  });
}

const withErrorBoundary = (routes: Leaf[]): RouteObject[] =>
  routes.map((route) => ({ ...route, errorElement: <RouteError /> }));

/** The route table of the member site (SPEC.md section 2). */
export function createRoutes(deps: RouteDependencies): RouteObject[] {
  const homeLoader = ({ request }: { request: Request }) => {
    if (!deps.config.settings.mobileSite) return null;
    const url = new URL(request.url);
    const target = mobileRedirect(url.pathname, url.search, deps.userAgent);
    return target ? redirect(target) : null;
  };

  const memberScreens: Leaf[] = [
    leaf('user', '/user', <UserCentreScreen />),
    leaf('deposit', '/finance/deposit', <DepositPage />),
    leaf('deposit-newsletter', '/finance/deposit/newsletter', <DepositNewsletterPage />),
    leaf('deposit-card-info', '/finance/deposit/cardinfo', <DepositCardInfoPage />),
    leaf('virtual-coin-help', '/finance/deposit/virtualCoinHelp', <VirtualCoinHelpPage />),
    leaf('withdraw', '/finance/withdraw', <WithdrawPage />),
    leaf('transfer', '/finance/transfer', <TransferPage />),
    leaf('add-bank-card', '/finance/addBankCard', <AddBankCardPage />),
    leaf('add-alipay', '/finance/addAlipay', <AddAlipayPage />),
    leaf('virtual-coin-card', '/finance/virtualCoinCard', <VirtualCoinCardPage />),
    leaf('personal', '/user/personal', <PersonalPage />),
    leaf('responsible-gaming', '/user/responsibleGaming', <ResponsibleGamingPage />),
    leaf('identity', '/user/identity', <IdentityPage />),
    leaf('bank-cards-manage', '/user/bankCardsManage', <BankCardsManagePage />),
    leaf('message', '/user/message', <MessageListPage />),
    leaf('message-detail', '/user/messageDetail', <MessageDetailPage />),
    leaf('feedback', '/user/feedBack', <FeedbackPage />),
    leaf('feedback-list', '/user/feedBackList', <FeedbackListPage />),
    leaf('bet-record', '/user/betRecord', <BetRecordPage />),
    leaf('trans-record', '/user/transRecord', <TransRecordPage />),
    leaf('game-recall', '/user/gameRecall', <GameRecallPage />),
    leaf('vip', '/user/vip', <VipPage />),
    leaf('vip-detail', '/user/vip/detail', <VipDetailPage />),
  ];

  const layoutScreens: Leaf[] = [
    leaf('agent', '/agent', <AgentPage />),
    leaf('activity-discount', '/activity/discount', <DiscountPage />),
    leaf('activity-detail', '/activity/list/:id', <ActivityDetailPage />),
    leaf('activity-gifts', '/activity/enjoyLuxuryGifts', <LuxuryGiftsPage />),
    leaf('activity-sign', '/activity/sign', <SignPage />),
    leaf('venue-sports', '/venue/sports', <VenuePage category="sports" />),
    leaf('venue-realbet', '/venue/realbet', <VenuePage category="casino" />),
    leaf('venue-chess', '/venue/chess', <VenuePage category="board" />),
    leaf('venue-gaming', '/venue/gaming', <VenuePage category="esports" />),
    leaf('venue-lottery', '/venue/lottery', <VenuePage category="lottery" />),
    leaf('venue-fish', '/venue/fishGame', <VenuePage category="fish" />),
    leaf('egame', '/game/egame', <EgamePage />),
    leaf('download', '/download', <DownloadPage />),
    leaf('help', '/help/:id', <HelpPage />),
    leaf('forget-password', '/forgetPassword', <ForgetPasswordPage />),
    leaf('sports', '/sports', <SportsPage />),
    leaf('venues', '/venues', <VenuesPage />),
    leaf('not-found', '*', <NotFoundPage />),
  ];

  return exact([
    {
      id: LAYOUT_ROUTE_IDS.shell,
      element: <AppShell trackPageView={deps.trackPageView} sendHeartbeat={deps.sendHeartbeat} />,
      HydrateFallback: Splash,
      errorElement: <RouteError />,
      children: [
        {
          id: LAYOUT_ROUTE_IDS.layout,
          path: '/',
          element: <MainLayout />,
          children: [
            {
              id: 'index',
              index: true,
              loader: ({ request }) =>
                redirect(`${DESKTOP_HOME_PATH}${new URL(request.url).search}`),
            },
            {
              id: 'home',
              path: DESKTOP_HOME_PATH,
              loader: homeLoader,
              element: <HomePage hotGames={hotGames} />,
              errorElement: <RouteError />,
            },
            {
              id: LAYOUT_ROUTE_IDS.member,
              element: <MemberLayout />,
              children: withErrorBoundary(memberScreens),
            },
            ...withErrorBoundary(layoutScreens),
          ],
        },
        ...withErrorBoundary([
          leaf('login', '/login', <LoginPage />),
          leaf('register', '/register', <RegisterPage />),
          leaf('customer-service', '/iframeCustomerService', <CustomerServicePage />),
        ]),
        {
          id: LAYOUT_ROUTE_IDS.mobile,
          path: '/app',
          element: <MobileLayout />,
          children: [
            { id: 'app-index', index: true, loader: () => redirect('/app/home') },
            ...withErrorBoundary([
              leaf('app-home', '/app/home', <AppHomePage hotGames={hotGames} />),
            ]),
          ],
        },
      ],
    },
  ]);
}
