import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScreenFallback } from '../../components/ui/screen-fallback.tsx';
import { PHONE_TABS } from '../navigation.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { TabBar } from './tab-bar.tsx';

/** The site's layout: header, the screen, footer, and the tab bar at phone width. */
export function MainLayout() {
  return (
    <div className="site">
      <SiteHeader />
      <main className="site-main" id="main">
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <TabBar items={PHONE_TABS} className="tab-bar--site" />
    </div>
  );
}
