import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '../../app/session-store.ts';
import { VENUE_CATEGORIES } from '../../app/venue-categories.ts';
import { HeroArt } from '../../components/ui/hero-art.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { useBrand } from '../../lib/brand-context.tsx';
import { useAfterBanners } from './after-banners.ts';
import type { HotGamesSlot } from './home-page.tsx';
import { PromoBanners } from './promo-banners.tsx';
import { DailyNotice } from './promo-lazy.tsx';

const APP_HOT_GAMES = 9;

/** /app/home: the mobile site's front page. */
export function AppHomePage({ hotGames }: { hotGames: HotGamesSlot }) {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const loggedIn = useIsLoggedIn();
  const afterBanners = useAfterBanners();
  return (
    <div className="app-home">
      <section className="app-banner">
        <div className="app-banner__text">
          <p className="app-banner__brand">{brand.siteName}</p>
          <h1 className="app-banner__title">{t('home.hero.title')}</h1>
          <p className="app-banner__subtitle">{brand.tagline || t('mobile.bannerSubtitle')}</p>
          <Link
            className="btn btn--primary btn--sm"
            to={loggedIn ? '/finance/deposit' : '/register'}
          >
            {loggedIn ? t('home.hero.ctaDeposit') : t('home.hero.ctaRegister')}
          </Link>
        </div>
        <HeroArt initial={Array.from(brand.siteName)[0] ?? ''} />
      </section>

      <PromoBanners variant="mobile" />
      {afterBanners ? <DailyNotice /> : null}

      <div className="notice-bar notice-bar--mobile" role="status">
        <span className="notice-bar__label">
          <Icon name="megaphone" size={16} />
        </span>
        <p className="notice-bar__text">{t('home.notice.empty', { siteName: brand.siteName })}</p>
      </div>

      <section className="app-section" aria-labelledby="app-categories">
        <h2 id="app-categories" className="app-section__title">
          {t('home.venues.title')}
        </h2>
        <div className="app-categories">
          {VENUE_CATEGORIES.map((venue) => (
            <Link key={venue.category} to={venue.path} className="app-category">
              <span className="app-category__art">
                <img src={venue.image} alt="" />
              </span>
              <span>{t(`venue.${venue.category}.name`)}</span>
            </Link>
          ))}
          <Link to="/activity/discount" className="app-category">
            <span className="app-category__art app-category__art--icon">
              <Icon name="gift" size={26} />
            </span>
            <span>{t('nav.activities')}</span>
          </Link>
        </div>
      </section>

      <section className="app-section" aria-labelledby="app-hot">
        <h2 id="app-hot" className="app-section__title">
          <Icon name="fire" size={18} />
          {t('home.hotGames.title')}
        </h2>
        <div className="panel app-hot-games">
          {hotGames({ limit: APP_HOT_GAMES, compact: true, waiting: !afterBanners })}
        </div>
      </section>

      <section className="app-section app-links">
        <Link to="/download" className="link-card">
          <Icon name="download" size={20} />
          <span>{t('home.app.title', { siteName: brand.siteName })}</span>
          <Icon name="chevronRight" size={16} />
        </Link>
        <Link to="/agent" className="link-card">
          <Icon name="agent" size={20} />
          <span>{t('home.promos.agent.title', { rate: brand.settings.maxRebateRatePercent })}</span>
          <Icon name="chevronRight" size={16} />
        </Link>
      </section>
    </div>
  );
}
