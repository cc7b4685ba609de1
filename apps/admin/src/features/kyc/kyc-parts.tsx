import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KycSubmissionStatus } from '@lobby/contracts';

const COLOURS: Record<KycSubmissionStatus, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
};

/** A submission's status as a coloured tag. */
export function KycStatusTag({ status }: { status: KycSubmissionStatus }) {
  const { t } = useTranslation('kyc');
  return (
    <Tag color={COLOURS[status]} data-testid={`kyc-status-${status}`}>
      {t(`statuses.${status}`)}
    </Tag>
  );
}
