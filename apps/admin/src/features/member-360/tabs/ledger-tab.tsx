import { Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  adminMemberLedgerEndpoint,
  MEMBER_LEDGER_ACCOUNTS,
  type AdminMemberLedgerItem,
  type AdminMemberRecord,
} from '@lobby/contracts';
import { KeysetList } from '../../../components/keyset-list.tsx';
import type { ApiError, ResponseOf } from '../../../lib/api-client.ts';
import { endpointKey, useApi } from '../../../lib/api-context.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { LEDGER_REASON_CODES } from '../i18n.ts';
import { Money, NS, useEnumLabel, usePlatformOptions } from '../parts.tsx';
import { useTabFilters } from '../tab-url.ts';
import { enumField, HistoryTab, platformField } from './tab-scaffold.tsx';

const PAGE_SIZE = 50;

type Page = ResponseOf<typeof adminMemberLedgerEndpoint>;

/**
 * The member's ledger postings, newest first: account, platform, reason and period in the URL;
 * pages are keyset ("load more" passes the last answer's `nextBefore`), so they stay out of it.
 */
export function LedgerTab({ record }: { record: AdminMemberRecord }) {
  const { t } = useTranslation(NS);
  const label = useEnumLabel();
  const api = useApi();
  const memberId = record.member.id;
  const [filters, setFilters] = useTabFilters('ledger', adminMemberLedgerEndpoint.query);
  const { before: _before, limit: _limit, ...selection } = filters;
  const query = { ...selection, limit: PAGE_SIZE };
  const params = { id: memberId };
  const pages = useInfiniteQuery<Page, ApiError>({
    queryKey: [...endpointKey(adminMemberLedgerEndpoint, { params, query }), 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(adminMemberLedgerEndpoint, {
        params,
        query: { ...query, before: pageParam as string | undefined },
        signal,
      }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const rows = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const platforms = usePlatformOptions(
    record.member.brand,
    [...record.balances.platforms, ...rows],
    selection.platform,
  );

  return (
    <HistoryTab
      tab="ledger"
      memberId={memberId}
      listPath={adminMemberLedgerEndpoint.path}
      filters={filters}
      setFilters={setFilters}
      fields={[
        enumField('account', 'ledgerAccounts', MEMBER_LEDGER_ACCOUNTS, 130),
        platformField(platforms, 150),
        enumField('reason', 'ledgerReasons', LEDGER_REASON_CODES, 190, {
          showSearch: true,
          popupMatchSelectWidth: false,
        }),
      ]}
      exportFilters={selection}
    >
      <KeysetList<AdminMemberLedgerItem>
        pages={pages}
        rows={rows}
        shown={t('ledger.shown', { rows: rows.length })}
        rowKey="id"
        moreTestId="ledger-more"
        columns={[
          {
            title: t('ledger.time'),
            key: 'time',
            fixed: 'left',
            render: (_, row) => (
              <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</span>
            ),
          },
          {
            title: t('ledger.account'),
            key: 'account',
            render: (_, row) =>
              row.account === 'platform' && row.platformName
                ? `${label('ledgerAccounts', row.account)} · ${row.platformName}`
                : label('ledgerAccounts', row.account),
          },
          {
            title: t('ledger.reason'),
            key: 'reason',
            render: (_, row) => label('ledgerReasons', row.reason),
          },
          {
            title: t('ledger.amount'),
            key: 'amount',
            align: 'right',
            render: (_, row) => <Money amount={row.amount} currency={row.currency} signed />,
          },
          {
            title: t('ledger.balanceAfter'),
            key: 'balanceAfter',
            align: 'right',
            render: (_, row) => <Money amount={row.balanceAfter} currency={row.currency} />,
          },
          {
            title: t('ledger.reference'),
            key: 'reference',
            render: (_, row) => (
              <Typography.Text
                code
                copyable={{ text: row.reference }}
                ellipsis={{ tooltip: row.reference }}
                style={{ maxWidth: 240 }}
              >
                {row.reference}
              </Typography.Text>
            ),
          },
          {
            title: t('ledger.memo'),
            key: 'memo',
            render: (_, row) => (
              <Typography.Paragraph
                ellipsis={{ rows: 2, tooltip: row.memo }}
                style={{ margin: 0, maxWidth: 260 }}
              >
                {row.memo}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('ledger.actor'),
            key: 'actor',
            render: (_, row) => `${label('actorTypes', row.actorType)} ${row.actorId}`,
          },
        ]}
      />
    </HistoryTab>
  );
}
