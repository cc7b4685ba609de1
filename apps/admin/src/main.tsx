// First: before any zod schema is built (see the module).
import './app/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import 'antd/dist/reset.css';
import { adminLogoutEndpoint, adminMeEndpoint } from '@lobby/contracts';
import { authStore, useAuth } from './app/auth-store.ts';
import { giveStylesNonce, readCspNonce } from './app/csp-nonce.ts';
import { createAdminI18n, rememberLanguage, storedLanguage } from './app/i18n.ts';
import { AdminProviders } from './app/providers.tsx';
import { createRoutes } from './app/routes.tsx';
import { createApiClient } from './lib/api-client.ts';
import { endpointKey } from './lib/api-context.tsx';
import type { CurrentOperator } from './lib/operator-context.tsx';
import type { Session } from './lib/session.tsx';

const nonce = readCspNonce();
giveStylesNonce(nonce);

const i18n = createAdminI18n(storedLanguage());
i18n.on('languageChanged', (language: string) => {
  if (language === 'zh-CN' || language === 'en') rememberLanguage(language);
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});

const router = createBrowserRouter(createRoutes(), { basename: '/admin' });

/** The session is over (on the server or by logout): nothing of it stays, the login follows. */
function endSession(notice: 'session_ended' | 'logged_out'): void {
  authStore.end(notice);
  queryClient.clear();
  const { pathname, search } = router.state.location;
  if (pathname !== '/login') {
    void router.navigate('/login', { replace: true, state: { from: `${pathname}${search}` } });
  }
}

const api = createApiClient({
  getToken: () => authStore.getState().token,
  getLanguage: () => i18n.language,
  clientMessage: (code) =>
    i18n.t(code === 'network' ? 'common:networkError' : 'common:badResponse'),
  onSessionEnded: () => endSession('session_ended'),
  onEnrolmentRequired: () => void router.navigate('/enrol', { replace: true }),
});

const meKey = endpointKey(adminMeEndpoint);

function SessionRoot() {
  const { notice } = useAuth();
  const session: Session = {
    notice,
    signIn(token: string, operator: CurrentOperator) {
      queryClient.clear();
      authStore.signIn(token);
      queryClient.setQueryData(meKey, operator);
    },
    setOperator(operator: CurrentOperator) {
      queryClient.setQueryData(meKey, operator);
    },
    async logout() {
      try {
        await api.call(adminLogoutEndpoint);
      } catch {
        // The session may already be gone on the server: it ends here all the same.
      }
      endSession('logged_out');
    },
  };
  return (
    <AdminProviders i18n={i18n} queryClient={queryClient} api={api} session={session} nonce={nonce}>
      <RouterProvider router={router} flushSync={flushSync} />
    </AdminProviders>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <SessionRoot />
  </StrictMode>,
);
