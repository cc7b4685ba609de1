import type { SimDatabase } from './db/database.ts';
import type { PlayService } from './play/play.service.ts';
import type { ScheduledService } from './play/scheduled.service.ts';
import { deleteExpired } from './play/session.repository.ts';
import type { CallbackOutbox } from './seamless/outbox.service.ts';

export type BackgroundReport = {
  /** Seamless stakes whose debit never got an answer, now rolled back. */
  abandonedStakes: number;
  resolvedEvents: number;
  settledBets: number;
  callbacksSent: number;
  expiredSessions: number;
};

/** Expired launch tokens and sessions are kept a day, so an old link still explains itself. */
const EXPIRED_KEPT_MS = 24 * 60 * 60_000;

/**
 * One pass of the simulator's background work. Every step is idempotent and resumable: a pass
 * stopped half way (or run on two processes) leaves work the next pass finishes.
 */
export async function runBackgroundOnce(deps: {
  database: SimDatabase;
  play: PlayService;
  scheduled: ScheduledService;
  outbox: CallbackOutbox;
  now: () => Date;
  /** Stops the pass between steps and between callbacks (shutdown). */
  signal?: AbortSignal;
}): Promise<BackgroundReport> {
  const now = deps.now();
  const policy = deps.outbox.policy;
  // A stake's own request gives up after its debit attempts; past that (plus margin) nobody
  // else will finish it, e.g. after a crash.
  const staleBefore = new Date(
    now.getTime() - policy.timeoutMs * (policy.debitAttempts + 1) - 30_000,
  );
  const abandonedStakes =
    (await deps.play.abandonStaleRounds(staleBefore)) +
    (await deps.scheduled.abandonStaleBets(staleBefore));
  const resolved = await deps.scheduled.resolveDue();
  const callbacksSent = await deps.outbox.deliverDue(500, deps.signal);
  const expiredSessions = await deleteExpired(
    deps.database,
    new Date(now.getTime() - EXPIRED_KEPT_MS),
  );
  return {
    abandonedStakes,
    resolvedEvents: resolved.events,
    settledBets: resolved.bets,
    callbacksSent,
    expiredSessions,
  };
}
