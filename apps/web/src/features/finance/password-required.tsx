import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { securityItemPath } from '../../app/navigation.ts';
import { Icon } from '../../components/ui/icon.tsx';

/**
 * The spec's message when the member has no withdrawal password yet (SPEC.md section 8): set one
 * first, before adding a withdrawal account or withdrawing; with the way to the personal page,
 * where the withdrawal password's form opens at once.
 */
export function WithdrawPasswordRequired() {
  const { t } = useTranslation('web');
  return (
    <div className="password-required" role="alert" data-testid="withdraw-password-required">
      <span className="password-required__icon">
        <Icon name="lock" size={26} />
      </span>
      <p className="password-required__text">{t('finance.withdrawPasswordRequired')}</p>
      <Link className="btn btn--primary btn--sm" to={securityItemPath('withdrawPassword')}>
        <Icon name="shield" size={16} />
        {t('finance.setWithdrawPassword')}
      </Link>
    </div>
  );
}
