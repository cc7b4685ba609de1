import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DEFAULT_LANGUAGE,
  normalizeLanguage,
  REQUEST_HEADERS,
  type COMMON_ERRORS,
  type FailureEnvelope,
  type FieldIssue,
} from '@lobby/contracts';
import { errorMessage } from '@lobby/i18n';
import { AppError, commonError } from '../lib/app-error.ts';
import { isApiPath } from './paths.ts';

/** Fastify's own error codes, mapped to ours. */
const FASTIFY_CODES: Record<string, keyof typeof COMMON_ERRORS> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_REQ_FILE_TOO_LARGE: 'body_too_large',
  FST_FILES_LIMIT: 'body_too_large',
  FST_FIELDS_LIMIT: 'body_too_large',
  FST_PARTS_LIMIT: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'malformed_body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_body',
  FST_PROTO_VIOLATION: 'malformed_body',
  FST_ERR_CTP_EMPTY_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported_media_type',
  FST_ERR_BAD_URL: 'malformed_url',
  FST_ERR_MAX_PARAM_LENGTH: 'url_too_long',
};

function fieldIssues(error: FastifyError): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    code: issue.keyword,
  }));
}

/** Maps anything thrown to an AppError; unknown errors become `internal`. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return commonError('validation', fieldIssues(error));
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return commonError(mapped);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return commonError('malformed_body');
  }
  const status = fastifyError.statusCode;
  if (status === 413) return commonError('body_too_large');
  if (status === 415) return commonError('unsupported_media_type');
  if (status === 429) return commonError('rate_limited');
  if (status === 404) return commonError('not_found');
  if (status !== undefined && status >= 400 && status < 500) return commonError('malformed_body');
  return commonError('internal');
}

export function failureEnvelope(request: FastifyRequest, error: AppError): FailureEnvelope {
  const envelope: FailureEnvelope = {
    status: false,
    data: error.code,
    message: errorMessage(error.code, request.language, {
      ...(error.retryAfterSeconds === undefined
        ? {}
        : {
            seconds: error.retryAfterSeconds,
            minutes: Math.ceil(error.retryAfterSeconds / 60),
          }),
      ...error.params,
    }),
  };
  if (error.fields && error.fields.length > 0) envelope.fields = error.fields;
  if (error.retryAfterSeconds !== undefined) envelope.retryAfterSeconds = error.retryAfterSeconds;
  return envelope;
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply
    .code(error.httpStatus)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(failureEnvelope(request, error));
}

/**
 * Errors the router meets before a request reaches any route or hook (a bad percent-escape, an
 * over-long path parameter): the envelope like every other failure. No hook has run, so the
 * language comes from the `lang` header alone.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const lang = request.headers[REQUEST_HEADERS.lang];
  request.language = normalizeLanguage(typeof lang === 'string' ? lang : null) ?? DEFAULT_LANGUAGE;
  const appError = toAppError(error);
  request.log.info({ code: appError.code, reason: error.message }, 'request refused');
  void sendFailure(request, reply, appError);
}

/**
 * Every failure answers the envelope `{status:false, data:<code>, message}` with the code's HTTP
 * status: validation, unknown routes, malformed, oversized and wrongly typed bodies alike. No
 * stack trace or SQL text ever reaches the client; programmer errors are logged in full.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const appError = toAppError(error);
      if (appError.httpStatus >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else if (!(error instanceof AppError)) {
        request.log.info(
          { code: appError.code, reason: (error as Error).message },
          'request refused',
        );
      }
      return sendFailure(request, reply, appError);
    });

    app.setNotFoundHandler(async (request, reply) => {
      // Page paths are the web app's (see web plugin); everything else is a JSON not_found.
      if (!isApiPath(request.url) && app.hasDecorator('serveWebPage') && request.method === 'GET') {
        return app.serveWebPage(request, reply);
      }
      return sendFailure(request, reply, commonError('not_found'));
    });
  },
  { name: 'errors', dependencies: ['request-context'] },
);
