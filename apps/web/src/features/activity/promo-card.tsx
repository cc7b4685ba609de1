import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PromotionSummary } from '@lobby/contracts';
import { currentLanguage } from '../../app/i18n.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { formatDate } from '../../lib/date-format.ts';

/** One promotion in the list: its picture, title, summary and period. */
export function PromoCard({ promotion }: { promotion: PromotionSummary }) {
  const { t, i18n } = useTranslation('web');
  const language = currentLanguage(i18n);
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
                from: formatDate(promotion.startsAt, language),
                to: formatDate(promotion.endsAt, language),
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
