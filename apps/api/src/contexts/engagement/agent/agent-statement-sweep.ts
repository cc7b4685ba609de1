import { addMonths, DEFAULT_BRAND_TIME_ZONE } from '@lobby/time';
import type { Sweep, SweepContext } from '../../../jobs/scheduler.ts';
import type { Brand } from '../../platform/brand/index.ts';
import { lastEndedMonth } from './agent-commission.ts';
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
 * On or after the 1st of a month of each brand's time zone, writes the statements of the month
 * before for that brand's active agents, catching up month by month from the cursor when runs
 * were missed. The cursor moves past a month once every brand's month has ended and its
 * statements are written; a brand whose zone is already in the next month is written on the
 * way (again on the next runs until the cursor moves, which writes nothing new). With no cursor
 * it starts at the earliest of the brands' last ended months, not at the beginning of time.
 * Writing is idempotent per (agent, month), so a crash before the cursor moved only repeats
 * work that then changes nothing; statements already written are never touched again.
 */
export async function runAgentStatements(
  context: Pick<SweepContext, 'cursor' | 'saveCursor' | 'signal' | 'log'>,
  options: AgentStatementSweepOptions,
): Promise<{ months: string[] }> {
  const now = (options.now ?? (() => new Date()))();
  const brands = options.brands().map((brand) => ({
    brand,
    last: lastEndedMonth(now, brand.config.settings.timeZone),
  }));
  const lasts = brands.map((entry) => entry.last).sort();
  const fallback = lastEndedMonth(now, DEFAULT_BRAND_TIME_ZONE);
  const earliest = lasts[0] ?? fallback;
  const latest = lasts[lasts.length - 1] ?? fallback;
  let month = readCursor(context.cursor) ?? earliest;
  const months: string[] = [];
  while (month <= latest && !context.signal.aborted) {
    let everyBrandEnded = true;
    for (const { brand, last } of brands) {
      if (context.signal.aborted) return { months };
      if (month > last) {
        everyBrandEnded = false;
        continue;
      }
      const result = await options.agents.generateMonth(brand, month, context.signal);
      if (result.generated > 0) {
        context.log.info(
          { brand: brand.config.code, month, ...result },
          'agent statements written',
        );
      }
    }
    if (context.signal.aborted || !everyBrandEnded) break;
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
