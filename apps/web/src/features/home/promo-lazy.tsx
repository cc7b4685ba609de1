import { lazy, Suspense } from 'react';

/**
 * The popup notice of the home screens, loaded after the first paint: it shows over the page
 * (no layout of its own to keep) and its data comes from the API anyway. The banners are not
 * lazy: they are the largest paint of the home screens, and a chunk of their own would only
 * put a round trip before it.
 */
const LazyNotice = lazy(() =>
  import('./daily-notice.tsx').then((module) => ({ default: module.DailyNotice })),
);

export function DailyNotice() {
  return (
    <Suspense fallback={null}>
      <LazyNotice />
    </Suspense>
  );
}
