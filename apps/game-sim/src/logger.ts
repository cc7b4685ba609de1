import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import { pino } from 'pino';

/** A launch URL carries its one-time token in the path; logs show the route only. */
export function redactPath(url: string): string {
  return url.replace(/^\/play\/(?!api\/|assets\/)[^/?#]+/, '/play/[redacted]');
}

type LoggedRequest = { method: string; url: string; ip?: string };

/**
 * JSON logs. Play session ids, launch tokens and signatures never reach a log line: headers are
 * not logged, and the launch path is cut.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'game-sim' },
    redact: {
      paths: ['req.headers["x-play-session"]', 'req.headers["x-lobby-signature"]'],
      censor: '[redacted]',
    },
    serializers: {
      req(request: LoggedRequest) {
        return { method: request.method, url: redactPath(request.url), remoteAddress: request.ip };
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
