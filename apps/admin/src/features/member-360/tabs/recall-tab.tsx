import { Button, Descriptions, Empty, Flex, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  adminMemberRecallGamesEndpoint,
  adminMemberRecallRoundsEndpoint,
  type RecallRound,
} from '@lobby/contracts';
import { QueryError } from '../../../components/query-error.tsx';
import { useEndpointQuery } from '../../../lib/api-context.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { Money, NS } from '../parts.tsx';
import { compactJson } from './compact-json.ts';
import { useTabFilters } from '../tab-url.ts';

/** The recall tab's URL filters: the game (platform and code); none chosen is the latest. */
const recallFilters = z.object({
  platform: z.coerce.number().int().min(1).max(999_999).optional(),
  game: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/)
    .optional(),
});

/** The provider's JSON as it sent it. */
function Json({ value }: { value: unknown }) {
  return (
    <pre
      style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      data-testid="recall-json"
    >
      {compactJson(value)}
    </pre>
  );
}

function RoundDetails({ round }: { round: RecallRound }) {
  const { t } = useTranslation(NS);
  const details = round.details;
  if (!details) return <Typography.Text type="secondary">{t('recall.noDetails')}</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'kind', label: t('recall.kind'), children: details.gameKind },
        { key: 'result', label: t('recall.result'), children: <Json value={details.result} /> },
        { key: 'bet', label: t('recall.betDetails'), children: <Json value={details.bet} /> },
        ...(details.eventId
          ? [{ key: 'event', label: t('recall.event'), children: details.eventId }]
          : []),
        ...(details.fairness
          ? [
              {
                key: 'fairness',
                label: t('recall.fairness'),
                children: <Json value={details.fairness} />,
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * Game recall of the member: the games they played (latest first) and the last 10 rounds of the
 * chosen one with the provider's round details, fetched live; each round opens to its details.
 */
export function RecallTab({ memberId }: { memberId: string }) {
  const { t } = useTranslation(NS);
  const [filters, setFilters] = useTabFilters('recall', recallFilters);
  const games = useEndpointQuery(adminMemberRecallGamesEndpoint, { params: { id: memberId } });
  const latest = games.data?.items[0];
  const chosen =
    filters.platform !== undefined && filters.game !== undefined
      ? { platform: filters.platform, game: filters.game }
      : latest
        ? { platform: latest.platformId, game: latest.gameCode }
        : null;
  const rounds = useEndpointQuery(
    adminMemberRecallRoundsEndpoint,
    { params: { id: memberId }, query: chosen ?? { platform: 1, game: '-' } },
    { enabled: chosen !== null, retry: false },
  );
  if (games.error) return <QueryError error={games.error} onRetry={() => void games.refetch()} />;
  if (games.data && games.data.items.length === 0) {
    return <Empty description={t('recall.empty')} />;
  }
  const value = chosen ? `${chosen.platform}:${chosen.game}` : undefined;
  return (
    <Flex vertical gap={12} data-testid="recall-tab">
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('recall.game')}</Typography.Text>
        <Select
          style={{ minWidth: 320 }}
          placeholder={t('recall.choose')}
          value={value}
          loading={games.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(next: string) => {
            const at = next.indexOf(':');
            setFilters({ platform: Number(next.slice(0, at)), game: next.slice(at + 1) });
          }}
          options={(games.data?.items ?? []).map((game) => ({
            value: `${game.platformId}:${game.gameCode}`,
            label: t('recall.gameOption', {
              game: game.gameName,
              platform: game.platformName,
              rounds: game.rounds,
            }),
          }))}
        />
        <Button onClick={() => void rounds.refetch()} loading={rounds.isFetching}>
          {t('recall.refresh')}
        </Button>
      </Flex>
      {rounds.error ? (
        <QueryError error={rounds.error} onRetry={() => void rounds.refetch()} />
      ) : null}
      {rounds.data ? (
        <Typography.Text type="secondary">
          {t('recall.note', { count: rounds.data.rounds.length })}
        </Typography.Text>
      ) : null}
      <Table<RecallRound>
        // Mounted again with each game's rounds, so the newest one opens on its details.
        key={rounds.data ? `${value ?? ''}:${rounds.data.rounds[0]?.roundId ?? ''}` : 'loading'}
        size="small"
        rowKey="roundId"
        loading={rounds.isFetching}
        dataSource={rounds.data?.rounds ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (round) => <RoundDetails round={round} />,
          defaultExpandedRowKeys: rounds.data?.rounds[0] ? [rounds.data.rounds[0].roundId] : [],
        }}
        columns={[
          {
            title: t('recall.roundId'),
            key: 'roundId',
            render: (_, row) => <Typography.Text code>{row.roundId}</Typography.Text>,
          },
          {
            title: t('recall.settledAt'),
            key: 'settledAt',
            render: (_, row) => formatDateTime(row.settledAt),
          },
          {
            title: t('recall.bet'),
            key: 'bet',
            align: 'right',
            render: (_, row) => <Money amount={row.bet} currency={row.currency} />,
          },
          {
            title: t('recall.payout'),
            key: 'payout',
            align: 'right',
            render: (_, row) => <Money amount={row.payout} currency={row.currency} />,
          },
          {
            title: t('recall.winLoss'),
            key: 'winLoss',
            align: 'right',
            render: (_, row) => <Money amount={row.winLoss} currency={row.currency} signed />,
          },
          {
            title: t('recall.kind'),
            key: 'kind',
            render: (_, row) => row.details?.gameKind ?? '—',
          },
        ]}
      />
    </Flex>
  );
}
