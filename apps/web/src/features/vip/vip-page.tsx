import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VIP_LEVEL_MAX, VIP_LEVEL_MIN } from '@lobby/contracts';
import { DataTable } from '../../components/ui/data-table.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';

/** /user/vip: the member's level, progress and the level table (from the engagement issue). */
export function VipPage() {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon="crown"
        title={t('vip.title')}
        subtitle={t('vip.subtitle', { min: VIP_LEVEL_MIN, max: VIP_LEVEL_MAX })}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/vip/detail">
            {t('vip.privileges')}
            <Icon name="chevronRight" size={16} />
          </Link>
        }
      />
      <section className="vip-hero">
        <img className="vip-hero__badge" src={`/images/vip/vip-${VIP_LEVEL_MIN}.svg`} alt="" />
        <div className="vip-hero__text">
          <p className="vip-hero__label">{t('vip.currentLevel')}</p>
          <p className="vip-hero__level">VIP --</p>
          <div className="progress" aria-hidden="true">
            <span className="progress__bar" style={{ width: '0%' }} />
          </div>
          <p className="vip-hero__hint">{t('vip.noLevelHint')}</p>
        </div>
      </section>
      <Panel title={t('vip.levels')} icon="trophy">
        <DataTable
          columns={[
            { key: 'level', label: t('vip.columns.level') },
            { key: 'deposit', label: t('vip.columns.deposit'), align: 'end' },
            { key: 'turnover', label: t('vip.columns.turnover'), align: 'end' },
            { key: 'upgradeBonus', label: t('vip.columns.upgradeBonus'), align: 'end' },
            { key: 'monthlyBonus', label: t('vip.columns.monthlyBonus'), align: 'end' },
            { key: 'rebate', label: t('vip.columns.rebate'), align: 'end' },
          ]}
          emptyIcon="crown"
          emptyTitle={t('vip.levelsEmpty')}
        />
      </Panel>
    </div>
  );
}
