import type { FastifyBaseLogger } from 'fastify';
import { CLIENT_ERROR_REPORTS_PER_MINUTE, type ClientErrorReport } from '@lobby/contracts';
import type { Cache } from '../../cache/index.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { redactUrl } from '../../lib/logger.ts';

/**
 * Records a browser error in the log, where operators already look. A device, or an address when
 * the device is unknown, may report a limited number per minute so a loop cannot flood the log.
 */
export async function recordClientError(
  cache: Cache,
  log: FastifyBaseLogger,
  report: ClientErrorReport,
  origin: { brandCode: string; deviceNo: string | null; ip: string; userAgent: string | undefined },
): Promise<void> {
  const reporter = origin.deviceNo ?? `ip:${origin.ip}`;
  await consumeRateLimit(
    cache,
    `client-errors:${reporter}`,
    CLIENT_ERROR_REPORTS_PER_MINUTE,
    60_000,
  );
  log.warn(
    {
      clientError: {
        ...report,
        route: report.route === undefined ? undefined : redactUrl(report.route),
        brand: origin.brandCode,
        userAgent: origin.userAgent?.slice(0, 300),
      },
    },
    'browser error reported',
  );
}
