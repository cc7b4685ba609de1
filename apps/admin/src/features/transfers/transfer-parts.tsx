import { InputNumber, Select, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminGamePlatformsEndpoint, type AdminTransferQuery } from '@lobby/contracts';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { labelOf } from '../../lib/labels.ts';
import { useCan } from '../../lib/operator-context.tsx';
import { detailKey, durationOf, queryTone } from './transfer-logic.ts';

const TONE_COLOURS = { success: 'green', error: 'red', warning: 'orange' } as const;
const STATUS_COLOURS: Record<string, string> = {
  in_transit: 'processing',
  success: 'green',
  failed: 'red',
};

export function TransferStatusTag({ status }: { status: string }) {
  const { i18n } = useTranslation('transfers');
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="transfer-status">
      {labelOf(i18n, `transfers:statuses.${status}`, status)}
    </Tag>
  );
}

/** "3 h", "25 min": a duration in minutes in its largest unit. */
export function Duration({ minutes }: { minutes: number }) {
  const { t } = useTranslation('transfers');
  const { unit, n } = durationOf(minutes);
  return <>{t(`duration.${unit}`, { n })}</>;
}

/** A query's `detail` in words (`refused:<code>` with its code; unknown ones as they are). */
export function useDetailText() {
  const { i18n } = useTranslation('transfers');
  return (detail: string | null): string => {
    const parsed = detailKey(detail);
    if (!parsed || detail === null) return '';
    const key = `transfers:details.${parsed.key}`;
    return i18n.exists(key) ? i18n.t(key, { code: parsed.code }) : detail;
  };
}

/** What a status query came back with, as one tag: the platform's status or the failure. */
export function QueryAnswer({ query }: { query: AdminTransferQuery }) {
  const { i18n } = useTranslation('transfers');
  const detailText = useDetailText();
  const text =
    query.answer === 'status' && query.status
      ? labelOf(i18n, `transfers:platformStatuses.${query.status}`, query.status)
      : labelOf(i18n, `transfers:answers.${query.answer}`, query.answer);
  const detail = detailText(query.detail);
  return (
    <Tooltip title={`${formatDateTime(query.askedAt)}${detail ? ` · ${detail}` : ''}`}>
      <Tag color={TONE_COLOURS[queryTone(query)]} style={{ marginInlineEnd: 0 }}>
        {text}
      </Tag>
    </Tooltip>
  );
}

/** A query's answer kind (answered, error, timed out) in the tone of what it said. */
export function AnswerTag({ query }: { query: AdminTransferQuery }) {
  const { i18n } = useTranslation('transfers');
  return (
    <Tag color={TONE_COLOURS[queryTone(query)]} style={{ marginInlineEnd: 0 }}>
      {labelOf(i18n, `transfers:answers.${query.answer}`, query.answer)}
    </Tag>
  );
}

/**
 * The platform filter: the platforms by name for an operator who may read them
 * (`games.manage`), else the platform's id.
 */
export function PlatformField({
  value,
  onChange,
}: {
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const { t } = useTranslation('transfers');
  const canList = useCan('games.manage');
  const platforms = useEndpointQuery(
    adminGamePlatformsEndpoint,
    { query: {} },
    { enabled: canList },
  );
  if (canList && platforms.data) {
    return (
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={value}
        onChange={(next) => onChange?.(next ?? undefined)}
        placeholder={t('common:all')}
        style={{ width: 180 }}
        options={platforms.data
          .filter((platform) => platform.wallet === 1)
          .map((platform) => ({ value: platform.id, label: `${platform.name} (${platform.id})` }))}
      />
    );
  }
  return (
    <InputNumber<number>
      min={1}
      max={999_999}
      precision={0}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? undefined)}
      placeholder={t('platformPlaceholder')}
      style={{ width: 120 }}
    />
  );
}

/** A transfer's platform: its name and id. */
export function PlatformName({ name, id }: { name: string; id: number }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {name} <Typography.Text type="secondary">#{id}</Typography.Text>
    </span>
  );
}
