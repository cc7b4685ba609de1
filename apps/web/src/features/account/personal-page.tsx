import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberInfo } from '@lobby/contracts';
import { useAvatarUrl } from '../../app/layouts/header-parts.tsx';
import { requestedSecurityItem, type SecurityItem } from '../../app/navigation.ts';
import { useMember } from '../../app/session-store.ts';
import { FormAlert } from '../../components/ui/form.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { ScreenFallback } from '../../components/ui/screen-fallback.tsx';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useWithdrawPasswordConfig } from '../../lib/api/withdraw-password-config.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { BindContactForm } from './bind-contact-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { RealNameForm } from './real-name-form.tsx';
import { WithdrawPasswordForm } from './withdraw-password-form.tsx';

/**
 * /user/personal: the member's profile and account security. `?open=<item>` opens that item's
 * form (the withdrawal password's, from the screens that need one first).
 */
export function PersonalPage() {
  const { t } = useTranslation('web');
  const member = useMember();
  const avatarUrl = useAvatarUrl();
  if (!member) return <ScreenFallback />;
  return (
    <div className="page">
      <PageHeader
        icon="user"
        title={t('account.personal.title')}
        subtitle={t('account.personal.subtitle')}
      />
      <Panel title={t('account.personal.profile')} icon="user">
        <div className="profile">
          <AvatarPicker currentUrl={avatarUrl} />
          <ProfileDetails member={member} />
        </div>
      </Panel>
      <Panel title={t('account.personal.security')} icon="shield">
        <SecurityList member={member} />
      </Panel>
    </div>
  );
}

