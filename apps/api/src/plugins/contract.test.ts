import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorMessage } from '@lobby/i18n';
import { envelopeResponses, ok } from '../lib/envelope.ts';
import { createTestApp, form, type TestApp } from '../test/app.ts';

/** The browser contract of SPEC.md section 7 / DESIGN.md section 5, through inject(). */
let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({
    beforeReady(app) {
      const routes = app.withTypeProvider<ZodTypeProvider>();
      routes.post(
        '/api/test/echo',
        {
          schema: {
            body: z.object({ name: z.string().min(2).max(20), amount: z.coerce.number().int() }),
            response: envelopeResponses(z.object({ name: z.string(), amount: z.number() })),
          },
        },
        async (request) => ok(request.body),
      );
      routes.get(
        '/api/test/headers',
        { schema: { response: envelopeResponses(z.record(z.string(), z.unknown())) } },
        async (request) => ok({ ...request.client, language: request.language }),
      );
      routes.get('/api/test/crash', async () => {
        throw new Error('relation "secret_table" does not exist at SELECT password FROM x');
      });
      routes.post('/api/test/upload', async (request) => {
        const file = await request.file();
        if (!file) return ok({ bytes: 0 });
        const buffer = await file.toBuffer();
        return ok({ bytes: buffer.length, field: file.fieldname });
      });
    },
  });
});

afterAll(async () => {
  await harness.close();
});

describe('envelope', () => {
  it('answers success as {status:true, data}', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      ...form({ name: 'lobby', amount: '12' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, data: { name: 'lobby', amount: 12 } });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers invalid fields with the validation code, the fields, and a message', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      ...form({ name: 'x', amount: 'twelve' }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: false, data: 'validation' });
    expect(body.message).toBe(errorMessage('validation', 'zh-CN'));
    expect(body.fields.map((field: { path: string }) => field.path).sort()).toEqual([
      'amount',
      'name',
    ]);
  });

  it('answers a missing body with the validation code', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, data: 'validation' });
  });

  it('never shows a stack trace or SQL text: a crash is `internal`, logged in full', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: false,
      data: 'internal',
      message: errorMessage('internal', 'zh-CN'),
    });
    expect(response.body).not.toMatch(/secret_table|SELECT|at /);
    expect(harness.logText()).toContain('secret_table');
  });
});

