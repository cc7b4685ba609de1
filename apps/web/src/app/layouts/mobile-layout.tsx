import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { ScreenFallback } from '../../components/ui/screen-fallback.tsx';
import { useBrand } from '../../lib/brand-context.tsx';
import { MOBILE_SITE_TABS } from '../navigation.ts';
import { useMember, useSession } from '../session-store.ts';
import { HeaderBalance, useAvatarUrl, useReturnHere } from './header-parts.tsx';
import { TabBar } from './tab-bar.tsx';

/**
 * The mobile site (/app): its own top bar (the member's balance, avatar and username once logged
 * in) and bottom tabs, one column.
 */
export function MobileLayout() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const isLogin = useSession((state) => state.isLogin);
  const member = useMember();
  const avatarUrl = useAvatarUrl();
  const returnHere = useReturnHere();
  return (
    <div className="mobile-site">
      <header className="mobile-topbar">
        <Link to="/app/home" className="mobile-topbar__brand">
          <BrandMark name={brand.siteName} size={32} />
          <span>{brand.siteName}</span>
        </Link>
        {isLogin === true ? (
          <div className="mobile-topbar__actions">
            <HeaderBalance />
            <Link to="/user" className="mobile-topbar__member">
              <img className="avatar avatar--sm" src={avatarUrl} alt="" />
              <span className="visually-hidden">{t('nav.member')}</span>
              <span className="mobile-topbar__name" data-testid="mobile-username">
                {member?.username ?? ''}
              </span>
            </Link>
          </div>
        ) : isLogin === false ? (
          <div className="mobile-topbar__actions">
            <Link className="btn btn--ghost btn--xs" to="/login" state={returnHere}>
              {t('header.login')}
            </Link>
            <Link className="btn btn--primary btn--xs" to="/register">
              {t('header.register')}
            </Link>
          </div>
        ) : null}
      </header>
      <main className="mobile-main">
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <TabBar items={MOBILE_SITE_TABS} className="tab-bar--mobile-site" />
    </div>
  );
}
