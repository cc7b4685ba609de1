import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FinanceTabs } from '../../components/ui/finance-tabs.tsx';
import { PageHeader } from '../../components/ui/page.tsx';
import { DepositForm } from './deposit-form.tsx';
import { DepositOrderStatus } from './deposit-order-status.tsx';
import { RecentDeposits } from './recent-deposits.tsx';

/**
 * /finance/deposit: choose a channel, enter the amount, pay. With `?orderNo=` (the gateway sends
 * the member back so) it shows that order's status until it is final instead of the form.
 */
export function DepositPage() {
  const { t } = useTranslation('web');
  const [params, setParams] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() || null;
  return (
    <div className="page">
      <PageHeader
        icon="deposit"
        title={t('finance.deposit.title')}
        subtitle={t('finance.deposit.subtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/responsibleGaming">
            {t('finance.deposit.limitsLink')}
          </Link>
        }
      />
      <FinanceTabs />
      {orderNo ? (
        <DepositOrderStatus key={orderNo} orderNo={orderNo} onDone={() => setParams({})} />
      ) : (
        <DepositForm />
      )}
      <RecentDeposits />
    </div>
  );
}
