import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '../../app/session-store.ts';
import { VENUE_CATEGORIES } from '../../app/venue-categories.ts';
import { HeroArt } from '../../components/ui/hero-art.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { useBrand } from '../../lib/brand-context.tsx';
import { useAfterBanners } from './after-banners.ts';
import { PromoBanners } from './promo-banners.tsx';
import { DailyNotice } from './promo-lazy.tsx';

const HOME_HOT_GAMES = 10;

/**
 * The hot games of a home screen, `limit` of them, `compact` on the mobile site: the games
 * feature's list, which the app passes in (app/screens/home-screens.tsx).
 */
export type HotGamesSlot = (options: {
  limit: number;
  compact?: boolean;
  /** True while the list must wait (its placeholder shows): until the banners are painted. */
  waiting?: boolean;
}) => ReactNode;

const HERO_FEATURES: readonly { key: string; icon: IconName }[] = [
  { key: 'secure', icon: 'shield' },
  { key: 'fast', icon: 'bolt' },
  { key: 'service', icon: 'headset' },
];

function Hero() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const loggedIn = useIsLoggedIn();
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">
            <Icon name="crown" size={16} />
            {t('home.hero.eyebrow', { siteName: brand.siteName })}
          </p>
          <h1 className="hero__title">
            <span className="hero__brand">{brand.siteName}</span>
            <span>{t('home.hero.title')}</span>
          </h1>
          <p className="hero__subtitle">{brand.tagline || t('home.hero.subtitle')}</p>
          <div className="hero__actions">
            {loggedIn ? (
              <Link className="btn btn--primary btn--lg" to="/finance/deposit">
                {t('home.hero.ctaDeposit')}
              </Link>
            ) : (
              <Link className="btn btn--primary btn--lg" to="/register">
                {t('home.hero.ctaRegister')}
              </Link>
            )}
            <a className="btn btn--ghost btn--lg" href="#venues">
              {t('home.hero.ctaExplore')}
              <Icon name="chevronRight" size={18} />
            </a>
          </div>
          <ul className="hero__features">
            {HERO_FEATURES.map((feature) => (
              <li key={feature.key}>
                <Icon name={feature.icon} size={18} />
                <span>
                  <strong>{t(`home.hero.features.${feature.key}.title`)}</strong>
                  <small>{t(`home.hero.features.${feature.key}.body`)}</small>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="hero__art">
          <HeroArt initial={Array.from(brand.siteName)[0] ?? ''} />
        </div>
      </div>
    </section>
  );
}

function NoticeBar() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  return (
    <div className="container">
      <div className="notice-bar" role="status">
        <span className="notice-bar__label">
          <Icon name="megaphone" size={16} />
          {t('home.notice.label')}
        </span>
        <p className="notice-bar__text">{t('home.notice.empty', { siteName: brand.siteName })}</p>
      </div>
    </div>
  );
}

