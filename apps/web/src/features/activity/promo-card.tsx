import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PromotionSummary } from '@lobby/contracts';
import { Icon } from '../../components/ui/icon.tsx';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';

/** One promotion in the list: its picture, title, summary and period. */
export function PromoCard({ promotion }: { promotion: PromotionSummary }) {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  return (
    <Link className="activity-card" to={`/activity/list/${promotion.id}`}>
      <span className={`activity-card__art activity-card__art--${promotion.kind}`}>
        {promotion.imageUrl ? (
          <img src={promotion.imageUrl} alt="" loading="lazy" />
        ) : (
          <Icon name="gift" size={40} />
        )}
      </span>
      <span className="activity-card__text">
        <strong>{promotion.title}</strong>
        <small>{promotion.summary}</small>
        <span className="activity-card__period">
          <Icon name="calendar" size={14} />
          {promotion.endsAt
            ? t('promo.period', {
                from: time.date(promotion.startsAt),
                to: time.date(promotion.endsAt),
              })
            : t('promo.longTerm')}
        </span>
      </span>
      <span className="activity-card__more">
        {t('promo.viewDetail')}
        <Icon name="chevronRight" size={16} />
      </span>
    </Link>
  );
}
