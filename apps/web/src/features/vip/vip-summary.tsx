import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/page.tsx';
import { useMemberVip } from './api/member-vip.ts';
import './vip.css';

/**
 * The member centre's VIP card: the level's icon and name and two thin bars towards the next
 * level. It reads the same query as /user/vip, so opening that page next costs nothing.
 */
export function VipSummary() {
  const { t } = useTranslation('web');
  const vip = useMemberVip();
  const data = vip.data;
  if (!data) {
    return vip.isPending ? (
      <p className="muted">{t('common.loading')}</p>
    ) : (
      <EmptyState icon="crown" title={t('vip.noLevel')} hint={t('vip.noLevelHint')} compact />
    );
  }
  return (
    <div className="vip-summary" data-testid="vip-summary">
      <img className="vip-summary__icon" src={data.icon} alt="" width={56} height={56} />
      <div className="vip-summary__text">
        <p className="vip-summary__level">VIP{data.level}</p>
        {data.next ? (
          <>
            <p className="muted">{t('vip.summaryProgress', { level: data.next.level })}</p>
            <div className="vip-summary__bars">
              <div
                className="progress"
                aria-label={t('vip.columns.deposit')}
                role="progressbar"
                aria-valuenow={data.next.depositPercent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <span className="progress__bar" style={{ width: `${data.next.depositPercent}%` }} />
              </div>
              <div
                className="progress"
                aria-label={t('vip.columns.turnover')}
                role="progressbar"
                aria-valuenow={data.next.turnoverPercent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <span
                  className="progress__bar"
                  style={{ width: `${data.next.turnoverPercent}%` }}
                />
              </div>
            </div>
          </>
        ) : (
          <p className="muted">{t('vip.summaryTop')}</p>
        )}
      </div>
    </div>
  );
}