export function VenueGrid() {
  const { t } = useTranslation('web');
  return (
    <section className="container home-section" id="venues" aria-labelledby="venues-title">
      <header className="section-head">
        <div>
          <h2 id="venues-title" className="section-head__title">
            {t('home.venues.title')}
          </h2>
          <p className="section-head__subtitle">{t('home.venues.subtitle')}</p>
        </div>
        <Link className="section-head__more" to="/venues">
          {t('common.viewAll')}
          <Icon name="chevronRight" size={16} />
        </Link>
      </header>
      <div className="venue-grid">
        {VENUE_CATEGORIES.map((venue) => (
          <Link
            key={venue.category}
            to={venue.path}
            className={`venue-card venue-card--${venue.category}`}
          >
            <img className="venue-card__art" src={venue.image} alt="" loading="lazy" />
            <span className="venue-card__shade" />
            <span className="venue-card__icon">
              <Icon name={venue.icon} size={20} />
            </span>
            <span className="venue-card__text">
              <strong className="venue-card__name">{t(`venue.${venue.category}.title`)}</strong>
              <small className="venue-card__tagline">{t(`venue.${venue.category}.tagline`)}</small>
              <span className="venue-card__enter">
                {t('home.venues.enter')}
                <Icon name="chevronRight" size={14} />
              </span>
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}

function PromoRow() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const promos: readonly {
    key: string;
    to: string;
    icon: IconName;
    values?: Record<string, unknown>;
  }[] = [
    { key: 'activities', to: '/activity/discount', icon: 'gift' },
    { key: 'vip', to: '/user/vip', icon: 'crown' },
    {
      key: 'agent',
      to: '/agent',
      icon: 'agent',
      values: { rate: brand.settings.maxRebateRatePercent },
    },
  ];
  return (
    <section className="container home-section promo-row" aria-label={t('home.promos.label')}>
      {promos.map((promo) => (
        <Link key={promo.key} to={promo.to} className={`promo-card promo-card--${promo.key}`}>
          <span className="promo-card__icon">
            <Icon name={promo.icon} size={26} />
          </span>
          <span className="promo-card__text">
            <strong>{t(`home.promos.${promo.key}.title`, promo.values ?? {})}</strong>
            <small>{t(`home.promos.${promo.key}.body`, promo.values ?? {})}</small>
          </span>
          <Icon name="chevronRight" size={18} className="promo-card__arrow" />
        </Link>
      ))}
    </section>
  );
}

function HotGamesPanel({ hotGames, waiting }: { hotGames: HotGamesSlot; waiting: boolean }) {
  const { t } = useTranslation('web');
  return (
    <section className="panel home-panel" aria-labelledby="hot-games-title">
      <header className="panel__header">
        <h2 id="hot-games-title" className="panel__title">
          <Icon name="fire" size={18} className="panel__title-icon" />
          {t('home.hotGames.title')}
        </h2>
        <Link className="section-head__more" to="/game/egame">
          {t('common.viewAll')}
          <Icon name="chevronRight" size={16} />
        </Link>
      </header>
      <div className="panel__body">{hotGames({ limit: HOME_HOT_GAMES, waiting })}</div>
    </section>
  );
}

function AppCard() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  return (
    <section className="panel app-card" aria-labelledby="app-card-title">
      <div className="app-card__phone" aria-hidden="true">
        <span className="app-card__screen">
          <Icon name="download" size={26} />
        </span>
      </div>
      <div className="app-card__text">
        <h2 id="app-card-title" className="panel__title">
          {t('home.app.title', { siteName: brand.siteName })}
        </h2>
        <p>{t('home.app.subtitle')}</p>
        <div className="app-card__actions">
          <Link className="btn btn--ghost btn--sm" to="/download">
            <Icon name="apple" size={16} />
            iOS
          </Link>
          <Link className="btn btn--ghost btn--sm" to="/download">
            <Icon name="android" size={16} />
            Android
          </Link>
        </div>
      </div>
    </section>
  );
}

function InfoPanel() {
  const { t } = useTranslation('web');
  return (
    <section className="panel home-panel" aria-labelledby="info-title">
      <header className="panel__header">
        <h2 id="info-title" className="panel__title">
          <Icon name="bell" size={18} className="panel__title-icon" />
          {t('home.info.title')}
        </h2>
      </header>
      <div className="panel__body">
        <EmptyState
          icon="megaphone"
          title={t('home.info.empty')}
          hint={t('home.info.emptyHint')}
          compact
        />
      </div>
    </section>
  );
}

/** /home: the brand's front page. */
export function HomePage({ hotGames }: { hotGames: HotGamesSlot }) {
  const afterBanners = useAfterBanners();
  return (
    <div className="home">
      <Hero />
      <div className="container home-section home-banners">
        <PromoBanners />
      </div>
      <NoticeBar />
      {afterBanners ? <DailyNotice /> : null}
      <VenueGrid />
      <PromoRow />
      <div className="container home-section home-columns">
        <HotGamesPanel hotGames={hotGames} waiting={!afterBanners} />
        <aside className="home-side">
          <AppCard />
          <InfoPanel />
        </aside>
      </div>
    </div>
  );
}
