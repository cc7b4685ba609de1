import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ApiClient } from '../lib/api-client.ts';
import { ApiClientContext } from '../lib/api-context.tsx';
import type { AdminLanguage } from '../lib/messages.ts';
import { SessionContext, type Session } from '../lib/session.tsx';

const ANTD_LOCALES = { 'zh-CN': zhCN, en: enUS } as const;
const DAYJS_LOCALES = { 'zh-CN': 'zh-cn', en: 'en' } as const;

function localeOf(language: string): AdminLanguage {
  return language === 'en' ? 'en' : 'zh-CN';
}

/**
 * Everything a screen reads from context: texts, server data, the API client, the session, and
 * antd's configuration: its locale follows the interface language, and its run-time <style>
 * elements carry the page's CSP nonce.
 */
export function AdminProviders({
  i18n,
  queryClient,
  api,
  session,
  nonce,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  api: ApiClient;
  session: Session;
  nonce: string | undefined;
  children: ReactNode;
}) {
  const [language, setLanguage] = useState(() => localeOf(i18n.language));
  useEffect(() => {
    const follow = (next: string) => setLanguage(localeOf(next));
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n]);
  dayjs.locale(DAYJS_LOCALES[language]);
  const csp = useMemo(() => (nonce ? { nonce } : undefined), [nonce]);
  return (
    <I18nextProvider i18n={i18n} defaultNS="app">
      <ConfigProvider locale={ANTD_LOCALES[language]} csp={csp}>
        <AntApp>
          <QueryClientProvider client={queryClient}>
            <ApiClientContext.Provider value={api}>
              <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
            </ApiClientContext.Provider>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
