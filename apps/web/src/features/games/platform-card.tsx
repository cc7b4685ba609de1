import { useTranslation } from 'react-i18next';
import { WALLET_TYPES, type GamePlatform } from '@lobby/contracts';
import { useIsLoggedIn } from '../../app/session-store.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { platformSummary, type GameEntry } from './game-rules.ts';

/**
 * A platform of a venue: its name and mark, its flags, what it holds for the member, and its
 * games to open. A platform in maintenance shows the spec's "game in maintenance" and opens
 * nothing.
 */
export function PlatformCard({
  platform,
  onLaunch,
  highlighted = false,
}: {
  platform: GamePlatform;
  onLaunch(entry: GameEntry): void;
  highlighted?: boolean;
}) {
  const { t } = useTranslation('web');
  const loggedIn = useIsLoggedIn();
  const owner = platformSummary(platform);
  const [first] = platform.games;
  const classes = ['platform-card'];
  if (platform.maintenance) classes.push('is-maintenance');
  if (highlighted) classes.push('is-highlighted');
  return (
    <article className={classes.join(' ')} data-platform={platform.id}>
      <header className="platform-card__head">
        <img className="platform-card__icon" src={platform.icon} alt="" width={56} height={56} />
        <div className="platform-card__title">
          <h3 className="platform-card__name">{platform.name}</h3>
          <p className="platform-card__meta">
            <span className="platform-card__code">{platform.code}</span>
            {platform.wallet === WALLET_TYPES.seamless ? (
              <span className="platform-tag">{t('games.seamless')}</span>
            ) : null}
            {platform.special ? (
              <span className="platform-tag platform-tag--special">
                <Icon name="star" size={11} />
                {t('games.special')}
              </span>
            ) : null}
          </p>
        </div>
        {platform.maintenance ? (
          <span className="status-tag status-tag--todo platform-card__status">
            {t('games.maintenance')}
          </span>
        ) : null}
      </header>
      {loggedIn && platform.wallet === WALLET_TYPES.transfer ? (
        <p className="platform-card__balance">
          <span>{t('games.platformBalance')}</span>
          <Amount value={platform.balance} />
          {platform.inTransit ? (
            <span className="status-tag status-tag--wait">{t('games.inTransit')}</span>
          ) : null}
        </p>
      ) : null}
      {platform.games.length > 1 ? (
        <ul className="platform-card__games">
          {platform.games.map((game) => (
            <li key={game.code}>
              <button
                type="button"
                className="platform-game"
                data-game={`${platform.id}:${game.code}`}
                disabled={platform.maintenance}
                onClick={() => onLaunch({ game, platform: owner })}
              >
                <img src={game.icon} alt="" width={36} height={36} loading="lazy" />
                <span className="platform-game__name">{game.name}</span>
                {game.hot ? (
                  <span className="platform-game__hot">
                    <Icon name="fire" size={12} />
                    {t('games.hot')}
                  </span>
                ) : null}
                <Icon name="chevronRight" size={16} className="platform-game__go" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {first ? (
        platform.games.length === 1 ? (
          <button
            type="button"
            className="btn btn--primary btn--block platform-card__enter"
            data-game={`${platform.id}:${first.code}`}
            disabled={platform.maintenance}
            onClick={() => onLaunch({ game: first, platform: owner })}
          >
            {platform.maintenance ? t('games.maintenance') : t('games.enter')}
          </button>
        ) : null
      ) : (
        <p className="platform-card__empty">{t('games.noGamesOnPlatform')}</p>
      )}
    </article>
  );
}

/** Placeholder cards while the platforms load. */
export function PlatformGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="platform-grid" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="platform-card platform-card--skeleton">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--block" />
        </span>
      ))}
    </div>
  );
}
