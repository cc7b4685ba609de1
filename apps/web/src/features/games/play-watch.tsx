import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/ui/amount.tsx';
import { usePlayTick } from './api/play-tick.ts';

/**
 * Player protection over a game (issue 15, point 3): every reality-check interval (the
 * member's, else the brand's) the game is covered by the time played this session and its net
 * result, with continue, stop and the bet history. When the server says play must stop (the
 * day's play time is used, a limit or an exclusion), `onStopped` ends the game.
 */
export function PlayWatch({
  onStop,
  onStopped,
}: {
  onStop(): void;
  onStopped(reason: string): void;
}) {
  const { t } = useTranslation('web');
  const [startedAt] = useState(() => new Date().toISOString());
  const [checkedAt, setCheckedAt] = useState(() => Date.now());
  /** When the check fell due (its minutes counted to then); null while not due. */
  const [dueAt, setDueAt] = useState<number | null>(null);
  const due = dueAt !== null;
  const tick = usePlayTick(startedAt, true);
  const figures = tick.data;
  const minutes = figures?.realityCheckMinutes ?? 0;

  useEffect(() => {
    if (figures?.stop) onStopped(figures.stop);
  }, [figures?.stop, onStopped]);

  useEffect(() => {
    if (minutes <= 0 || due) return undefined;
    const timer = setInterval(() => {
      const at = Date.now();
      if (at - checkedAt >= minutes * 60_000) {
        setDueAt(at);
        void tick.refetch();
      }
    }, 1_000);
    return () => clearInterval(timer);
  }, [minutes, checkedAt, due, tick]);

  if (dueAt === null || !figures) return null;
  const sessionMinutes = Math.max(
    figures.sessionMinutes,
    Math.floor((dueAt - Date.parse(startedAt)) / 60_000),
  );
  return (
    <div className="reality-check" role="alertdialog" aria-labelledby="reality-check-title">
      <div className="reality-check__card" data-testid="reality-check">
        <h2 id="reality-check-title">{t('games.realityCheck.title')}</h2>
        <p>{t('games.realityCheck.played', { minutes: sessionMinutes })}</p>
        <p className="reality-check__net">
          {t('games.realityCheck.net')} <Amount value={figures.net} />
        </p>
        <div className="reality-check__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setCheckedAt(Date.now());
              setDueAt(null);
            }}
          >
            {t('games.realityCheck.continue')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onStop}>
            {t('games.realityCheck.stop')}
          </button>
          <Link className="btn btn--ghost" to="/user/betRecord" onClick={onStop}>
            {t('games.realityCheck.history')}
          </Link>
        </div>
      </div>
    </div>
  );
}
