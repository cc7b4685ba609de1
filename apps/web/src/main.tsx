import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { normalizeLanguage, type Language } from '@lobby/contracts';
import { applyBrand, loadBrandConfig } from './app/brand-config.ts';
import {
  ConfigError,
  OFFLINE_CONFIG_ERROR_TEXTS,
  type ConfigErrorTexts,
} from './app/config-error.tsx';
import { reportUncaughtErrors } from './app/error-reporting.ts';
import { prefetchFirstScreen, seedFirstScreen } from './app/first-screen.ts';
import type { HeartbeatSender } from './app/heartbeat.tsx';
import { createAppI18n, initialLanguage, readStoredLanguage } from './app/i18n.ts';
import { createMemberSession } from './app/member-session.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, type AppRouter } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { sessionStore } from './app/session-store.ts';
import { showToast } from './components/ui/toast.tsx';
import { createApiClient } from './lib/api-client.ts';
import { MEMBER_QUERY_KEY } from './lib/api/query-keys.ts';
import { getDeviceId } from './lib/device-id.ts';
import { currentLanguage, isLanguage } from './lib/language.ts';
import { afterPageLoad } from './lib/after-page-load.ts';
import { initAnalyticsQueue, loadStatistics, trackPageView } from './lib/statistics.ts';
import { captureInviteCode, getToken } from './lib/stored-values.ts';
import './styles/index.css';

/** The language of a page without a brand: the stored choice, else the browser's. */
function fallbackLanguage(): Language {
  const stored = readStoredLanguage();
  return isLanguage(stored) ? stored : (normalizeLanguage(navigator.language) ?? 'zh-CN');
}

async function configErrorTexts(): Promise<ConfigErrorTexts> {
  try {
    const i18n = await createAppI18n(fallbackLanguage());
    return {
      title: i18n.t('app.configError.title'),
      body: i18n.t('app.configError.body'),
      retry: i18n.t('app.configError.retry'),
    };
  } catch {
    return OFFLINE_CONFIG_ERROR_TEXTS;
  }
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const root = createRoot(container);

  captureInviteCode(window.location.search);

  let config;
  try {
    config = await loadBrandConfig();
  } catch (error) {
    console.error('brand config unavailable', error);
    root.render(<ConfigError texts={await configErrorTexts()} />);
    return;
  }
  applyBrand(config, document.documentElement);

  const language = initialLanguage(config.language, readStoredLanguage());
  // The language pack loads while the client and the first screen's data get going.
  const i18nReady = createAppI18n(language);
  // The instance once it is ready; until then the API calls go in the language it will have.
  const texts: { instance?: I18n } = {};
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });

  // The client itself is small and needs no zod (the features' request files bring their
  // schemas), so it is part of the first load: the first screen's calls wait for no chunk.
  const api = createApiClient({
    getLanguage: () => (texts.instance ? currentLanguage(texts.instance) : language),
    getDeviceId: () => getDeviceId(),
    // The client has already removed the token. Everything the member store holds goes
    // (member info, the member's cached data such as the withdrawal password config, the
    // refresh windows) and the member logs in again, then comes back here.
    onInvalidSession: () => {
      memberSession.clear();
      const { pathname, search } = router.state.location;
      void router.navigate('/login', { state: { from: `${pathname}${search}` } });
    },
  });

  const memberSession = createMemberSession({
    store: sessionStore,
    // Loaded on demand with its schema: zod stays out of /home's first load.
    loadMember: () =>
      import('./features/member/api/member-info.ts').then((module) => module.fetchMemberInfo(api)),
    loadBalance: () =>
      import('./features/finance/api/member-balance.ts').then((module) =>
        module.fetchMemberBalance(api),
      ),
    loadUnreadMessages: () =>
      import('./features/messages/api/message-count.ts').then((module) =>
        module.fetchUnreadMessageCount(api),
      ),
    hasToken: () => getToken() !== null,
    dropMemberData: () => queryClient.removeQueries({ queryKey: MEMBER_QUERY_KEY }),
  });
  // A guest is known at once; a stored token is checked while the page renders.
  void memberSession.start();

  reportUncaughtErrors(api);

  // The online-status heartbeat (POST /api/findmed/v1/heartbeat with the game selection),
  // loaded with its schema when the first beat is due, 30 s after login.
  const sendHeartbeat: HeartbeatSender = (payload) =>
    import('./features/games/api/heartbeat.ts').then((module) =>
      module.sendHeartbeat(api, payload),
    );

  seedFirstScreen({ config, language, api, queryClient, document });
  prefetchFirstScreen({
    pathname: window.location.pathname,
    userAgent: navigator.userAgent,
    config,
    language,
    api,
    queryClient,
  });

  const router: AppRouter = createAppRouter({
    config,
    userAgent: navigator.userAgent,
    trackPageView: (path) => trackPageView(path),
    sendHeartbeat,
  });

  // The analytics queue takes page views from the start; the brand's scripts (a third party's)
  // load once the page has, so they do not compete with the first screen.
  initAnalyticsQueue(window, config.statistics.appKey, config.statistics.name);
  const statistics = config.statistics;
  afterPageLoad(() => {
    loadStatistics({
      config: statistics,
      host: window.location.host,
      document,
      fetchApiList: () =>
        import('./app/statistics-list.ts').then((module) => module.fetchStatisticsList(api)),
    }).catch((error: unknown) => console.warn('statistics failed to load', error));
  });

  const i18n = await i18nReady;
  texts.instance = i18n;
  registerServiceWorker(() => showToast(i18n.t('web:app.offlineReady'), 'check'));

  // A transition: React renders the first screen in slices, yielding to the browser between
  // them, rather than in one long task that keeps a slow phone from doing anything else.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders
          config={config}
          i18n={i18n}
          queryClient={queryClient}
          api={api}
          memberSession={memberSession}
        >
          <RouterProvider router={router} flushSync={flushSync} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
