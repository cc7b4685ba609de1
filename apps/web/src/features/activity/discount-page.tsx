import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';

const SPECIALS: readonly { to: string; key: string; icon: IconName }[] = [
  { to: '/activity/sign', key: 'sign', icon: 'calendar' },
  { to: '/activity/enjoyLuxuryGifts', key: 'gifts', icon: 'gift' },
];

/**
 * /activity/discount: the promotions. The category tabs and the list come from the
 * engagement issue (promo flags and list); the "all" tab is always there.
 */
export function DiscountPage() {
  const { t } = useTranslation('web');
  const [tab, setTab] = useState('all');
  return (
    <div className="container page">
      <PageHeader
        icon="gift"
        title={t('activity.discount.title')}
        subtitle={t('activity.discount.subtitle')}
      />
      <div className="special-row">
        {SPECIALS.map((special) => (
          <Link
            key={special.key}
            to={special.to}
            className={`promo-card promo-card--${special.key}`}
          >
            <span className="promo-card__icon">
              <Icon name={special.icon} size={26} />
            </span>
            <span className="promo-card__text">
              <strong>{t(`activity.${special.key}.title`)}</strong>
              <small>{t(`activity.${special.key}.subtitle`)}</small>
            </span>
            <Icon name="chevronRight" size={18} className="promo-card__arrow" />
          </Link>
        ))}
      </div>
      <Panel>
        <Tabs
          label={t('activity.discount.categories')}
          value={tab}
          onChange={setTab}
          variant="pill"
          items={[{ value: 'all', label: t('activity.discount.all') }]}
        />
        <EmptyState
          icon="gift"
          title={t('activity.discount.empty')}
          hint={t('activity.discount.emptyHint')}
        />
      </Panel>
    </div>
  );
}