function ProfileDetails({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const notSet = <span className="muted">{t('account.personal.notSet')}</span>;
  const when = (value: string | null) => (value ? time.dateTime(value) || value : null);
  const rows: { key: string; value: ReactNode }[] = [
    { key: 'username', value: member.username },
    { key: 'vipLevel', value: <span className="vip-badge">VIP{member.vipLevel}</span> },
    { key: 'realName', value: member.realName || notSet },
    {
      key: 'phone',
      value: member.phone ? (
        <Bound text={member.areaCode ? `+${member.areaCode} ${member.phone}` : member.phone} />
      ) : (
        notSet
      ),
    },
    { key: 'email', value: member.email ? <Bound text={member.email} /> : notSet },
    { key: 'lastLoginAt', value: when(member.lastLoginAt) ?? t('account.personal.firstLogin') },
    { key: 'lastLoginIp', value: member.lastLoginIp ?? '--' },
    { key: 'registeredAt', value: when(member.createdAt) ?? '--' },
  ];
  return (
    <dl className="detail-list profile__details">
      {rows.map((row) => (
        <div key={row.key} className="detail-list__row" data-field={row.key}>
          <dt>{t(`account.personal.fields.${row.key}`)}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Bound({ text }: { text: string }) {
  const { t } = useTranslation('web');
  return (
    <span className="bound">
      {text}
      <span className="status-tag status-tag--ok">{t('account.personal.bound')}</span>
    </span>
  );
}

function SecurityList({ member }: { member: MemberInfo }) {
  const { t } = useTranslation('web');
  const withdrawConfig = useWithdrawPasswordConfig();
  const { search } = useLocation();
  const [requested] = useState(() => requestedSecurityItem(search));
  const [open, setOpen] = useState<SecurityItem | null>(requested);
  const [done, setDone] = useState<{ key: SecurityItem; text: string } | null>(null);
  const toggle = (key: SecurityItem) => {
    setDone(null);
    setOpen((current) => (current === key ? null : key));
  };
  const finish = (key: SecurityItem, text: string) => {
    setOpen(null);
    setDone({ key, text });
  };
  const config = withdrawConfig.data;

  const item = (
    key: SecurityItem,
    icon: IconName,
    state: { status: ReactNode; action?: string },
    form: ReactNode,
  ) => (
    <SecurityItem
      key={key}
      itemKey={key}
      icon={icon}
      status={state.status}
      action={state.action}
      open={open === key}
      focusOnOpen={requested === key}
      onToggle={() => toggle(key)}
      notice={done?.key === key ? done.text : null}
    >
      {form}
    </SecurityItem>
  );

  return (
    <ul className="security-list">
      {item(
        'loginPassword',
        'lock',
        { status: null, action: t('account.personal.actions.change') },
        <ChangePasswordForm />,
      )}
      {config?.enable === false
        ? null
        : item(
            'withdrawPassword',
            'shield',
            config
              ? {
                  status: (
                    <StatusTag ok={config.isUsed}>
                      {config.isUsed ? t('account.personal.set') : t('account.personal.notSet')}
                    </StatusTag>
                  ),
                  action: config.isUsed
                    ? t('account.personal.actions.change')
                    : t('account.personal.actions.set'),
                }
              : { status: null },
            config ? (
              <WithdrawPasswordForm
                isUsed={config.isUsed}
                onSaved={() => finish('withdrawPassword', t('account.personal.setSuccess'))}
              />
            ) : null,
          )}
      {item(
        'phone',
        'phone',
        member.phoneBound
          ? { status: <StatusTag ok>{t('account.personal.bound')}</StatusTag> }
          : {
              status: <StatusTag ok={false}>{t('account.personal.unbound')}</StatusTag>,
              action: t('account.personal.actions.bind'),
            },
        <BindContactForm
          channel="phone"
          onBound={() => finish('phone', t('account.personal.bindSuccess'))}
        />,
      )}
      {item(
        'email',
        'mail',
        member.emailBound
          ? { status: <StatusTag ok>{t('account.personal.bound')}</StatusTag> }
          : {
              status: <StatusTag ok={false}>{t('account.personal.unbound')}</StatusTag>,
              action: t('account.personal.actions.bind'),
            },
        <BindContactForm
          channel="email"
          onBound={() => finish('email', t('account.personal.bindSuccess'))}
        />,
      )}
      {item(
        'realName',
        'idCard',
        member.realNameSet
          ? { status: <StatusTag ok>{t('account.personal.set')}</StatusTag> }
          : {
              status: <StatusTag ok={false}>{t('account.personal.notSet')}</StatusTag>,
              action: t('account.personal.actions.set'),
            },
        <RealNameForm onSaved={() => finish('realName', t('account.personal.setSuccess'))} />,
      )}
    </ul>
  );
}

function StatusTag({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <span className={ok ? 'status-tag status-tag--ok' : 'status-tag status-tag--todo'}>
      {children}
    </span>
  );
}

function SecurityItem({
  itemKey,
  icon,
  status,
  action,
  open,
  focusOnOpen,
  onToggle,
  notice,
  children,
}: {
  itemKey: SecurityItem;
  icon: IconName;
  status: ReactNode;
  action: string | undefined;
  open: boolean;
  /** Opened by the address: brought into view with its first field focused, once it shows. */
  focusOnOpen: boolean;
  onToggle(): void;
  notice: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('web');
  const panelId = `security-${itemKey}`;
  const panel = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  const shown = open && children !== null;
  useEffect(() => {
    if (!focusOnOpen || !shown || focused.current || !panel.current) return;
    focused.current = true;
    panel.current.scrollIntoView?.({ block: 'center' });
    panel.current.querySelector<HTMLElement>('input')?.focus({ preventScroll: true });
  }, [focusOnOpen, shown]);
  return (
    <li
      className={open ? 'security-list__item is-open' : 'security-list__item'}
      data-item={itemKey}
    >
      <div className="security-list__row">
        <span className="security-list__icon">
          <Icon name={icon} size={20} />
        </span>
        <span className="security-list__text">
          <strong>
            {t(`account.personal.securityItems.${itemKey}.title`)}
            {status}
          </strong>
          <small>{t(`account.personal.securityItems.${itemKey}.body`)}</small>
        </span>
        {action ? (
          <button
            type="button"
            className={open ? 'btn btn--ghost btn--sm is-active' : 'btn btn--ghost btn--sm'}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={onToggle}
          >
            {open ? t('common.cancel') : action}
          </button>
        ) : null}
      </div>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {open ? (
        <div className="security-list__panel" id={panelId} ref={panel}>
          {children}
        </div>
      ) : null}
    </li>
  );
}
