import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PayoutAccountType } from '@lobby/contracts';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useWithdrawPasswordConfig } from '../../lib/api/withdraw-password-config.ts';
import { readReturnState, returnPath } from '../../lib/return-path.ts';
import { WithdrawPasswordRequired } from './password-required.tsx';

/**
 * The frame of a new payout account screen (bank card, Alipay, virtual-coin address): the title,
 * the way back, and the spec's message instead of the form while the member has no withdrawal
 * password. The form itself is the screen's.
 */
export function AccountFormFrame({
  icon,
  titleKey,
  subtitleKey,
  children,
}: {
  icon: IconName;
  titleKey: string;
  subtitleKey: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('web');
  const passwordConfig = useWithdrawPasswordConfig();
  const config = passwordConfig.data;
  return (
    <div className="page">
      <PageHeader
        icon={icon}
        title={t(titleKey)}
        subtitle={t(subtitleKey)}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/bankCardsManage">
            <Icon name="chevronLeft" size={16} />
            {t('member.menu.bankCards')}
          </Link>
        }
      />
      <Panel>
        {config?.isToSet ? (
          <WithdrawPasswordRequired />
        ) : config ? (
          children
        ) : passwordConfig.error ? (
          <EmptyState icon="info" title={t('finance.withdraw.configFailed')}>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => passwordConfig.refetch()}
            >
              {t('common.retry')}
            </button>
          </EmptyState>
        ) : (
          <div className="skeleton skeleton--block" aria-busy="true" />
        )}
      </Panel>
    </div>
  );
}

/**
 * After an account is added: "添加成功", then back where the member came from (the withdrawal
 * screen passes itself as `from`), else to the account list of that type.
 */
export function useAccountAdded(type: PayoutAccountType): () => void {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const { state } = useLocation();
  return () => {
    showToast(t('finance.accountAdded'));
    void navigate(returnPath(readReturnState(state), `/user/bankCardsManage?type=${type}`));
  };
}
