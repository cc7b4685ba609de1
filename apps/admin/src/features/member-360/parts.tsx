import { useCallback, useMemo, type ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminGamePlatformsEndpoint } from '@lobby/contracts';
import { useEndpointQuery } from '../../lib/api-context.tsx';
import { labelOf } from '../../lib/labels.ts';
import { formatMoney, isNegativeAmount } from '../../lib/money.ts';
import { useCan } from '../../lib/operator-context.tsx';

export const NS = 'member-360';

/**
 * The label of a value the server sends (`depositStatuses`, `confirmed`): its text in this
 * feature's namespace, or the value itself when the console has none for it yet.
 */
export function useEnumLabel(): (group: string, value: string | number) => string {
  const { i18n } = useTranslation(NS);
  return useCallback(
    (group: string, value: string | number) =>
      labelOf(i18n, `${NS}:${group}.${value}`, String(value)),
    [i18n],
  );
}

/** An amount in its currency, on one line, red when below zero. */
export function Money({
  amount,
  currency,
  signed = false,
  strong = false,
}: {
  amount: string;
  currency?: string | null;
  /** Shows a plus before a positive amount and colours it (ledger movements, win/loss). */
  signed?: boolean;
  strong?: boolean;
}) {
  const negative = isNegativeAmount(amount);
  const positive = signed && !negative && /[1-9]/.test(amount);
  return (
    <Typography.Text
      strong={strong}
      type={negative ? 'danger' : positive ? 'success' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {positive ? '+' : ''}
      {formatMoney(amount, currency)}
    </Typography.Text>
  );
}

/** A tab's frame: its filter bar with the tab's buttons at the right, a summary, the list. */
export function TabFrame({
  filters,
  extra,
  summary,
  children,
}: {
  filters?: ReactNode;
  extra?: ReactNode;
  summary?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ flex: '1 1 560px', minWidth: 0 }}>{filters}</div>
        {extra ? <Flex gap={8}>{extra}</Flex> : null}
      </Flex>
      {summary}
      {children}
    </Flex>
  );
}

export type PlatformOption = { value: number; label: string };

/**
 * The platforms a platform filter offers: the brand's list when the operator may read it
 * (games.manage), else those the member's balances and the rows on screen name; the one
 * chosen in the URL is always there.
 */
export function usePlatformOptions(
  brand: string,
  seen: readonly { platformId: number | null; platformName?: string | null; name?: string }[],
  chosen: number | undefined,
): PlatformOption[] {
  const { t } = useTranslation(NS);
  const canList = useCan('games.manage');
  const list = useEndpointQuery(
    adminGamePlatformsEndpoint,
    { query: { brand } },
    { enabled: canList, staleTime: 5 * 60_000 },
  );
  return useMemo(() => {
    const names = new Map<number, string>();
    for (const platform of list.data ?? []) names.set(platform.id, platform.name);
    for (const row of seen) {
      if (row.platformId === null || names.has(row.platformId)) continue;
      names.set(
        row.platformId,
        row.platformName ?? row.name ?? t('filters.platformId', { id: row.platformId }),
      );
    }
    if (chosen !== undefined && !names.has(chosen)) {
      names.set(chosen, t('filters.platformId', { id: chosen }));
    }
    return [...names].map(([value, label]) => ({ value, label }));
  }, [chosen, list.data, seen, t]);
}
