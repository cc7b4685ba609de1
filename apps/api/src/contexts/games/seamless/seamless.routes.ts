import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SEAMLESS_OPERATIONS,
  seamlessErrorResponse,
  seamlessOkResponse,
  type SeamlessErrorCode,
  type SeamlessErrorResponse,
} from '@lobby/game-protocol';
import { AppError } from '../../../lib/app-error.ts';
import { SEAMLESS_ERRORS } from './seamless.errors.ts';
import type { SeamlessService } from './seamless.service.ts';

/** A callback body is a few hundred bytes; anything near this is not one. */
export const SEAMLESS_BODY_LIMIT_BYTES = 16 * 1024;

const paramsSchema = z.object({
  platformId: z.string().regex(/^[1-9][0-9]{0,5}$/),
  operation: z.enum(SEAMLESS_OPERATIONS),
});

function isSeamlessCode(code: string): code is SeamlessErrorCode {
  return Object.hasOwn(SEAMLESS_ERRORS, code);
}

function refusal(error: SeamlessErrorCode, balanceMinor?: string): SeamlessErrorResponse {
  return balanceMinor === undefined
    ? { status: 'error', error }
    : { status: 'error', error, balanceMinor };
}

export type SeamlessRouteOptions = {
  seamless: SeamlessService;
  /**
   * Told of every answer (the node's metrics): the operation ('unknown' when the path names
   * none) and the outcome: ok, the refusal's code, or internal.
   */
  answered?: (answer: { operation: string; outcome: string }) => void;
};

/**
 * The seamless-wallet callbacks of the platforms (register with prefix SEAMLESS_PATH_PREFIX):
 * `POST /{platformId}/{balance|debit|credit|rollback}`. Not a member route: no session, no form
 * bodies; the platform's signature over the exact body text is the only credential, so this
 * scope reads JSON bodies as raw text and the service verifies before it parses. Answers are the
 * protocol's (200 ok, 4xx final refusal, 5xx retry later), never the member envelope.
 */
export async function seamlessRoutes(app: FastifyInstance, options: SeamlessRouteOptions) {
  const answered = (request: FastifyRequest, outcome: string) => {
    const params = request.params as { operation?: unknown } | undefined;
    const operation = SEAMLESS_OPERATIONS.find((known) => known === params?.operation);
    options.answered?.({ operation: operation ?? 'unknown', outcome });
  };
  // Only in this scope: the member contract's parsers (forms, multipart, JSON) stay as they are.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: SEAMLESS_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError && isSeamlessCode(error.code)) {
      request.log.info({ seamlessError: error.code }, 'seamless callback refused');
      answered(request, error.code);
      const balance = error.params?.balanceMinor;
      return reply
        .code(error.httpStatus)
        .send(refusal(error.code, balance === undefined ? undefined : String(balance)));
    }
    // The path names no operation: the same as an unknown path under the prefix.
    if (hasZodFastifySchemaValidationErrors(error)) {
      answered(request, 'invalid_request');
      return reply.code(404).send(refusal('invalid_request'));
    }
    // Wrong content type, oversized or unreadable body: refused before anything happened.
    const status =
      error instanceof AppError ? error.httpStatus : (error as Partial<FastifyError>).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      request.log.info({ reason: (error as Error).message, status }, 'seamless callback refused');
      answered(request, 'invalid_request');
      return reply.code(status).send(refusal('invalid_request'));
    }
    // Not a final answer: the platform retries the same call later, and repeats are safe.
    request.log.error({ err: error }, 'seamless callback failed');
    answered(request, 'internal');
    return reply.code(500).send({ status: 'error', error: 'internal' });
  });

  app.setNotFoundHandler(async (request, reply) => {
    answered(request, 'invalid_request');
    return reply.code(404).send(refusal('invalid_request'));
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/:platformId/:operation',
    {
      schema: {
        tags: ['seamless'],
        summary:
          'Seamless-wallet callback of a game platform (signed JSON; repeats answer the first outcome)',
        params: paramsSchema,
        response: {
          200: seamlessOkResponse,
          '4xx': seamlessErrorResponse,
          // Not a final answer: the platform retries later.
          '5xx': z.object({ status: z.literal('error'), error: z.literal('internal') }),
        },
      },
    },
    async (request) => {
      const answer = await options.seamless.handle({
        platformId: Number(request.params.platformId),
        operation: request.params.operation,
        pathAndQuery: request.url,
        headers: request.headers,
        body: typeof request.body === 'string' ? request.body : '',
      });
      answered(request, 'ok');
      return answer;
    },
  );
}
