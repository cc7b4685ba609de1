import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AMOUNT_DECIMALS, type DepositOrderStatus, type WithdrawalStatus } from '@lobby/contracts';
import { isCurrencyCode, scaleOf } from '@lobby/money';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';

/** Decimal places of a currency's amounts (CNY 2); the spec's 2 for one the browser does not know. */
export function currencyScale(currency: string): number {
  return isCurrencyCode(currency) ? scaleOf(currency) : AMOUNT_DECIMALS;
}

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

/**
 * A date and time of the API (ISO 8601) in the brand's time zone and the member's language,
 * Chinese style in Chinese.
 */
export function useDateTime(): (value: string | null | undefined) => string {
  const time = useBusinessTime();
  return (value) => (value ? time.dateTime(value) || value : '--');
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
