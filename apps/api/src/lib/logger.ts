import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import { pino } from 'pino';

/** Header, body and query names whose values never reach a log line. */
const SECRET_NAMES = [
  't',
  'token',
  'authorization',
  'cookie',
  'password',
  'confirmPassword',
  'withdrawPassword',
  'oldPassword',
  'newPassword',
  'code',
  'phoneCode',
  'mailCode',
];

const REDACTED = '[redacted]';

/**
 * Query parameters that are capabilities or secrets by their name, today's and tomorrow's: a
 * signature (`signature`, `sign`, `sig`), a token or ticket, a password, a secret.
 */
const SECRET_PARAMETER = /sign|sig$|token|ticket|passw|secret|^auth/i;

function isSecretParameter(name: string): boolean {
  return (
    SECRET_NAMES.some((secret) => secret.toLowerCase() === name.toLowerCase()) ||
    SECRET_PARAMETER.test(name)
  );
}

/** A URL with the values of secret query parameters (signatures, tokens, codes) replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = decodeURIComponentSafe(pair.split('=')[0] ?? '');
      return isSecretParameter(name) ? `${pair.split('=')[0]}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
};

/**
 * JSON logs with request ids. Tokens, passwords and codes are removed wherever they could
 * appear: headers, bodies logged by mistake, and query strings. `fields` adds to every line
 * (with tracing on, the active span's `trace_id` and `span_id`).
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  fields?: () => Record<string, string>,
): Logger {
  const options: LoggerOptions = {
    level,
    ...(fields ? { mixin: fields } : {}),
    redact: {
      paths: [
        'req.headers.t',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers.id',
        'res.headers.vid',
        'res.headers["set-cookie"]',
        // `code` stays readable in objects (error codes), it is only hidden in query strings.
        ...SECRET_NAMES.filter((name) => name !== 'code').flatMap((name) => [
          `body.${name}`,
          `*.${name}`,
          `*.*.${name}`,
        ]),
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: LoggedRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
