import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { form } from './app.ts';

/** What a browser does with a password: RSA-OAEP SHA-256 with the served key, base64. */
export function encryptFor(publicKeyPem: string, text: string): string {
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(text),
  ).toString('base64');
}

export async function publicKeyOf(app: FastifyInstance, host?: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/f/v1/member/preInfo',
    headers: host ? { host } : {},
  });
  return response.json<{ data: { publicKey: string } }>().data.publicKey;
}

/** A username no other test uses: letters and digits, starting with a letter. */
export function uniqueUsername(prefix = 'u'): string {
  // USERNAME_RULE allows 16 characters: 5 of prefix and 10 random.
  return `${prefix.slice(0, 5)}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

/** Posts a form, with optional headers, and returns status, envelope and headers. */
export async function post(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const body = form(fields);
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{
      status: boolean;
      data: unknown;
      message?: string;
      retryAfterSeconds?: number;
      fields?: { path: string }[];
    }>(),
    headers: response.headers,
  };
}

export async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: unknown; message?: string }>(),
    headers: response.headers,
  };
}
