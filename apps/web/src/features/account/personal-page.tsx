import { useTranslation } from 'react-i18next';
import { useBrand } from '../../app/brand-context.tsx';
import { DEFAULT_AVATAR } from '../../app/layouts/header-parts.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { PageHeader, Panel, PendingNote } from '../../components/ui/page.tsx';

const PROFILE_FIELDS = ['username', 'realName', 'phone', 'email', 'registeredAt'] as const;
const SECURITY_ITEMS: readonly { key: string; icon: IconName }[] = [
  { key: 'loginPassword', icon: 'lock' },
  { key: 'withdrawPassword', icon: 'shield' },
  { key: 'phone', icon: 'download' },
  { key: 'email', icon: 'message' },
];

/** /user/personal: profile and account security. */
export function PersonalPage() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  return (
    <div className="page">
      <PageHeader
        icon="user"
        title={t('account.personal.title')}
        subtitle={t('account.personal.subtitle')}
      />
      <Panel title={t('account.personal.profile')} icon="user">
        <div className="profile">
          <div className="profile__avatar">
            <img className="avatar avatar--xl" src={brand.avatarUrl || DEFAULT_AVATAR} alt="" />
            <button type="button" className="btn btn--ghost btn--xs" disabled>
              {t('account.personal.changeAvatar')}
            </button>
          </div>
          <dl className="detail-list profile__details">
            {PROFILE_FIELDS.map((field) => (
              <div key={field} className="detail-list__row">
                <dt>{t(`account.personal.fields.${field}`)}</dt>
                <dd>--</dd>
              </div>
            ))}
          </dl>
        </div>
      </Panel>
      <Panel title={t('account.personal.security')} icon="shield">
        <ul className="security-list">
          {SECURITY_ITEMS.map((item) => (
            <li key={item.key} className="security-list__item">
              <span className="security-list__icon">
                <Icon name={item.icon} size={20} />
              </span>
              <span className="security-list__text">
                <strong>{t(`account.personal.securityItems.${item.key}.title`)}</strong>
                <small>{t(`account.personal.securityItems.${item.key}.body`)}</small>
              </span>
              <button type="button" className="btn btn--ghost btn--sm" disabled>
                {t(`account.personal.securityItems.${item.key}.action`)}
              </button>
            </li>
          ))}
        </ul>
        <PendingNote>{t('account.personal.pending')}</PendingNote>
      </Panel>
    </div>
  );
}
