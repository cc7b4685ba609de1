import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WALLET_TYPES } from '@lobby/contracts';
import { useMemberSession } from '../../app/member-session.ts';
import { sessionStore, useBalance, useSession } from '../../app/session-store.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { EmptyState } from '../../components/ui/page.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { filterAmountInput } from '../../lib/amount-filter.ts';
import { groupDigits } from '../../lib/amount-format.ts';
import { amountProblem } from '../../lib/amount-rules.ts';
import { useApiClient } from '../../lib/api-context.tsx';
import { ApiError } from '../../lib/api-errors.ts';
import { useBrand } from '../../lib/brand-context.tsx';
import { currencyScale } from '../../lib/currency-scale.ts';
import { createAttemptKeys, newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { useGameList } from './api/game-list.ts';
import { useGameSettings, useUpdateGameSettings } from './api/game-settings.ts';
import { launchGame, type LaunchAnswer } from './api/launch-game.ts';
import { GAMES_QUERY_KEYS } from './api/query-keys.ts';
import { useRefreshGameMoney } from './api/refresh-game-money.ts';
import { useTransfer } from './api/transfer.ts';
import { useWalletList } from './api/wallet-list.ts';
import { GameFrame } from './game-frame.tsx';

type Note = { tone: 'ok' | 'wait' | 'fail'; text: string };

/**
 * The reality check and play-time tick, loaded with the first game that opens: the home screens
 * (which carry this screen) do not load its code (e2e/tests/bundle-budget.test.ts).
 */
const PlayWatch = lazy(() =>
  import('./play-watch.tsx').then((module) => ({ default: module.PlayWatch })),
);

/** Why the server may end play, each with its own text (games.realityCheck.reasons). */
const STOP_REASONS: Record<string, true> = {
  play_time_limit_reached: true,
  play_limit_reached: true,
  account_excluded: true,
};

/**
 * The game screen ("entering a game"): the game's one-time address in a frame inside the
 * site, with a bar above it: the way back to the venue, what the platform holds and the centre
 * wallet, a quick transfer in, the automatic-transfer setting and a reload. Over the venue
 * screen (`overlay`), or in the page (`inline`, the sports screen).
 *
 * It keeps the session's game selection (SPEC.md section 4): the game and platform while it
 * launches, started once the address arrived; leaving through the exit clears it. A guest is
 * sent to /login and comes back here.
 */
export function GameScreen({
  platformId,
  gameCode,
  exitTo,
  variant,
  onExit,
}: {
  platformId: number;
  gameCode: string;
  /** Where the exit goes: the venue screen. */
  exitTo: string;
  variant: 'overlay' | 'inline';
  onExit(): void;
}) {
  const { t } = useTranslation('web');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const isLogin = useSession((state) => state.isLogin);
  const api = useApiClient();
  const errorText = useErrorText();
  const refresh = useRefreshGameMoney();
  const [attempt, setAttempt] = useState(0);
  const [toolsOpen, setToolsOpen] = useState(false);
  /** Why the server ended play (the day's play time used, a limit, an exclusion), if it did. */
  const [stopped, setStopped] = useState<string | null>(null);
  const catalog = useGameList(0);
  const platform = catalog.data?.find((item) => item.id === platformId);
  const game = platform?.games.find((item) => item.code === gameCode);

  // A query, not an effect: one launch per attempt even when React mounts twice, and the
  // answer (a one-time address) is dropped with the screen.
  const launch = useQuery({
    queryKey: [...GAMES_QUERY_KEYS.launch, platformId, gameCode, attempt],
    queryFn: ({ signal }): Promise<LaunchAnswer> =>
      launchGame(
        api,
        {
          platform: platformId,
          gameCode,
          // A path of this site; the server makes it absolute on the brand's host.
          returnUrl: exitTo,
          idempotencyKey: newIdempotencyKey(),
        },
        signal,
      ),
    enabled: isLogin === true,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const answer = launch.data;

  useEffect(() => {
    sessionStore.selectGame({
      gameid: gameCode,
      platform: String(platformId),
      startGame: answer !== undefined,
    });
  }, [answer, gameCode, platformId]);

  // The automatic transfer made by the launch: the money is shown where it went, and said.
  const autoTransfer = answer?.transfer ?? null;
  useEffect(() => {
    if (autoTransfer) void refresh();
  }, [autoTransfer, refresh]);
  const autoNote: Note | null = !autoTransfer
    ? null
    : autoTransfer.status === 'failed'
      ? { tone: 'fail', text: autoTransfer.reasonText ?? t('games.transferStatus.failed') }
      : {
          tone: autoTransfer.status === 'success' ? 'ok' : 'wait',
          text: t(
            autoTransfer.status === 'success'
              ? 'games.screen.autoTransferred'
              : 'games.screen.autoTransferPending',
            { amount: groupDigits(autoTransfer.amount) },
          ),
        };

  useEffect(() => {
    if (variant !== 'overlay') return undefined;
    document.documentElement.classList.add('has-game-screen');
    return () => document.documentElement.classList.remove('has-game-screen');
  }, [variant]);

  // A guest logs in first and comes back here. An effect rather than <Navigate/>: importing
  // that component here made the bundler split the router differently, and /home's first
  // load grew by 1.6 KB gzip (e2e/tests/bundle-budget.test.ts).
  useEffect(() => {
    if (isLogin === false) {
      void navigate('/login', { replace: true, state: { from: `${pathname}${search}` } });
    }
  }, [isLogin, navigate, pathname, search]);
  if (isLogin === false) return null;

  const title = answer?.gameName ?? game?.name ?? gameCode;
  const platformName = platform?.name ?? '';
  const transferWallet = platform ? platform.wallet === WALLET_TYPES.transfer : true;
  const exit = () => {
    sessionStore.clearGameSelection();
    onExit();
  };

  return (
    <div
      className={`game-screen game-screen--${variant}`}
      role={variant === 'overlay' ? 'dialog' : 'region'}
      aria-modal={variant === 'overlay' ? true : undefined}
      aria-label={title}
      data-testid="game-screen"
    >
      <header className="game-screen__bar">
        <button type="button" className="game-screen__exit" onClick={exit}>
          <Icon name="chevronLeft" size={18} />
          <span>{t('games.screen.exit')}</span>
        </button>
        <div className="game-screen__title">
          <strong>{title}</strong>
          {platformName ? <small>{platformName}</small> : null}
        </div>
        <button
          type="button"
          className="game-screen__wallet-toggle"
          aria-expanded={toolsOpen}
          aria-controls="game-screen-tools"
          onClick={() => setToolsOpen((open) => !open)}
        >
          <Icon name="wallet" size={16} />
          <span>{t('games.screen.wallet')}</span>
          <Icon name="chevronDown" size={14} />
        </button>
        <div
          id="game-screen-tools"
          className={toolsOpen ? 'game-screen__tools is-open' : 'game-screen__tools'}
        >
          <Balances platformId={platformId} transferWallet={transferWallet} />
          {transferWallet && isLogin === true ? <QuickTransfer platformId={platformId} /> : null}
          {isLogin === true ? <AutoTransferSwitch /> : null}
          {autoNote ? (
            <p className={`game-screen__note game-screen__note--${autoNote.tone}`} role="status">
              {autoNote.text}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="icon-button game-screen__reload"
          title={t('games.screen.reload')}
          aria-label={t('games.screen.reload')}
          disabled={launch.isFetching}
          onClick={() => setAttempt((value) => value + 1)}
        >
          <Icon
            name="refresh"
            size={18}
            className={launch.isFetching ? 'is-spinning' : undefined}
          />
        </button>
      </header>
      <div className="game-screen__stage">
        {answer && stopped === null ? (
          <Suspense fallback={null}>
            <PlayWatch onStop={exit} onStopped={setStopped} />
          </Suspense>
        ) : null}
        {stopped !== null ? (
          <EmptyState
            icon="info"
            title={t('games.realityCheck.stopped')}
            hint={t(
              stopped in STOP_REASONS
                ? `games.realityCheck.reasons.${stopped}`
                : 'games.realityCheck.reasons.other',
            )}
          >
            <button type="button" className="btn btn--primary btn--sm" onClick={exit}>
              {t('games.screen.exit')}
            </button>
          </EmptyState>
        ) : answer ? (
          <GameFrame
            key={answer.url}
            url={answer.url}
            title={title}
            onRetry={() => setAttempt((value) => value + 1)}
            onExit={exit}
            onLoad={(frame) => {
              // The game's own exit brings the frame back to this site (the launch's
              // returnUrl): leave the game as the exit button does. A game page is another
              // origin, which this frame cannot read.
              try {
                const href = frame.contentWindow?.location.href ?? '';
                if (href.startsWith(`${window.location.origin}/`)) exit();
              } catch {
                // The game itself.
              }
            }}
          />
        ) : launch.error ? (
          <EmptyState icon="info" title={t('games.launchFailed')} hint={errorText(launch.error)}>
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={() => setAttempt((value) => value + 1)}
            >
              {t('common.retry')}
            </button>
            <button type="button" className="btn btn--ghost btn--sm" onClick={exit}>
              {t('games.screen.exit')}
            </button>
          </EmptyState>
        ) : (
          <div className="game-screen__launching" role="status" aria-busy="true">
            <span className="splash__ring" aria-hidden="true" />
            <p>{t('games.launching')}</p>
          </div>
        )}
      </div>
    </div>
  );
}

function Balances({ platformId, transferWallet }: { platformId: number; transferWallet: boolean }) {
  const { t } = useTranslation('web');
  const balance = useBalance();
  const session = useMemberSession();
  const wallets = useWalletList();
  const wallet = wallets.data?.find((item) => item.id === platformId);
  const [refreshing, setRefreshing] = useState(false);
  // The game changes what the platform holds with every round: asked again on demand only,
  // since the wallet list asks every platform.
  const refresh = () => {
    setRefreshing(true);
    void Promise.all([wallets.refetch(), session.refreshBalance({ force: true })]).finally(() =>
      setRefreshing(false),
    );
  };
  return (
    <div className="game-screen__balances">
      {transferWallet ? (
        <p className="game-screen__balance" data-testid="game-platform-balance">
          <span>{t('games.platformBalance')}</span>
          <strong>
            <Amount value={wallet?.balance ?? null} />
          </strong>
          {wallet?.inTransit ? (
            <span className="status-tag status-tag--wait">{t('games.inTransit')}</span>
          ) : wallet?.stale ? (
            <span className="status-tag status-tag--todo" title={t('games.staleHint')}>
              {t('games.stale')}
            </span>
          ) : null}
        </p>
      ) : null}
      <p className="game-screen__balance" data-testid="game-centre-balance">
        <span>{t('finance.centreWallet')}</span>
        <strong>
          <Amount value={balance?.balance ?? null} />
        </strong>
      </p>
      <button
        type="button"
        className="game-screen__refresh"
        title={t('games.screen.refreshBalance')}
        aria-label={t('games.screen.refreshBalance')}
        disabled={refreshing}
        onClick={refresh}
      >
        <Icon name="refresh" size={14} className={refreshing ? 'is-spinning' : undefined} />
      </button>
      {!transferWallet ? <p className="game-screen__hint">{t('games.seamlessHint')}</p> : null}
    </div>
  );
}

/** The quick transfer in: an amount (filtered as typed) from the centre wallet to this platform. */
function QuickTransfer({ platformId }: { platformId: number }) {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const scale = currencyScale(brand.currencyCode);
  const errorText = useErrorText();
  const balance = useBalance();
  const transfer = useTransfer();
  const [attempts] = useState(() => createAttemptKeys());
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState<Note | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = amountProblem(amount, { scale, available: balance?.balance });
    if (problem) {
      setNote({ tone: 'fail', text: t(`validation.${problem.code}`, problem.values ?? {}) });
      return;
    }
    setNote(null);
    const request = { platform: platformId, type: 'in' as const, amount };
    transfer.mutate(
      { ...request, idempotencyKey: attempts.keyFor(request) },
      {
        onSuccess: ({ order }) => {
          attempts.settle();
          setAmount('');
          setNote(
            order.status === 'success'
              ? {
                  tone: 'ok',
                  text: t('games.screen.transferred', { amount: groupDigits(order.amount) }),
                }
              : order.status === 'in_transit'
                ? { tone: 'wait', text: t('games.screen.transferPending') }
                : { tone: 'fail', text: order.reasonText ?? t('games.transferStatus.failed') },
          );
        },
        onError: (error) => {
          // A refusal is final and moved nothing: the next try is a new attempt. A lost answer
          // keeps its key, so sending it again cannot move the money twice.
          if (error instanceof ApiError) attempts.settle();
          setNote({ tone: 'fail', text: errorText(error) });
        },
      },
    );
  };

  return (
    <form className="quick-transfer" onSubmit={submit} noValidate>
      <label className="visually-hidden" htmlFor="quick-transfer-amount">
        {t('games.screen.quickAmount')}
      </label>
      <div className="input input--sm">
        <input
          id="quick-transfer-amount"
          name="quickAmount"
          className="input__control"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('games.screen.quickAmount')}
          value={amount}
          onChange={(event) => setAmount(filterAmountInput(event.target.value, scale))}
        />
        <span className="input__suffix">
          <button
            type="button"
            className="input__action"
            disabled={!balance}
            onClick={() => balance && setAmount(balance.balance)}
          >
            {t('finance.withdraw.all')}
          </button>
        </span>
      </div>
      <button type="submit" className="btn btn--primary btn--sm" disabled={transfer.isPending}>
        {transfer.isPending ? t('common.submitting') : t('games.screen.quickIn')}
      </button>
      {note ? (
        <p className={`game-screen__note game-screen__note--${note.tone}`} role="status">
          {note.text}
        </p>
      ) : null}
    </form>
  );
}

/** The member's automatic transfer: the whole centre wallet goes in when a game opens. */
function AutoTransferSwitch() {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const settings = useGameSettings();
  const update = useUpdateGameSettings();
  const checked = update.isPending
    ? (update.variables?.autoTransfer ?? false)
    : (settings.data?.autoTransfer ?? false);
  return (
    <label className="switch" title={t('games.screen.autoTransferHint')}>
      <input
        type="checkbox"
        role="switch"
        name="autoTransfer"
        checked={checked}
        disabled={!settings.data || update.isPending}
        onChange={(event) => update.mutate({ autoTransfer: event.target.checked })}
      />
      <span className="switch__track" aria-hidden="true" />
      <span className="switch__label">{t('games.screen.autoTransfer')}</span>
      {update.error ? <span className="switch__error">{errorText(update.error)}</span> : null}
    </label>
  );
}
