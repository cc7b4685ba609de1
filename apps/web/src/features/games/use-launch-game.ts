import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionStore, useSession } from '../../app/session-store.ts';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { groupDigits } from '../../lib/amount-format.ts';
import { useApiClient } from '../../lib/api-context.tsx';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { launchGame } from './api/launch-game.ts';
import { useRefreshGameMoney } from './api/refresh-game-money.ts';
import { gameScreenPath, type GameEntry } from './game-rules.ts';
import { useOpenMode } from './open-mode.ts';

/**
 * What a click on a game does ("entering a game"). A game in maintenance does not open. A
 * guest goes to /login first and comes back to the game. Otherwise the game opens inside the
 * site (its game screen over the venue), or in a new window when the member chose that: the
 * window is opened at once, while the click still allows it, and gets the game's address when
 * the launch answers. A blocked window falls back to the game screen inside the site.
 */
export function useLaunchGame(): (entry: GameEntry) => void {
  const { t } = useTranslation('web');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const isLogin = useSession((state) => state.isLogin);
  const [mode] = useOpenMode();
  const api = useApiClient();
  const errorText = useErrorText();
  const refresh = useRefreshGameMoney();

  return useCallback(
    (entry: GameEntry) => {
      const { game, platform } = entry;
      if (platform.maintenance) {
        showToast(t('games.maintenance'), 'info');
        return;
      }
      const path = gameScreenPath({
        platformId: platform.id,
        gameCode: game.code,
        category: platform.category,
      });
      if (isLogin === false) {
        void navigate('/login', { state: { from: path } });
        return;
      }
      if (mode === 'window' && isLogin === true) {
        const popup = window.open('about:blank', '_blank');
        if (popup) {
          // The game's own exit comes back to this screen (the server makes it absolute).
          const returnUrl = `${pathname}${search}`;
          sessionStore.selectGame({
            gameid: game.code,
            platform: String(platform.id),
            startGame: false,
          });
          try {
            popup.document.title = game.name;
            popup.document.body.textContent = t('games.launching');
          } catch {
            // Nothing to write into: the window shows blank until the game arrives.
          }
          launchGame(api, {
            platform: platform.id,
            gameCode: game.code,
            returnUrl,
            idempotencyKey: newIdempotencyKey(),
          })
            .then((answer) => {
              // The game must not be able to reach back into the site through the opener.
              popup.opener = null;
              popup.location.replace(answer.url);
              sessionStore.selectGame({
                gameid: game.code,
                platform: String(platform.id),
                startGame: true,
              });
              showToast(t('games.windowOpened', { game: answer.gameName }), 'external');
              if (answer.transfer) {
                void refresh();
                showToast(
                  t(
                    answer.transfer.status === 'in_transit'
                      ? 'games.screen.autoTransferPending'
                      : 'games.screen.autoTransferred',
                    { amount: groupDigits(answer.transfer.amount) },
                  ),
                  'transfer',
                );
              }
            })
            .catch((error: unknown) => {
              popup.close();
              sessionStore.clearGameSelection();
              showToast(errorText(error), 'info');
            });
          return;
        }
        showToast(t('games.popupBlocked'), 'info');
      }
      void navigate(path);
    },
    [api, errorText, isLogin, mode, navigate, pathname, refresh, search, t],
  );
}
