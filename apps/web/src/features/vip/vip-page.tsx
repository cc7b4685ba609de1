import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VIP_LEVEL_MAX, VIP_LEVEL_MIN, type VipLevel } from '@lobby/contracts';
import { useMemberSession } from '../../app/member-session.ts';
import { useMember } from '../../app/session-store.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { FormAlert } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useBusinessTime, useZonedHeading } from '../../components/ui/use-business-time.ts';
import { gameCategoryOfCode } from '../../lib/game-categories.ts';
import { useMemberVip } from './api/member-vip.ts';
import './vip.css';

function ProgressRow({
  label,
  current,
  threshold,
  remaining,
  percent,
  testId,
}: {
  label: string;
  current: string;
  threshold: string;
  remaining: string;
  percent: number;
  testId: string;
}) {
  const { t } = useTranslation('web');
  return (
    <div className="vip-progress" data-testid={testId}>
      <div className="vip-progress__head">
        <span className="vip-progress__label">{label}</span>
        <span className="vip-progress__figures">
          <Amount value={current} /> / <Amount value={threshold} />
        </span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="vip-progress__hint">
        {percent >= 100 ? (
          t('vip.met')
        ) : (
          <>
            {t('vip.remaining')} <Amount value={remaining} />
          </>
        )}
      </p>
    </div>
  );
}

/** The privileges of one level as label and value lines. */
export function PrivilegeList({ level }: { level: VipLevel }) {
  const { t } = useTranslation('web');
  return (
    <dl className="vip-privileges">
      <div className="vip-privileges__item">
        <dt>
          <Icon name="gift" size={16} /> {t('vip.columns.upgradeBonus')}
        </dt>
        <dd>
          <Amount value={level.upgradeBonus} />
        </dd>
      </div>
      <div className="vip-privileges__item">
        <dt>
          <Icon name="calendar" size={16} /> {t('vip.columns.monthlyBonus')}
        </dt>
        <dd>
          <Amount value={level.monthlyBonus} />
        </dd>
      </div>
      <div className="vip-privileges__item">
        <dt>
          <Icon name="withdraw" size={16} /> {t('vip.columns.withdrawCount')}
        </dt>
        <dd>{t('vip.times', { count: level.withdrawDailyCount })}</dd>
      </div>
      <div className="vip-privileges__item">
        <dt>
          <Icon name="wallet" size={16} /> {t('vip.columns.withdrawMax')}
        </dt>
        <dd>
          <Amount value={level.withdrawDailyMax} />
        </dd>
      </div>
      {level.rebateRates.map((rate) => {
        const category = gameCategoryOfCode(rate.category);
        return (
          <div className="vip-privileges__item" key={rate.category}>
            <dt>
              <Icon name={category ?? 'percent'} size={16} />{' '}
              {t('vip.rebateOf', {
                category: category ? t(`venue.${category}.name`) : rate.category,
              })}
            </dt>
            <dd>{rate.ratePercent}%</dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * /user/vip: the member's level and icon, progress bars of cumulative deposits and valid bets
 * towards the next level, the level's privileges, and the VIP rewards received. Opening it
 * evaluates the upgrade on the server; when the level changed, the member info (header badge)
 * and the balance (the bonus) are refreshed at once.
 */
export function VipPage() {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const zoned = useZonedHeading();
  const errorText = useErrorText();
  const session = useMemberSession();
  const member = useMember();
  const vip = useMemberVip();
  const data = vip.data;

  const knownLevel = member?.vipLevel;
  useEffect(() => {
    if (!data || knownLevel === undefined || data.level === knownLevel) return;
    void session.refresh({ force: true });
    void session.refreshBalance({ force: true });
  }, [data, knownLevel, session]);

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
      {vip.error ? <FormAlert>{errorText(vip.error)}</FormAlert> : null}
      <section className="vip-hero" data-testid="vip-hero">
        <img
          className="vip-hero__badge"
          src={data?.icon ?? `/images/vip/vip-${VIP_LEVEL_MIN}.svg`}
          alt={data ? `VIP${data.level}` : ''}
        />
        <div className="vip-hero__text">
          <p className="vip-hero__label">{t('vip.currentLevel')}</p>
          <p className="vip-hero__level" data-testid="vip-level">
            {data ? `VIP${data.level}` : 'VIP --'}
          </p>
          {!data ? (
            <div className="progress" aria-hidden="true">
              <span className="progress__bar" style={{ width: '0%' }} />
            </div>
          ) : data.next ? (
            <>
              <p className="vip-hero__hint">{t('vip.nextLevel', { level: data.next.level })}</p>
              <div className="vip-hero__bars">
                <ProgressRow
                  label={t('vip.columns.deposit')}
                  current={data.deposit}
                  threshold={data.next.depositThreshold}
                  remaining={data.next.depositRemaining}
                  percent={data.next.depositPercent}
                  testId="vip-progress-deposit"
                />
                <ProgressRow
                  label={t('vip.columns.turnover')}
                  current={data.turnover}
                  threshold={data.next.turnoverThreshold}
                  remaining={data.next.turnoverRemaining}
                  percent={data.next.turnoverPercent}
                  testId="vip-progress-turnover"
                />
              </div>
            </>
          ) : (
            <p className="vip-hero__hint">{t('vip.topLevel')}</p>
          )}
        </div>
      </section>
      <Panel
        title={t('vip.levelPrivileges', { level: data?.level ?? '--' })}
        icon="star"
        extra={
          data ? (
            <span className="muted">{t('vip.maxRebate', { rate: data.maxRebateRatePercent })}</span>
          ) : null
        }
      >
        {data ? (
          <PrivilegeList level={data.privileges} />
        ) : (
          <p className="muted">{t('common.loading')}</p>
        )}
      </Panel>
      <Panel title={t('vip.rewards')} icon="gift">
        <DataTable
          stack
          loading={vip.isPending}
          columns={[
            { key: 'kind', label: t('vip.rewardColumns.kind') },
            { key: 'level', label: t('vip.columns.level') },
            { key: 'period', label: t('vip.rewardColumns.period') },
            { key: 'amount', label: t('vip.rewardColumns.amount'), align: 'end' },
            { key: 'time', label: zoned(t('vip.rewardColumns.time')), align: 'end' },
          ]}
          rows={(data?.rewards ?? []).map((reward) => ({
            id: reward.id,
            kind: t(`vip.rewardKinds.${reward.kind}`),
            level: `VIP${reward.level}`,
            period: reward.period || '-',
            amount: <Amount value={reward.amount} signed />,
            time: time.dateTime(reward.createdAt),
          }))}
          emptyIcon="gift"
          emptyTitle={t('vip.rewardsEmpty')}
          emptyHint={t('vip.rewardsEmptyHint')}
        />
      </Panel>
    </div>
  );
}
