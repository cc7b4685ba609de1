import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { commonError } from '../lib/app-error.ts';

/** Largest body of a form or JSON call. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Largest file of a multipart upload. */
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
const MAX_FORM_FIELDS = 200;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function decodeFormComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    // Bad percent-encoding or bytes that are not UTF-8.
    throw commonError('malformed_body');
  }
}

/**
 * Parses an application/x-www-form-urlencoded body strictly: malformed percent-encoding, empty
 * names and prototype keys are refused rather than guessed at. A repeated name gives an array.
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  if (text === '') return fields;
  const pairs = text.split('&').filter((pair) => pair !== '');
  if (pairs.length > MAX_FORM_FIELDS) throw commonError('body_too_large');
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    const name = decodeFormComponent(separator === -1 ? pair : pair.slice(0, separator));
    const value = decodeFormComponent(separator === -1 ? '' : pair.slice(separator + 1));
    if (name === '' || FORBIDDEN_KEYS.has(name)) throw commonError('malformed_body');
    const existing = fields[name];
    if (existing === undefined) fields[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else fields[name] = [existing, value];
  }
  return fields;
}

/**
 * Request bodies of the browser contract: form-urlencoded by default, multipart for uploads,
 * and JSON (operator API). Any other content type is refused with `unsupported_media_type`.
 */
export const bodiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => {
        try {
          done(null, parseFormBody(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    await app.register(multipart, {
      limits: {
        fileSize: UPLOAD_LIMIT_BYTES,
        files: 1,
        fields: 50,
        fieldSize: 64 * 1024,
        parts: 51,
      },
      throwFileSizeLimit: true,
    });
  },
  { name: 'bodies' },
);
