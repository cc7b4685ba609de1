import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

/** Title block of a screen: icon, title, one line saying what the screen is for, actions. */
export function PageHeader({
  icon,
  title,
  subtitle,
  actions,
}: {
  icon?: IconName;
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <header className="page-header">
      {icon ? (
        <span className="page-header__icon">
          <Icon name={icon} size={24} />
        </span>
      ) : null}
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}

export function Panel({
  title,
  icon,
  extra,
  children,
  className,
}: {
  title?: string;
  icon?: IconName;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `panel ${className}` : 'panel'}>
      {title ? (
        <header className="panel__header">
          <h2 className="panel__title">
            {icon ? <Icon name={icon} size={18} className="panel__title-icon" /> : null}
            {title}
          </h2>
          {extra ? <div className="panel__extra">{extra}</div> : null}
        </header>
      ) : null}
      <div className="panel__body">{children}</div>
    </section>
  );
}

/** A screen without its data yet: says so plainly, in the member's language. */
export function EmptyState({
  icon = 'inbox',
  title,
  hint,
  children,
  compact = false,
}: {
  icon?: IconName;
  title: string;
  hint?: string;
  children?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className={compact ? 'empty-state empty-state--compact' : 'empty-state'} role="status">
      <span className="empty-state__icon">
        <Icon name={icon} size={compact ? 26 : 34} strokeWidth={1.4} />
      </span>
      <p className="empty-state__title">{title}</p>
      {hint ? <p className="empty-state__hint">{hint}</p> : null}
      {children ? <div className="empty-state__actions">{children}</div> : null}
    </div>
  );
}

/** Tells the member that an action opens with a later release instead of pretending. */
export function PendingNote({ children }: { children: ReactNode }) {
  return (
    <p className="pending-note" role="note">
      <Icon name="info" size={16} />
      <span>{children}</span>
    </p>
  );
}
