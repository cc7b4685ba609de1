import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeedbackStatus } from '@lobby/contracts';

const COLOURS: Record<FeedbackStatus, string> = {
  open: 'orange',
  replied: 'green',
  closed: 'default',
};

/** A ticket's status as a coloured tag. */
export function FeedbackStatusTag({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation('content');
  return (
    <Tag color={COLOURS[status]} data-testid={`feedback-status-${status}`}>
      {t(`feedback.statuses.${status}`)}
    </Tag>
  );
}
