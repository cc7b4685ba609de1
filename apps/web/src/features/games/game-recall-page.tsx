import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecallRound } from '@lobby/contracts';
import { Amount } from '../../components/ui/amount.tsx';
import { FormAlert, SelectInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useRecallGames, useRecallRounds } from './api/game-recall.ts';
import { detailLines, type DetailLine } from './recall-details.ts';

type GameKey = { platform: number; game: string };

const keyText = (key: GameKey) => `${key.platform}:${key.game}`;

function parseKey(text: string): GameKey | null {
  const at = text.indexOf(':');
  const platform = Number(text.slice(0, at));
  return at > 0 && Number.isInteger(platform) ? { platform, game: text.slice(at + 1) } : null;
}

/** One field of the provider's details, its label translated when it is a known one. */
function DetailRows({ lines }: { lines: DetailLine[] }) {
  const { t } = useTranslation('web');
  const label = (path: string[]) =>
    path
      .map((part) =>
        /^\d+$/.test(part)
          ? `#${part}`
          : t(`records.recall.fields.${part}`, { defaultValue: part }),
      )
      .join(' · ');
  return (
    <dl className="recall-details">
      {lines.map((line) => (
        <div key={line.path.join('.')} className="recall-details__row">
          <dt>{label(line.path)}</dt>
          <dd className="mono">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RoundCard({ round, open }: { round: RecallRound; open: boolean }) {
  const { t } = useTranslation('web');
  const labelOf = (key: string) => t(`records.recall.fields.${key}`, { defaultValue: key });
  const time = useBusinessTime();
  const details = round.details;
  return (
    <article className="recall-round" data-round={round.roundId}>
      <header className="recall-round__header">
        <span className="mono recall-round__id">{round.roundId}</span>
        <span className="muted">{time.dateTime(round.settledAt) || round.settledAt}</span>
      </header>
      <div className="summary-row recall-round__figures">
        <div className="summary-row__item">
          <span>{t('records.bet.columns.stake')}</span>
          <strong>
            <Amount value={round.bet} />
          </strong>
        </div>
        <div className="summary-row__item">
          <span>{t('records.bet.columns.payout')}</span>
          <strong>
            <Amount value={round.payout} />
          </strong>
        </div>
        <div className="summary-row__item">
          <span>{t('records.bet.columns.result')}</span>
          <strong>
            <Amount value={round.winLoss} signed />
          </strong>
        </div>
      </div>
      {details ? (
        <details className="recall-round__details" open={open}>
          <summary>{t('records.recall.details')}</summary>
          <h3>{t('records.recall.result')}</h3>
          <DetailRows lines={detailLines(details.result, round.currency, labelOf)} />
          <h3>{t('records.recall.bet')}</h3>
          <DetailRows lines={detailLines(details.bet, round.currency, labelOf)} />
          {details.eventId ? (
            <p className="muted">
              {t('records.recall.event')}: <span className="mono">{details.eventId}</span>
            </p>
          ) : null}
          {details.fairness ? (
            <details className="recall-round__fairness">
              <summary>{t('records.recall.fairness')}</summary>
              <DetailRows
                lines={detailLines(details.fairness, round.currency, labelOf).map((line) => ({
                  ...line,
                  path: line.path.map((part) => `fairness_${part}`),
                }))}
              />
            </details>
          ) : null}
        </details>
      ) : (
        <p className="muted recall-round__missing">{t('records.recall.noDetails')}</p>
      )}
    </article>
  );
}

/**
 * /user/gameRecall: the games the member played and the last 10 rounds of the chosen one, with
 * the round details the game's provider keeps (what was bet, the cards, reels or draw, the seeds
 * that decided it). The details come from the provider on each read: when it cannot answer the
 * screen says so in the member's language and offers a refresh.
 */
export function GameRecallPage() {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const errorText = useErrorText();
  const games = useRecallGames();
  const [chosen, setChosen] = useState<GameKey | null>(null);
  const first = games.data?.items[0];
  const selected = chosen ?? (first ? { platform: first.platformId, game: first.gameCode } : null);
  const rounds = useRecallRounds(selected);
  const items = games.data?.items ?? [];
  return (
    <div className="page game-recall">
      <PageHeader
        icon="record"
        title={t('records.recall.title')}
        subtitle={t('records.recall.subtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/betRecord">
            <Icon name="record" size={16} />
            {t('member.menu.betRecord')}
          </Link>
        }
      />
      <Panel>
        {games.error ? <FormAlert>{errorText(games.error)}</FormAlert> : null}
        {games.data && items.length === 0 ? (
          <EmptyState
            icon="record"
            title={t('records.recall.empty')}
            hint={t('records.recall.emptyHint')}
          />
        ) : null}
        {items.length > 0 && selected ? (
          <div className="filter-bar">
            <label className="recall-game-select">
              <span>{t('records.recall.game')}</span>
              <SelectInput
                name="game"
                label={t('records.recall.game')}
                value={keyText(selected)}
                onChange={(value) => setChosen(parseKey(value))}
                options={items.map((game) => ({
                  value: keyText({ platform: game.platformId, game: game.gameCode }),
                  label: t('records.recall.gameOption', {
                    game: game.gameName,
                    platform: game.platformName,
                    rounds: game.rounds,
                    last: time.dateTime(game.lastPlayedAt) || game.lastPlayedAt,
                  }),
                }))}
              />
            </label>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={rounds.isFetching}
              onClick={() => void rounds.refetch()}
            >
              <Icon
                name="refresh"
                size={16}
                className={rounds.isFetching ? 'is-spinning' : undefined}
              />
              {t('records.refresh')}
            </button>
          </div>
        ) : null}
        {rounds.error ? <FormAlert>{errorText(rounds.error)}</FormAlert> : null}
        {rounds.data ? (
          <>
            <p className="muted recall-note">
              {t('records.recall.lastRounds', { count: rounds.data.rounds.length })}
            </p>
            <div className="recall-rounds" data-testid="recall-rounds">
              {rounds.data.rounds.map((round, index) => (
                <RoundCard key={round.roundId} round={round} open={index === 0} />
              ))}
            </div>
          </>
        ) : null}
      </Panel>
    </div>
  );
}
