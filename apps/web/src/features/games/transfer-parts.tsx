import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RECYCLE_RESULTS, TransferStatus } from '@lobby/contracts';

type Tone = 'ok' | 'wait' | 'fail' | 'muted';

const TRANSFER_TONES: Record<TransferStatus, Tone> = {
  in_transit: 'wait',
  success: 'ok',
  failed: 'fail',
};

export type RecycleResultCode = (typeof RECYCLE_RESULTS)[number];

const RECYCLE_TONES: Record<RecycleResultCode, Tone> = {
  success: 'ok',
  in_transit: 'wait',
  empty: 'muted',
  skipped: 'muted',
  failed: 'fail',
};

function Tag({ tone, status, children }: { tone: Tone; status: string; children: ReactNode }) {
  return (
    <span className={`status-tag status-tag--${tone}`} data-status={status}>
      {tone === 'wait' ? <span className="status-tag__pulse" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

/** A transfer order's status: confirmed, failed, or still being confirmed with the platform. */
export function TransferStatusTag({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('web');
  return (
    <Tag tone={TRANSFER_TONES[status]} status={status}>
      {t(`games.transferStatus.${status}`)}
    </Tag>
  );
}

/** What a one-click recycle did with one platform. */
export function RecycleResultTag({ result }: { result: RecycleResultCode }) {
  const { t } = useTranslation('web');
  return (
    <Tag tone={RECYCLE_TONES[result]} status={result}>
      {t(`games.recycleResult.${result}`)}
    </Tag>
  );
}
