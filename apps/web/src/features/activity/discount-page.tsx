import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { usePromoFlags } from './api/promo-flags.ts';
import { PROMO_PAGE_SIZE, usePromoList } from './api/promo-list.ts';
import { useSecondNav } from './api/second-nav.ts';
import { PromoCard } from './promo-card.tsx';
import './activity.css';

const SPECIALS: readonly {
  to: string;
  key: string;
  icon: IconName;
  flag: 'signIn' | 'gifts';
}[] = [
  { to: '/activity/sign', key: 'sign', icon: 'calendar', flag: 'signIn' },
  { to: '/activity/enjoyLuxuryGifts', key: 'gifts', icon: 'gift', flag: 'gifts' },
];

/** /activity/discount: the live promotions, by the category tabs of secondNav. */
export function DiscountPage() {
  const { t } = useTranslation('web');
  const [tab, setTab] = useState('all');
  const [page, setPage] = useState(1);
  const nav = useSecondNav();
  const flags = usePromoFlags();
  // The entrances of the brand's live sign-in and gift promotions only.
  const specials = SPECIALS.filter((special) => flags.data?.[special.flag] === true);
  const list = usePromoList(tab, page);
  const items = list.data?.items ?? [];
  return (
    <div className="container page">
      <PageHeader
        icon="gift"
        title={t('activity.discount.title')}
        subtitle={t('activity.discount.subtitle')}
      />
      <div className="special-row">
        {specials.map((special) => (
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
          onChange={(value) => {
            setTab(value);
            setPage(1);
          }}
          variant="pill"
          items={[
            { value: 'all', label: t('activity.discount.all') },
            ...(nav.data ?? []).map((entry) => ({
              value: entry.category,
              label: entry.label,
              count: entry.count,
            })),
          ]}
        />
        {list.isPending ? (
          <p className="muted activity-loading">{t('common.loading')}</p>
        ) : items.length === 0 ? (
          <EmptyState
            icon="gift"
            title={t('activity.discount.empty')}
            hint={t('activity.discount.emptyHint')}
          />
        ) : (
          <div className="activity-grid">
            {items.map((promotion) => (
              <PromoCard key={promotion.id} promotion={promotion} />
            ))}
          </div>
        )}
        {list.data && list.data.total > PROMO_PAGE_SIZE ? (
          <Pager
            page={page}
            pageSize={PROMO_PAGE_SIZE}
            total={list.data.total}
            onChange={setPage}
          />
        ) : null}
      </Panel>
    </div>
  );
}
