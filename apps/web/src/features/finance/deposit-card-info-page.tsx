import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';

const FIELDS = ['bank', 'payee', 'account', 'branch', 'amount', 'reference'] as const;

/** /finance/deposit/cardinfo: the receiving account of a bank-transfer deposit. */
export function DepositCardInfoPage() {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon="card"
        title={t('finance.cardInfo.title')}
        subtitle={t('finance.cardInfo.subtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/finance/deposit">
            <Icon name="chevronLeft" size={16} />
            {t('finance.backToDeposit')}
          </Link>
        }
      />
      <Panel title={t('finance.cardInfo.details')} icon="card">
        <dl className="detail-list">
          {FIELDS.map((field) => (
            <div key={field} className="detail-list__row">
              <dt>{t(`finance.cardInfo.fields.${field}`)}</dt>
              <dd>--</dd>
            </div>
          ))}
        </dl>
        <EmptyState
          icon="card"
          title={t('finance.cardInfo.empty')}
          hint={t('finance.cardInfo.emptyHint')}
          compact
        />
      </Panel>
    </div>
  );
}
