import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * A refusal with a code: the provider API and the play API both answer `{error, message}` with
 * the error's HTTP status. Anything else thrown is a programmer error: logged, answered 500.
 */
export class SimError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  /** A finer reason, answered as `code` (an engine's refusal, Lobby's wallet error). */
  readonly detail: string | undefined;

  constructor(code: string, httpStatus: number, message?: string, detail?: string) {
    super(message ?? code);
    this.name = 'SimError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.detail = detail;
  }
}

/** Parses with a zod schema or refuses with `code` (400) and the first issue as the message. */
export function parseOr<T>(schema: z.ZodType<T>, value: unknown, code: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new SimError(code, 400, `${where}${issue?.message ?? 'invalid'}`);
}

/** Maps thrown errors to `{error, message}`; no stack or SQL text reaches a caller. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof SimError) {
      return reply.code(error.httpStatus).send({
        error: error.code,
        message: error.message,
        ...(error.detail === undefined ? {} : { code: error.detail }),
      });
    }
    const status = (error as Partial<FastifyError>).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ error: 'invalid_request', message: (error as Error).message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: 'internal', message: 'internal error' });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      // The provider API's error codes have no not_found: an unknown endpoint is a bad request.
      error: request.url.startsWith('/provider/') ? 'invalid_request' : 'not_found',
      message: 'no such endpoint',
    }),
  );
}

/** Resolves after `ms`, or at once when `signal` aborts (shutdown releases held answers). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
