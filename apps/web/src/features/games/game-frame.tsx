import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/page.tsx';

/** How long the game's server has to answer the check that it is there. */
export const GAME_SERVER_CHECK_TIMEOUT_MS = 8_000;
/** How long a game page may take to load at all. */
export const GAME_LOAD_TIMEOUT_MS = 30_000;

/** The origin of a game address on the network; null for one off it (about:blank). */
function networkOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether the game's server answers at all. The frame gives no sign of a dead address (the
 * browser's error page loads, fires `load` and cannot be read), so the site asks the server's
 * origin itself: any HTTP answer, even an error or an opaque one, means it is there; a refused
 * or unreachable connection means it is not. The game's own address is one-time and is left to
 * the frame.
 */
export async function gameServerAnswers(
  url: string,
  timeoutMs = GAME_SERVER_CHECK_TIMEOUT_MS,
): Promise<boolean> {
  const origin = networkOrigin(url);
  if (origin === null) return true;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    await fetch(`${origin}/`, {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The launched game in a frame, or a message when it cannot be loaded: its server does not
 * answer, or the page does not load in time. The message offers another try (a new launch: the
 * address is one-time) and the way back.
 */
export function GameFrame({
  url,
  title,
  onLoad,
  onRetry,
  onExit,
  checkTimeoutMs = GAME_SERVER_CHECK_TIMEOUT_MS,
  loadTimeoutMs = GAME_LOAD_TIMEOUT_MS,
}: {
  url: string;
  title: string;
  onLoad(frame: HTMLIFrameElement): void;
  onRetry(): void;
  onExit(): void;
  checkTimeoutMs?: number;
  loadTimeoutMs?: number;
}) {
  const { t } = useTranslation('web');
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void gameServerAnswers(url, checkTimeoutMs).then((answers) => {
      if (current && !answers) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [url, checkTimeoutMs]);

  useEffect(() => {
    if (loaded) return undefined;
    const timer = setTimeout(() => setFailed(true), loadTimeoutMs);
    return () => clearTimeout(timer);
  }, [loaded, loadTimeoutMs]);

  if (failed) {
    return (
      <EmptyState
        icon="info"
        title={t('games.screen.unavailable')}
        hint={t('games.screen.unavailableHint')}
      >
        <button type="button" className="btn btn--primary btn--sm" onClick={onRetry}>
          {t('common.retry')}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onExit}>
          {t('games.screen.exit')}
        </button>
      </EmptyState>
    );
  }
  return (
    <iframe
      className="game-screen__frame"
      src={url}
      title={title}
      allow="autoplay; fullscreen"
      allowFullScreen
      data-loaded={loaded ? 'true' : 'false'}
      onLoad={(event) => {
        setLoaded(true);
        onLoad(event.currentTarget);
      }}
    />
  );
}
