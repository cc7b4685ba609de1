import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';

/** /finance/deposit/newsletter: notices about deposits (channel changes, bank holidays). */
export function DepositNewsletterPage() {
  const { t } = useTranslation('web');
  return (
    <div className="page">
      <PageHeader
        icon="megaphone"
        title={t('finance.newsletter.title')}
        subtitle={t('finance.newsletter.subtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/finance/deposit">
            <Icon name="chevronLeft" size={16} />
            {t('finance.backToDeposit')}
          </Link>
        }
      />
      <Panel>
        <EmptyState
          icon="megaphone"
          title={t('finance.newsletter.empty')}
          hint={t('finance.newsletter.emptyHint')}
        />
      </Panel>
    </div>
  );
}
