import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The mount point of the desktop chat panel in the site's layout. It is part of what every page
 * loads first (the bundle budget), so it only waits for the page to settle and then loads the
 * panel's chunk, on desktop widths only: on phones the site's links to /iframeCustomerService
 * open the stand-alone page. Until the panel is loaded, those links open the page on desktop too.
 */
const ChatPanel = lazy(() =>
  import('./chat-panel.tsx').then((module) => ({ default: module.ChatPanel })),
);

export function ChatLauncher() {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    if (!window.matchMedia?.('(min-width: 768px)').matches) return undefined;
    const timer = setTimeout(() => setLoad(true), 1_000);
    return () => clearTimeout(timer);
  }, []);
  return load ? (
    <Suspense fallback={null}>
      <ChatPanel />
    </Suspense>
  ) : null;
}
