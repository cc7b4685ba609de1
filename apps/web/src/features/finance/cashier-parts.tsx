import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositOrderStatus, WithdrawalStatus } from '@lobby/contracts';
import { CopyButton } from '../../components/ui/copy-button.tsx';

type Tone = 'ok' | 'wait' | 'fail';

const DEPOSIT_TONES: Record<DepositOrderStatus, Tone> = {
  pending: 'wait',
  submitted: 'wait',
  confirmed: 'ok',
  rejected: 'fail',
  expired: 'fail',
};

const WITHDRAWAL_TONES: Record<WithdrawalStatus, Tone> = {
  pending: 'wait',
  approved: 'ok',
  rejected: 'fail',
};

function StatusTag({
  tone,
  status,
  children,
}: {
  tone: Tone;
  status: string;
  children: ReactNode;
}) {
  return (
    <span className={`status-tag status-tag--${tone}`} data-status={status}>
      {children}
    </span>
  );
}

export function DepositStatusTag({ status }: { status: DepositOrderStatus }) {
  const { t } = useTranslation('web');
  return (
    <StatusTag tone={DEPOSIT_TONES[status]} status={status}>
      {t(`finance.depositStatus.${status}`)}
    </StatusTag>
  );
}

export function WithdrawalStatusTag({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation('web');
  return (
    <StatusTag tone={WITHDRAWAL_TONES[status]} status={status}>
      {t(`finance.withdrawalStatus.${status}`)}
    </StatusTag>
  );
}

/** One line of a detail list, optionally with a copy button for its plain value. */
export function DetailRow({
  label,
  children,
  copy,
  name,
}: {
  label: string;
  children: ReactNode;
  /** The text to copy (the value without formatting); no button when omitted. */
  copy?: string;
  /** data-field, for tests and styles. */
  name?: string;
}) {
  return (
    <div className="detail-list__row" data-field={name}>
      <dt>{label}</dt>
      <dd>
        <span className="detail-list__value">{children}</span>
        {copy !== undefined ? <CopyButton value={copy} label={label} /> : null}
      </dd>
    </div>
  );
}
