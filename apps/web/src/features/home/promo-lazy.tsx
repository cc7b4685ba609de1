import { lazy, Suspense } from 'react';

/**
 * The home banners and the popup notice, loaded after the first paint: their data comes from
 * the API anyway, so a chunk of their own costs no visible time and keeps /home's first-load
 * JavaScript within its budget.
 */
const LazyBanners = lazy(() =>
  import('./promo-banners.tsx').then((module) => ({ default: module.PromoBanners })),
);
const LazyNotice = lazy(() =>
  import('./daily-notice.tsx').then((module) => ({ default: module.DailyNotice })),
);

export function PromoBanners(props: { variant?: 'desktop' | 'mobile' }) {
  return (
    <Suspense fallback={null}>
      <LazyBanners {...props} />
    </Suspense>
  );
}

export function DailyNotice() {
  return (
    <Suspense fallback={null}>
      <LazyNotice />
    </Suspense>
  );
}
