import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { BrandPublicConfig } from '@lobby/contracts';
import type { ApiClient } from '../lib/api-client.ts';
import { ApiClientContext } from '../lib/api-context.tsx';
import { BrandContext } from '../lib/brand-context.tsx';
import { MemberSessionContext, type MemberSession } from './member-session.ts';

/** Everything a screen may read from context: brand, texts, server data, API client. */
export function AppProviders({
  config,
  i18n,
  queryClient,
  api,
  memberSession,
  children,
}: {
  config: BrandPublicConfig;
  i18n: I18n;
  queryClient: QueryClient;
  api: ApiClient;
  memberSession: MemberSession;
  children: ReactNode;
}) {
  return (
    <BrandContext.Provider value={config}>
      <I18nextProvider i18n={i18n} defaultNS="web">
        <QueryClientProvider client={queryClient}>
          <ApiClientContext.Provider value={api}>
            <MemberSessionContext.Provider value={memberSession}>
              {children}
            </MemberSessionContext.Provider>
          </ApiClientContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </BrandContext.Provider>
  );
}