describe('answers that are never HTML or a 5xx', () => {
  it.each([
    ['GET', '/api/nothing/here'],
    ['POST', '/api/f/v1/nothing'],
    ['DELETE', '/api/f/v1/site/config'],
    ['GET', '/admin/api/unknown'],
    ['GET', '/api'],
  ])('%s %s is a JSON not_found', async (method, url) => {
    const response = await harness.app.inject({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ status: false, data: 'not_found' });
  });

  it('a page path without a built web app is JSON too', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/home' });
    expect(response.json()).toMatchObject({ status: false, data: 'not_found' });
  });

  it.each([
    ['bad percent-encoding', 'name=%E0%A4%A&amount=1'],
    ['a lone percent sign', 'name=100%&amount=1'],
    ['bytes that are not UTF-8', 'name=%FF%FE&amount=1'],
    ['an empty field name', '=lobby&amount=1'],
    ['a prototype key', '__proto__=x&name=lobby&amount=1'],
  ])('a form body with %s is malformed_body', async (_label, payload) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, data: 'malformed_body' });
  });

  it.each([
    ['broken JSON', '{"name": "lobby",'],
    ['prototype poisoning', '{"name":"lobby","amount":1,"__proto__":{"admin":true}}'],
    ['constructor poisoning', '{"name":"lobby","amount":1,"constructor":{"prototype":{}}}'],
  ])('a JSON body with %s is malformed_body', async (_label, payload) => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, data: 'malformed_body' });
  });

  it('a 2 MB body is body_too_large', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: `name=${'a'.repeat(2 * 1024 * 1024)}&amount=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: false, data: 'body_too_large' });
  });

  it.each(['text/plain', 'text/xml', 'application/octet-stream', 'image/png'])(
    'content type %s is unsupported_media_type',
    async (contentType) => {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: 'name=lobby&amount=1',
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ status: false, data: 'unsupported_media_type' });
    },
  );

  it('accepts multipart uploads and refuses an oversized file', async () => {
    const boundary = '----lobbytest';
    const body = (content: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const small = await harness.app.inject({
      method: 'POST',
      url: '/api/test/upload',
      payload: body('hello'),
      headers,
    });
    expect(small.json()).toEqual({ status: true, data: { bytes: 5, field: 'file' } });
    const large = await harness.app.inject({
      method: 'POST',
      url: '/api/test/upload',
      payload: body('x'.repeat(6 * 1024 * 1024)),
      headers,
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ status: false, data: 'body_too_large' });
  });
});

describe('request headers', () => {
  it('reads d, device_no, t, site_code and responseType', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/test/headers',
      headers: {
        d: '24',
        device_no: 'web-ios-abc-def',
        t: 'tok',
        site_code: 'tianyu',
        responseType: 'json',
        lang: 'en',
      },
    });
    expect(response.json().data).toEqual({
      clientType: 24,
      deviceNo: 'web-ios-abc-def',
      token: 'tok',
      siteCode: 'tianyu',
      responseType: 'json',
      userAgent: 'lightMyRequest',
      language: 'en',
    });
  });

  it('treats a non-numeric d and over-long values as absent', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/test/headers',
      headers: { d: 'web', device_no: 'x'.repeat(600) },
    });
    expect(response.json().data).toMatchObject({ clientType: null, deviceNo: null });
  });

  it('treats values with control characters as absent, so none is stored', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/test/headers',
      headers: { device_no: 'web-\u0000-x', t: 'tok\u001b', 'user-agent': 'agent\u0000' },
    });
    expect(response.json().data).toMatchObject({ deviceNo: null, token: null, userAgent: null });
  });

  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['en', 'en'],
    ['en-US', 'en'],
  ] as const)('lang %s answers messages in %s', async (header, language) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/missing',
      headers: { lang: header },
    });
    expect(response.json().message).toBe(errorMessage('not_found', language));
  });

  it("falls back to the brand's language without a lang header", async () => {
    const english = await harness.app.inject({
      method: 'GET',
      url: '/api/missing',
      headers: { host: 'lumen.lobby.test' },
    });
    expect(english.json().message).toBe(errorMessage('not_found', 'en'));
    const traditional = await harness.app.inject({
      method: 'GET',
      url: '/api/missing',
      headers: { host: 'yuelan.lobby.test', lang: 'klingon' },
    });
    expect(traditional.json().message).toBe(errorMessage('not_found', 'zh-TW'));
  });
});

describe('response headers', () => {
  it('gives every answer a request id, and keeps a well-formed incoming one', async () => {
    const fresh = await harness.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await harness.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'edge-1234abcd' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-1234abcd');
    const replaced = await harness.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('forbids caching member API answers and sets the security headers', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/f/v1/site/config' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('health', () => {
  it('answers liveness and readiness', async () => {
    const live = await harness.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.json()).toMatchObject({
      status: true,
      data: { uptimeSeconds: expect.any(Number) },
    });
    const ready = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({
      status: true,
      data: {
        database: process.env.DATABASE_URL ? 'postgres' : 'embedded',
        cache: process.env.REDIS_URL ? 'redis' : 'memory',
      },
    });
  });

  it('answers the probes whatever brand a request names, where a site call is refused', async () => {
    // As on a database with no brand yet: no brand resolves for the request.
    const headers = { site_code: 'no-such-brand' };
    const live = await harness.app.inject({ method: 'GET', url: '/healthz', headers });
    expect(live.statusCode).toBe(200);
    const ready = await harness.app.inject({ method: 'GET', url: '/readyz?x=1', headers });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: true });
    const site = await harness.app.inject({ method: 'GET', url: '/api/f/v1/site/config', headers });
    expect(site.statusCode).toBe(400);
    expect(site.json()).toMatchObject({ status: false, data: 'unknown_site' });
  });

  it('is not ready while shutting down', async () => {
    harness.app.isShuttingDown = true;
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: false, data: 'unavailable' });
    } finally {
      harness.app.isShuttingDown = false;
    }
  });
});

describe('OpenAPI', () => {
  it('documents the routes from their zod schemas', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/f/v1/site/config', '/api/f/v1/client/errors', '/readyz']),
    );
    const report = document.paths['/api/f/v1/client/errors'].post;
    expect(Object.keys(report.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(report.responses['200']).toBeDefined();
  });

  it('serves a docs page', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('logs', () => {
  it('carry request ids and never tokens, passwords or codes', async () => {
    const secrets = ['tok-SECRET-1', 'pw-SECRET-2', 'code-SECRET-3'];
    await harness.app.inject({
      method: 'POST',
      url: `/api/test/echo?t=${secrets[0]}&code=${secrets[2]}`,
      ...form({ name: 'lobby', amount: '1', password: secrets[1] ?? '' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        t: secrets[0] ?? '',
        authorization: `Bearer ${secrets[0]}`,
      },
    });
    const text = harness.logText();
    for (const secret of secrets) expect(text).not.toContain(secret);
    const lines = harness.logs.filter((line) => line.msg === 'incoming request');
    expect(lines.at(-1)).toMatchObject({
      reqId: expect.any(String),
      req: { url: '/api/test/echo?t=[redacted]&code=[redacted]' },
    });
  });
});
