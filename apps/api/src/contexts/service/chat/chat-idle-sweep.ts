import type { Sweep } from '../../../jobs/scheduler.ts';
import type { ChatService } from './chat.service.ts';

export const CHAT_IDLE = 'chat-idle';

export const CHAT_IDLE_DEFAULTS = {
  intervalMs: 10 * 60 * 1000,
  /** Two hours without a message from either side ends a conversation. */
  idleMs: 2 * 60 * 60 * 1000,
} as const;

/**
 * Ends the conversations nobody has written in for two hours, with a system message the visitor
 * sees, so the operators' queue holds only live ones. What to close follows from the database
 * alone (status and last message time), so a second run, or one after a crash, closes nothing
 * twice.
 */
export function chatIdleSweep(options: {
  chat: ChatService;
  intervalMs?: number;
  idleMs?: number;
}): Sweep {
  const settings = { ...CHAT_IDLE_DEFAULTS, ...options };
  return {
    name: CHAT_IDLE,
    intervalMs: settings.intervalMs,
    async run({ log }) {
      const closed = await options.chat.operatorSide.closeIdle(settings.idleMs);
      if (closed > 0) log.info({ closed }, 'idle chat conversations closed');
    },
  };
}
