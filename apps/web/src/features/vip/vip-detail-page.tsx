import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VIP_REBATE_CATEGORIES } from '@lobby/contracts';
import { useMember } from '../../app/session-store.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { FormAlert } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { gameCategoryOfCode } from '../../lib/game-categories.ts';
import { useVipLevels } from './api/vip-levels.ts';
import './vip.css';

/**
 * /user/vip/detail: the privilege table of every level (0-30): thresholds, bonuses, the rebate
 * rate of each game category and the daily withdrawal limits. It is wide, so on a phone the
 * table scrolls sideways inside its frame instead of stacking 16 lines per level.
 */
export function VipDetailPage() {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const member = useMember();
  const levels = useVipLevels();
  const categoryName = (code: number) => {
    const category = gameCategoryOfCode(code);
    return category ? t(`venue.${category}.name`) : String(code);
  };

  return (
    <div className="page">
      <PageHeader
        icon="trophy"
        title={t('vip.detailTitle')}
        subtitle={t('vip.detailSubtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/vip">
            <Icon name="chevronLeft" size={16} />
            {t('vip.title')}
          </Link>
        }
      />
      {levels.error ? <FormAlert>{errorText(levels.error)}</FormAlert> : null}
      <Panel
        title={t('vip.privileges')}
        icon="star"
        extra={
          levels.data ? (
            <span className="muted">
              {t('vip.maxRebate', { rate: levels.data.maxRebateRatePercent })}
            </span>
          ) : null
        }
      >
        <div className="vip-table" data-testid="vip-table">
          <DataTable
            loading={levels.isPending}
            columns={[
              { key: 'level', label: t('vip.columns.level') },
              { key: 'deposit', label: t('vip.columns.deposit'), align: 'end' },
              { key: 'turnover', label: t('vip.columns.turnover'), align: 'end' },
              { key: 'upgradeBonus', label: t('vip.columns.upgradeBonus'), align: 'end' },
              { key: 'monthlyBonus', label: t('vip.columns.monthlyBonus'), align: 'end' },
              ...VIP_REBATE_CATEGORIES.map((code) => ({
                key: `rebate${code}`,
                label: t('vip.rebateOf', { category: categoryName(code) }),
                align: 'end' as const,
              })),
              { key: 'withdrawCount', label: t('vip.columns.withdrawCount'), align: 'end' },
              { key: 'withdrawMax', label: t('vip.columns.withdrawMax'), align: 'end' },
            ]}
            rows={(levels.data?.levels ?? []).map((level) => ({
              id: String(level.level),
              level: (
                <span
                  className={member?.vipLevel === level.level ? 'vip-cell is-current' : 'vip-cell'}
                >
                  <img src={level.icon} alt="" width={28} height={28} />
                  VIP{level.level}
                </span>
              ),
              deposit: <Amount value={level.depositThreshold} />,
              turnover: <Amount value={level.turnoverThreshold} />,
              upgradeBonus: <Amount value={level.upgradeBonus} />,
              monthlyBonus: <Amount value={level.monthlyBonus} />,
              ...Object.fromEntries(
                level.rebateRates.map((rate) => [`rebate${rate.category}`, `${rate.ratePercent}%`]),
              ),
              withdrawCount: t('vip.times', { count: level.withdrawDailyCount }),
              withdrawMax: <Amount value={level.withdrawDailyMax} />,
            }))}
            emptyIcon="crown"
            emptyTitle={t('vip.levelsEmpty')}
          />
        </div>
      </Panel>
    </div>
  );
}
