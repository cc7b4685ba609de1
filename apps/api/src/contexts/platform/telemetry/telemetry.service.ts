import type { FastifyBaseLogger } from 'fastify';
import type { ClientErrorReport } from '@lobby/contracts';
import { redactUrl } from '../../../lib/logger.ts';

/**
 * Records a browser error in the log, where operators already look. A device, or an address when
 * the device is unknown, may report a limited number per minute (the route's rate limit), so a
 * loop cannot flood the log.
 */
export function recordClientError(
  log: FastifyBaseLogger,
  report: ClientErrorReport,
  origin: { brandCode: string; userAgent: string | undefined },
): void {
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
