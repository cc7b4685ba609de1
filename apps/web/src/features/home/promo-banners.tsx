import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTopCover, type CoverItem } from './api/top-cover.ts';
import './promo-banners.css';

const ROTATE_MS = 5_000;

function BannerLink({ banner, index }: { banner: CoverItem; index: number }) {
  const image = (
    <img
      className="promo-banners__image"
      src={banner.imageUrl}
      alt={banner.body || banner.title}
      loading={index === 0 ? 'eager' : 'lazy'}
      // The first banner is the largest paint of a home screen: fetched first and drawn in the
      // frame that shows it, not a frame later.
      fetchPriority={index === 0 ? 'high' : 'auto'}
      decoding={index === 0 ? 'sync' : 'async'}
      width={1200}
      height={360}
    />
  );
  if (/^https?:\/\//i.test(banner.linkUrl)) {
    return (
      <a href={banner.linkUrl} target="_blank" rel="noopener noreferrer">
        {image}
      </a>
    );
  }
  if (banner.linkUrl.startsWith('/')) return <Link to={banner.linkUrl}>{image}</Link>;
  return image;
}

/**
 * The home banners (topCover), one at a time, turning every few seconds; nothing when none.
 * While they load, an empty frame of their size holds their place, so nothing below moves
 * when they come.
 */
export function PromoBanners({ variant = 'desktop' }: { variant?: 'desktop' | 'mobile' }) {
  const { t } = useTranslation('web');
  const { data, isPending } = useTopCover();
  const banners = data?.banners ?? [];
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, paused]);
  if (isPending) {
    return <div className={`promo-banners promo-banners--${variant}`} aria-hidden="true" />;
  }
  if (count === 0) return null;
  const shown = current % count;
  return (
    <section
      className={`promo-banners promo-banners--${variant}`}
      aria-roledescription="carousel"
      aria-label={t('promo.banners.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <div className="promo-banners__track" style={{ transform: `translateX(-${shown * 100}%)` }}>
        {banners.map((banner, index) => (
          <div
            key={banner.id}
            className="promo-banners__slide"
            aria-hidden={index !== shown}
            data-testid="promo-banner"
          >
            <BannerLink banner={banner} index={index} />
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="promo-banners__dots">
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              className={index === shown ? 'is-active' : undefined}
              aria-label={t('promo.banners.show', { number: index + 1 })}
              aria-current={index === shown}
              onClick={() => setCurrent(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
