import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DatePreset, type GameCategoryCode } from '@lobby/contracts';
import { VENUE_CATEGORIES } from '../../app/venue-categories.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { DatePresetFilter } from '../../components/ui/date-preset-filter.tsx';
import { FormAlert, SelectInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { useBusinessTime, useZonedHeading } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { gameCategoryOfCode } from '../../lib/game-categories.ts';
import { useBetRecords } from './api/bet-records.ts';
import { useGameList } from './api/game-list.ts';

const PAGE_SIZE = 20;
const ALL = '0';

/**
 * /user/betRecord: the member's settled bets by date preset, category and platform, with the
 * totals of the filter (bets, valid bets, payout, win/loss) and paging. Win/loss is signed from
 * the member's side: positive is a win. Days and times are the brand's (its zone named).
 */
export function BetRecordPage() {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const zoned = useZonedHeading();
  const errorText = useErrorText();
  const [preset, setPreset] = useState<DatePreset>(DATE_PRESETS.today);
  const [category, setCategory] = useState(0);
  const [platform, setPlatform] = useState(0);
  const [page, setPage] = useState(1);
  const platforms = useGameList(category === 0 ? 0 : (category as GameCategoryCode));
  const records = useBetRecords({
    datePreset: preset,
    category,
    platform,
    page,
    pageSize: PAGE_SIZE,
  });
  const data = records.data;
  const categoryName = (code: number) => {
    const key = gameCategoryOfCode(code);
    return key ? t(`venue.${key}.name`) : '--';
  };

  const rows = (data?.items ?? []).map((record) => ({
    id: `${record.platformId}:${record.roundId}`,
    order: <span className="mono">{record.roundId}</span>,
    platform: (
      <span className="account-cell">
        {record.platformName}
        <small>{categoryName(record.category)}</small>
      </span>
    ),
    game: record.gameName,
    stake: <Amount value={record.bet} />,
    validStake: <Amount value={record.validBet} />,
    payout: <Amount value={record.payout} />,
    result: <Amount value={record.winLoss} signed />,
    time: time.dateTime(record.placedAt) || record.placedAt,
  }));

  const totals = data?.totals;
  const summary = [
    { key: 'count', value: data ? String(data.total) : '--' },
    { key: 'stake', value: <Amount value={totals?.bet} /> },
    { key: 'validStake', value: <Amount value={totals?.validBet} /> },
    { key: 'payout', value: <Amount value={totals?.payout} /> },
    { key: 'result', value: <Amount value={totals?.winLoss} signed={totals !== undefined} /> },
  ];

  return (
    <div className="page">
      <PageHeader
        icon="record"
        title={t('records.bet.title')}
        subtitle={t('records.bet.subtitle')}
        actions={
          <>
            <Link className="btn btn--ghost btn--sm" to="/user/gameRecall">
              <Icon name="record" size={16} />
              {t('member.menu.gameRecall')}
            </Link>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={records.isFetching}
              onClick={() => void records.refetch()}
            >
              <Icon
                name="refresh"
                size={16}
                className={records.isFetching ? 'is-spinning' : undefined}
              />
              {t('records.refresh')}
            </button>
          </>
        }
      />
      <Panel>
        <div className="filter-bar">
          <DatePresetFilter
            value={preset}
            onChange={(next) => {
              setPreset(next);
              setPage(1);
            }}
          />
          <div className="filter-bar__selects">
            <SelectInput
              name="category"
              label={t('records.bet.category')}
              value={String(category)}
              onChange={(value) => {
                setCategory(Number(value));
                setPlatform(0);
                setPage(1);
              }}
              options={[
                { value: ALL, label: t('records.allCategories') },
                ...VENUE_CATEGORIES.map((venue) => ({
                  value: String(venue.code),
                  label: t(`venue.${venue.category}.title`),
                })),
              ]}
            />
            <SelectInput
              name="platform"
              label={t('records.bet.platform')}
              value={String(platform)}
              onChange={(value) => {
                setPlatform(Number(value));
                setPage(1);
              }}
              options={[
                { value: ALL, label: t('records.allPlatforms') },
                ...(platforms.data ?? []).map((item) => ({
                  value: String(item.id),
                  label: item.name,
                })),
              ]}
            />
          </div>
        </div>
        <div className="summary-row bet-summary" data-testid="bet-summary">
          {summary.map((item) => (
            <div key={item.key} className="summary-row__item" data-summary={item.key}>
              <span>{t(`records.bet.summary.${item.key}`)}</span>
              <strong>{item.value}</strong>
            </div>
          ))}
        </div>
        {records.error ? <FormAlert>{errorText(records.error)}</FormAlert> : null}
        <DataTable
          stack
          columns={[
            { key: 'order', label: t('records.bet.columns.order') },
            { key: 'platform', label: t('records.bet.columns.platform') },
            { key: 'game', label: t('records.bet.columns.game') },
            { key: 'stake', label: t('records.bet.columns.stake'), align: 'end' },
            { key: 'validStake', label: t('records.bet.columns.validStake'), align: 'end' },
            { key: 'payout', label: t('records.bet.columns.payout'), align: 'end' },
            { key: 'result', label: t('records.bet.columns.result'), align: 'end' },
            { key: 'time', label: zoned(t('records.bet.columns.time')) },
          ]}
          rows={rows}
          loading={records.isPending}
          emptyIcon="record"
          emptyTitle={t('records.bet.empty')}
          emptyHint={t('records.bet.emptyHint')}
        />
        <Pager page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onChange={setPage} />
      </Panel>
    </div>
  );
}
