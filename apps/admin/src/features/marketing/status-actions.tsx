import { Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminPromotionStatusEndpoint, type AdminPromotion } from '@lobby/contracts';
import { ReasonAction } from '../../components/reason-action.tsx';
import { nextStatuses } from './promo-form.ts';

const STATUS_COLOURS: Record<AdminPromotion['status'], string> = {
  draft: 'default',
  active: 'green',
  paused: 'orange',
  ended: 'red',
};

const ACTION_KEYS: Record<AdminPromotion['status'], string> = {
  active: 'publish',
  paused: 'pause',
  ended: 'end',
  draft: 'draft',
};

export function StatusTag({ status }: { status: AdminPromotion['status'] }) {
  const { t } = useTranslation('marketing');
  return <Tag color={STATUS_COLOURS[status]}>{t(`statuses.${status}`)}</Tag>;
}

/** Publish, pause or end a promotion, each with its reason in the action log. */
export function StatusActions({
  promotion,
  size,
}: {
  promotion: AdminPromotion;
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation('marketing');
  return (
    <>
      {nextStatuses(promotion.status).map((status) => {
        const action = ACTION_KEYS[status];
        return (
          <ReasonAction
            key={status}
            endpoint={adminPromotionStatusEndpoint}
            params={{ id: promotion.id }}
            body={{ status }}
            danger={status === 'ended'}
            label={t(`actions.${action}`)}
            title={t(`actions.${action}Title`, { id: promotion.id })}
            description={t(`actions.${action}Body`)}
            buttonProps={{
              size,
              type: status === 'active' ? 'primary' : 'default',
              ...({ 'data-testid': `promotion-${action}-${promotion.id}` } as ButtonProps),
            }}
            successMessage={t(`actions.${action}Done`)}
          />
        );
      })}
    </>
  );
}
