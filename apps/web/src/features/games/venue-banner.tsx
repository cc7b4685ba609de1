import { useTranslation } from 'react-i18next';
import type { GameCategory } from '@lobby/contracts';
import { venueCategory } from '../../app/venue-categories.ts';
import { Icon } from '../../components/ui/icon.tsx';

/** The head of a venue screen: the category's name, pitch and illustration. */
export function VenueBanner({ category }: { category: GameCategory }) {
  const { t } = useTranslation('web');
  const venue = venueCategory(category);
  return (
    <section className={`venue-banner venue-banner--${category}`}>
      <div className="container venue-banner__inner">
        <div className="venue-banner__text">
          <p className="hero__eyebrow">
            <Icon name={venue.icon} size={16} />
            {t(`venue.${category}.name`)}
          </p>
          <h1 className="venue-banner__title">{t(`venue.${category}.title`)}</h1>
          <p className="venue-banner__subtitle">{t(`venue.${category}.description`)}</p>
        </div>
        <img className="venue-banner__art" src={venue.image} alt="" />
      </div>
    </section>
  );
}
