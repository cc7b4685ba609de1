import type { Sweep, SweepContext } from '../../../jobs/scheduler.ts';
import type { Brand } from '../../platform/brand/index.ts';
import { addMonths, lastEndedMonth } from './agent-commission.ts';
import type { AgentService } from './agent.service.ts';

export const AGENT_STATEMENTS = 'agent-statements';

/** The sweep's saved cursor: the first month whose statements are not all written yet. */
export type AgentStatementCursor = { nextMonth: string };

export type AgentStatementSweepOptions = {
  agents: AgentService;
  brands: () => readonly Brand[];
  now?: () => Date;
  intervalMs?: number;
};

function readCursor(saved: Record<string, unknown>): string | null {
  const month = saved.nextMonth;
  return typeof month === 'string' && /^\d{4}-\d{2}$/.test(month) ? month : null;
}

/**
 * On or after the 1st of a month (Asia/Shanghai), writes the statements of the month before for
 * every brand's active agents, catching up month by month from the cursor when runs were
 * missed. With no cursor it starts at the last ended month, not at the beginning of time.
 * Writing is idempotent per (agent, month), so a crash before the cursor moved only repeats
 * work that then changes nothing; statements already written are never touched again.
 */
export async function runAgentStatements(
  context: Pick<SweepContext, 'cursor' | 'saveCursor' | 'signal' | 'log'>,
  options: AgentStatementSweepOptions,
): Promise<{ months: string[] }> {
  const now = (options.now ?? (() => new Date()))();
  const last = lastEndedMonth(now);
  let month = readCursor(context.cursor) ?? last;
  const months: string[] = [];
  while (month <= last && !context.signal.aborted) {
    for (const brand of options.brands()) {
      if (context.signal.aborted) return { months };
      const result = await options.agents.generateMonth(brand, month, context.signal);
      if (result.generated > 0) {
        context.log.info(
          { brand: brand.config.code, month, ...result },
          'agent statements written',
        );
      }
    }
    if (context.signal.aborted) break;
    months.push(month);
    month = addMonths(month, 1);
    await context.saveCursor({ nextMonth: month } satisfies AgentStatementCursor);
  }
  return { months };
}

export function agentStatementSweep(options: AgentStatementSweepOptions): Sweep {
  return {
    name: AGENT_STATEMENTS,
    // Hourly: the 1st is seen within the hour, and a run with nothing to do reads one cursor.
    intervalMs: options.intervalMs ?? 60 * 60_000,
    async run(context) {
      await runAgentStatements(context, options);
    },
  };
}
