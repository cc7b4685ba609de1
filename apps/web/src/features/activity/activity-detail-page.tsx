import { useState, type MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PromotionDetail } from '@lobby/contracts';
import { useIsLoggedIn } from '../../app/session-store.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useApplyAlone } from './api/apply-alone.ts';
import { useApplyDeposit } from './api/apply-deposit.ts';
import { useJoinPromotion } from './api/join.ts';
import { isPromotionMissing, usePromoDetail } from './api/promo-detail.ts';
import { useRechargeRewards } from './api/recharge-rewards.ts';
import { useMemberAction } from './use-member-action.ts';
import './activity.css';

function RulesPanel({ detail }: { detail: PromotionDetail }) {
  const { t } = useTranslation('web');
  const { rules } = detail;
  return (
    <Panel title={t('activity.rules')} icon="record">
      {rules.tiers && rules.tiers.length > 0 ? (
        <table className="activity-tiers">
          <thead>
            <tr>
              <th>{t('promo.tiers.minDeposit')}</th>
              <th>{t('promo.tiers.percent')}</th>
              <th>{t('promo.tiers.maxBonus')}</th>
            </tr>
          </thead>
          <tbody>
            {rules.tiers.map((tier) => (
              <tr key={tier.minDeposit}>
                <td>
                  <Amount value={tier.minDeposit} />
                </td>
                <td>{tier.percent}%</td>
                <td>
                  <Amount value={tier.maxBonus} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ul className="activity-facts">
        {rules.requiresJoin ? <li>{t('promo.facts.requiresJoin')}</li> : null}
        {rules.claimWithinHours !== undefined ? (
          <li>{t('promo.facts.claimWithin', { hours: rules.claimWithinHours })}</li>
        ) : null}
        {rules.streakRewards ? (
          <li>{t('promo.facts.streak', { rewards: rules.streakRewards.join(' / ') })}</li>
        ) : null}
        {rules.resignCost !== undefined && rules.resignDaysBack ? (
          <li>{t('promo.facts.resign', { days: rules.resignDaysBack, cost: rules.resignCost })}</li>
        ) : null}
        {detail.kind !== 'display' ? (
          <li>{t('promo.facts.turnover', { times: rules.turnoverMultiplierPercent / 100 })}</li>
        ) : null}
        {rules.perMemberLimit !== null ? (
          <li>{t('promo.facts.limit', { count: rules.perMemberLimit })}</li>
        ) : null}
        {rules.minVipLevel ? <li>{t('promo.facts.vip', { level: rules.minVipLevel })}</li> : null}
        {rules.newMembersWithinDays ? (
          <li>{t('promo.facts.newMembers', { days: rules.newMembersWithinDays })}</li>
        ) : null}
      </ul>
    </Panel>
  );
}

/** The deposit bonus: join, then claim a qualifying deposit's bonus. */
function DepositBonusActions({ detail }: { detail: PromotionDetail }) {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const errorText = useErrorText();
  const asMember = useMemberAction();
  const loggedIn = useIsLoggedIn();
  const join = useJoinPromotion();
  const claim = useApplyDeposit();
  const rewards = useRechargeRewards(detail.id, loggedIn);
  const state = detail.member;
  const requiresJoin = detail.rules.requiresJoin === true;
  const canJoin = requiresJoin && !state?.joined && !state?.limitReached && !state?.pending;
  return (
    <Panel title={t('promo.deposit.title')} icon="wallet">
      <div className="activity-actions">
        {state?.limitReached ? (
          <p className="activity-status">{t('promo.state.limitReached')}</p>
        ) : state?.pending ? (
          <p className="activity-status">{t('promo.state.pending')}</p>
        ) : state?.joined ? (
          <p className="activity-status activity-status--ok">
            <Icon name="check" size={16} />
            {t('promo.state.joined')}
          </p>
        ) : null}
        {canJoin || !loggedIn ? (
          <button
            type="button"
            className="btn btn--primary"
            disabled={join.isPending}
            onClick={() => {
              if (!asMember()) return;
              join.mutate(detail.id, {
                onSuccess: () => showToast(t('promo.deposit.joined')),
                onError: (error) => showToast(errorText(error), 'info'),
              });
            }}
          >
            {requiresJoin ? t('promo.deposit.join') : t('promo.deposit.login')}
          </button>
        ) : null}
        <Link className="btn btn--ghost" to="/finance/deposit">
          {t('promo.deposit.goDeposit')}
        </Link>
      </div>
      {loggedIn ? (
        rewards.data && rewards.data.deposits.length > 0 ? (
          <ul className="activity-deposits">
            {rewards.data.deposits.map((deposit) => (
              <li key={deposit.orderNo} data-order-no={deposit.orderNo}>
                <span>
                  <strong>
                    <Amount value={deposit.amount} />
                  </strong>
                  <small>
                    {deposit.orderNo} · {time.dateTime(deposit.createdAt)}
                  </small>
                </span>
                {deposit.claimed ? (
                  <span className="activity-status activity-status--ok">
                    {t('promo.deposit.claimed')}
                  </span>
                ) : deposit.claimable ? (
                  <button
                    type="button"
                    className="btn btn--primary btn--sm"
                    disabled={claim.isPending}
                    onClick={() =>
                      claim.mutate(
                        { id: detail.id, orderNo: deposit.orderNo },
                        {
                          onSuccess: (answer) =>
                            showToast(
                              answer.status === 'paid'
                                ? t('promo.deposit.paid', { amount: answer.reward })
                                : t('promo.deposit.submitted'),
                            ),
                          onError: (error) => showToast(errorText(error), 'info'),
                        },
                      )
                    }
                  >
                    {t('promo.deposit.claim', { amount: deposit.bonus })}
                  </button>
                ) : (
                  <span className="muted">{t('promo.deposit.notQualifying')}</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon="wallet" title={t('promo.deposit.none')} compact />
        )
      ) : null}
    </Panel>
  );
}

/** The apply kind: a note and the application, reviewed by an operator. */
function ApplyActions({ detail }: { detail: PromotionDetail }) {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const asMember = useMemberAction();
  const apply = useApplyAlone();
  const [note, setNote] = useState('');
  const state = detail.member;
  if (state?.pending) {
    return (
      <Panel title={t('promo.apply.title')} icon="record">
        <p className="activity-status">{t('promo.state.pending')}</p>
      </Panel>
    );
  }
  return (
    <Panel title={t('promo.apply.title')} icon="record">
      {state?.limitReached ? (
        <p className="activity-status">{t('promo.state.limitReached')}</p>
      ) : (
        <form
          className="activity-apply"
          onSubmit={(event) => {
            event.preventDefault();
            if (!asMember()) return;
            apply.mutate(
              { id: detail.id, note },
              {
                onSuccess: () => {
                  setNote('');
                  showToast(t('promo.apply.submitted'));
                },
                onError: (error) => showToast(errorText(error), 'info'),
              },
            );
          }}
        >
          <label className="field__label" htmlFor="apply-note">
            {t('promo.apply.note')}
          </label>
          <textarea
            id="apply-note"
            className="input activity-apply__note"
            maxLength={500}
            rows={3}
            value={note}
            placeholder={t('promo.apply.notePlaceholder')}
            onChange={(event) => setNote(event.target.value)}
          />
          <button type="submit" className="btn btn--primary" disabled={apply.isPending}>
            {t('promo.apply.submit')}
          </button>
        </form>
      )}
    </Panel>
  );
}

function KindActions({ detail }: { detail: PromotionDetail }) {
  const { t } = useTranslation('web');
  if (detail.kind === 'deposit_bonus') return <DepositBonusActions detail={detail} />;
  if (detail.kind === 'apply') return <ApplyActions detail={detail} />;
  if (detail.kind === 'sign_in' || detail.kind === 'gift') {
    const to = detail.kind === 'sign_in' ? '/activity/sign' : '/activity/enjoyLuxuryGifts';
    return (
      <div className="activity-actions">
        <Link className="btn btn--primary btn--lg" to={to}>
          {t(detail.kind === 'sign_in' ? 'promo.goSign' : 'promo.goGifts')}
          <Icon name="chevronRight" size={18} />
        </Link>
      </div>
    );
  }
  return null;
}

/** /activity/list/:id: one promotion with its rules and what the member can do in it. */
export function ActivityDetailPage() {
  const { t } = useTranslation('web');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = usePromoDetail(id);
  // Links inside the operator's text stay in the app.
  const followInternalLink = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (anchor && href?.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    <div className="container container--narrow page">
      <PageHeader
        icon="gift"
        title={detail.data?.title ?? t('activity.detail.title')}
        subtitle={detail.data?.summary}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/activity/discount">
            <Icon name="chevronLeft" size={16} />
            {t('activity.detail.back')}
          </Link>
        }
      />
      {detail.isPending ? (
        <p className="muted activity-loading">{t('common.loading')}</p>
      ) : !detail.data ? (
        <Panel>
          <EmptyState
            icon="gift"
            title={
              isPromotionMissing(detail.error) ? t('activity.detail.empty') : t('promo.loadFailed')
            }
            hint={t('activity.detail.emptyHint')}
          />
        </Panel>
      ) : (
        <div className="activity-detail">
          {detail.data.imageUrl ? (
            <img className="activity-detail__image" src={detail.data.imageUrl} alt="" />
          ) : null}
          <KindActions detail={detail.data} />
          <RulesPanel detail={detail.data} />
          {detail.data.html ? (
            <Panel>
              <article
                className="help-article"
                onClick={followInternalLink}
                dangerouslySetInnerHTML={{ __html: detail.data.html }}
              />
            </Panel>
          ) : null}
        </div>
      )}
    </div>
  );
}
