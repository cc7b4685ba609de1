import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ScreenFallback } from '../../components/ui/screen-fallback.tsx';
import { ToastHost } from '../../components/ui/toast.tsx';
import { Heartbeat, isEmbeddedFrame, type HeartbeatSender } from '../heartbeat.tsx';
import { shouldClearGameSelection } from '../navigation-rules.ts';
import { sessionStore } from '../session-store.ts';

/** Route-change side effects: the page-view tracker and the game-selection rule. */
function RouteEffects({ trackPageView }: { trackPageView: (path: string) => void }) {
  const { pathname, search } = useLocation();
  const previousPath = useRef<string | null>(null);
  // A layout effect: it runs before the new screen's own effects, so a game screen that
  // selects its game as it opens is not cleared by the route change that opened it.
  useLayoutEffect(() => {
    if (shouldClearGameSelection(previousPath.current, pathname)) {
      sessionStore.clearGameSelection();
    }
    previousPath.current = pathname;
  }, [pathname]);
  useEffect(() => {
    trackPageView(`${pathname}${search}`);
  }, [pathname, search, trackPageView]);
  return null;
}

/** Root of every route: effects, heartbeat, toasts, scroll restoration. */
export function AppShell({
  trackPageView,
  sendHeartbeat,
}: {
  trackPageView: (path: string) => void;
  sendHeartbeat: HeartbeatSender | undefined;
}) {
  return (
    <>
      <RouteEffects trackPageView={trackPageView} />
      <Heartbeat send={isEmbeddedFrame(window) ? undefined : sendHeartbeat} />
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
      <ToastHost />
      <ScrollRestoration />
    </>
  );
}
