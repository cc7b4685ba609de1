import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { MemberBalance, MemberInfo } from '@lobby/contracts';
import type { ApiClient, ResponseSchema } from '../lib/api-client.ts';
import { ApiClientContext } from '../lib/api-context.tsx';
import { BrandContext } from '../lib/brand-context.tsx';
import type { FormValues } from '../lib/form-encoding.ts';
import { createAppI18n } from './i18n.ts';
import { createMemberSession, MemberSessionContext } from './member-session.ts';
import { sessionStore } from './session-store.ts';
import { sampleBrandConfig } from './test-brand-config.ts';

/**
 * Screens under test in the DOM (happy-dom) with everything the app provides: the brand, the
 * Chinese texts, a query client, a member session on the app's session store, a router, and a
 * fake API client that answers from handlers and checks every answer against its contract
 * schema (so fixtures cannot drift from the contracts).
 */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

export type ApiCall = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** Query parameters (GET) or the form body (POST, PUT). */
  values: Record<string, string>;
};

export type Handler = (call: ApiCall) => unknown;

function plain(values: FormValues | URLSearchParams | undefined): Record<string, string> {
  if (!values) return {};
  if (values instanceof URLSearchParams) return Object.fromEntries(values);
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) result[key] = String(value);
  }
  return result;
}

export type FakeApi = ApiClient & {
  calls: ApiCall[];
  /** Answers calls to `path` (any method) from now on. */
  on(path: string, handler: Handler): void;
  callsTo(path: string): ApiCall[];
};

export function createFakeApi(handlers: Record<string, Handler> = {}): FakeApi {
  const routes = new Map(Object.entries(handlers));
  const calls: ApiCall[] = [];
  async function answer<T>(call: ApiCall, schema?: ResponseSchema<T>): Promise<T> {
    calls.push(call);
    const handler = routes.get(call.path);
    if (!handler) throw new Error(`fake api: no handler for ${call.method} ${call.path}`);
    // A handler may throw (an ApiError, a TransportError) like the real client.
    const data = await handler(call);
    return schema ? schema.parse(data) : (data as T);
  }
  return {
    calls,
    on: (path, handler) => routes.set(path, handler),
    callsTo: (path) => calls.filter((call) => call.path === path),
    get: (path, options = {}) =>
      answer({ method: 'GET', path, values: plain(options.params) }, options.schema),
    post: (path, options = {}) =>
      answer({ method: 'POST', path, values: plain(options.body) }, options.schema),
    put: (path, options = {}) =>
      answer({ method: 'PUT', path, values: plain(options.body) }, options.schema),
    upload: (path, _formData, options = {}) =>
      answer({ method: 'POST', path, values: {} }, options.schema),
  };
}

export const testMember = (overrides: Partial<MemberInfo> = {}): MemberInfo => ({
  username: 'player1',
  qq: '',
  realName: null,
  areaCode: null,
  phone: null,
  email: null,
  phoneBound: false,
  emailBound: false,
  realNameSet: false,
  withdrawPasswordSet: false,
  inviteCode: 'QK7A',
  lastLoginAt: null,
  lastLoginIp: null,
  vipLevel: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const testBalance = (amount = '100.00', platforms = '0.00'): MemberBalance => ({
  currency: 'CNY',
  balance: amount,
  locked: '0.00',
  platforms,
  total: amount,
  turnover: '0.00',
});

let i18nInstance: I18n | undefined;

export type Rendered = {
  container: HTMLElement;
  router: ReturnType<typeof createMemoryRouter>;
  api: FakeApi;
  /** Text of the whole rendered screen. */
  text(): string;
  unmount(): void;
};

/**
 * Renders `routes` at `path`. `member` logs the session store in (with `balance`); null leaves
 * a guest. The store is the app's own, so screens and the heartbeat see the same state.
 */
export async function renderScreen(options: {
  routes: RouteObject[];
  path: string;
  api: FakeApi;
  member?: MemberInfo | null;
  balance?: MemberBalance;
  /** The member's unread message count; 0 unless given (screens may ask the fake API). */
  loadUnreadMessages?: () => Promise<{ unread: number }>;
  /** What the session's balance refresh answers; `balance` unless given. */
  loadBalance?: () => Promise<MemberBalance>;
}): Promise<Rendered> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  i18nInstance ??= await createAppI18n('zh-CN');
  const member = options.member === undefined ? testMember() : options.member;
  sessionStore.clearMember();
  if (member) {
    sessionStore.signIn(member);
    sessionStore.setBalance(options.balance ?? testBalance());
  }
  const balance = options.balance ?? testBalance();
  const session = createMemberSession({
    store: sessionStore,
    loadMember: () => Promise.resolve(member ?? testMember()),
    loadBalance: options.loadBalance ?? (() => Promise.resolve(balance)),
    loadUnreadMessages: options.loadUnreadMessages ?? (() => Promise.resolve({ unread: 0 })),
    hasToken: () => member !== null,
    dropMemberData: () => undefined,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const router = createMemoryRouter(options.routes, { initialEntries: [options.path] });
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const tree: ReactNode = (
    <BrandContext.Provider value={{ ...sampleBrandConfig, currencySymbol: '¥' }}>
      <I18nextProvider i18n={i18nInstance} defaultNS="web">
        <QueryClientProvider client={queryClient}>
          <ApiClientContext.Provider value={options.api}>
            <MemberSessionContext.Provider value={session}>
              <RouterProvider router={router} />
            </MemberSessionContext.Provider>
          </ApiClientContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </BrandContext.Provider>
  );
  await act(async () => root.render(tree));
  return {
    container,
    router,
    api: options.api,
    text: () => container.textContent ?? '',
    unmount: () => {
      act(() => root.unmount());
      queryClient.clear();
      container.remove();
    },
  };
}

/** Waits, letting React and the queries settle, until `check` stops throwing. */
export async function waitFor(check: () => void, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

/** Clicks an element inside act(). */
export async function click(element: Element | null | undefined): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error('click: no element');
  await act(async () => element.click());
}

/** Types a value into an input as a member would (React sees the change). */
export async function typeInto(element: Element | null | undefined, value: string): Promise<void> {
  if (!(element instanceof HTMLInputElement) && !(element instanceof HTMLSelectElement)) {
    throw new Error('typeInto: not an input');
  }
  const prototype =
    element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLSelectElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  await act(async () => {
    setter?.call(element, value);
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });
}

/** Submits a form inside act(). */
export async function submit(form: Element | null | undefined): Promise<void> {
  if (!(form instanceof HTMLFormElement)) throw new Error('submit: not a form');
  await act(async () => form.requestSubmit());
}
