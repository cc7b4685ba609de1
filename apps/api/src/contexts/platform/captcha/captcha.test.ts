import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { openCache, type Cache } from '../../../cache/index.ts';
import { MemoryCache } from '../../../cache/memory-cache.ts';
import { AppError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { RATE_LIMITS } from '../../../plugins/rate-limit.ts';
import { createTestApp, form, type TestApp } from '../../../test/app.ts';

const CAPTCHAS_PER_MINUTE_PER_IP = RATE_LIMITS.captcha.ip;
const CAPTCHAS_PER_MINUTE_PER_DEVICE = RATE_LIMITS.captcha.device;
import {
  CAPTCHA_CHARACTERS,
  CAPTCHA_TTL_MS,
  CaptchaService,
  captchaTestCode,
} from './captcha.service.ts';

let harness: TestApp;
/**
 * The cache of the service-level tests' own CaptchaService (Redis when REDIS_URL is set); the
 * app's captcha route (registered by buildApp) keeps its answers in harness.cache.
 */
let cache: Cache;
let captchas: CaptchaService;

beforeAll(async () => {
  cache = await openCache(process.env.REDIS_URL, `test:captcha:${randomUUID()}:`);
  captchas = new CaptchaService({ cache });
  harness = await createTestApp({
    // The production allowances, which these tests check.
    rateLimits: { multiplier: 1 },
    async beforeReady(app) {
      // A stand-in for a form that asks for a captcha, to see the failure envelope.
      app.withTypeProvider<ZodTypeProvider>().post(
        '/api/test/captcha-check',
        {
          schema: {
            body: z.object({ key: z.string(), code: z.string() }),
            response: envelopeResponses(z.object({ passed: z.boolean() })),
          },
        },
        async (request) => {
          await captchas.verify(request.body.key, request.body.code);
          return ok({ passed: true });
        },
      );
    },
  });
});
afterAll(async () => {
  await harness.close();
  await cache.close();
});

function fetchCaptcha(headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') {
  return harness.app.inject({
    method: 'GET',
    url: '/api/f/v1/captcha',
    headers: { device_no: randomUUID(), ...headers },
    remoteAddress,
  });
}

async function newCaptcha(): Promise<{ key: string; text: string }> {
  const { key } = await captchas.create();
  const text = await cache.get(`captcha:${key}`);
  if (text === null) throw new Error('captcha not stored');
  return { key, text };
}

async function verifyCode(service: CaptchaService, key: string, code: string) {
  try {
    await service.verify(key, code);
    return 'passed';
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).httpStatus).toBe(400);
    return (error as AppError).code;
  }
}

describe('GET /api/f/v1/captcha', () => {
  it('answers a key and an SVG picture, and keeps the answer for five minutes', async () => {
    const response = await fetchCaptcha();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { status, data } = response.json<{
      status: boolean;
      data: { key: string; img: string };
    }>();
    expect(status).toBe(true);
    expect(data.key).toMatch(/^[0-9a-f]{32}$/);
    expect(data.img).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    const svg = Buffer.from(data.img.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Noise lines, and coloured strokes rather than grey ones.
    expect(svg).toMatch(/fill="none"/);
    const text = await harness.cache.get(`captcha:${data.key}`);
    expect(text).toMatch(/^[a-z0-9]{4}$/);
    // The answer is drawn, never written into the picture.
    expect(svg).not.toContain(`>${text}<`);
    for (const character of text ?? '') {
      expect(CAPTCHA_CHARACTERS.toLowerCase()).toContain(character);
    }
    const ttl = await harness.cache.ttlMs(`captcha:${data.key}`);
    expect(ttl).toBeGreaterThan(CAPTCHA_TTL_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(CAPTCHA_TTL_MS);
    // Any node sharing the cache can check the answer, once.
    const checker = new CaptchaService({ cache: harness.cache });
    expect(await verifyCode(checker, data.key, text ?? '')).toBe('passed');
    expect(await verifyCode(checker, data.key, text ?? '')).toBe('captcha_wrong');
  });

  it('never offers confusable characters', () => {
    for (const character of '0Oo1IilL9gq') expect(CAPTCHA_CHARACTERS).not.toContain(character);
  });

  it('gives a different key each time', async () => {
    const keys = new Set<string>();
    for (let index = 0; index < 5; index++) {
      keys.add((await fetchCaptcha({}, '10.0.0.2')).json<{ data: { key: string } }>().data.key);
    }
    expect(keys.size).toBe(5);
  });

  it(`allows ${CAPTCHAS_PER_MINUTE_PER_DEVICE} a minute per device, then rate_limited`, async () => {
    const device = randomUUID();
    for (let index = 0; index < CAPTCHAS_PER_MINUTE_PER_DEVICE; index++) {
      const address = `10.1.0.${index + 1}`;
      expect((await fetchCaptcha({ device_no: device }, address)).statusCode).toBe(200);
    }
    const refused = await fetchCaptcha({ device_no: device }, '10.1.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: false, data: 'rate_limited' });
    expect((await fetchCaptcha({}, '10.1.1.1')).statusCode).toBe(200);
  });

  it(`allows ${CAPTCHAS_PER_MINUTE_PER_IP} a minute per address, then rate_limited`, async () => {
    for (let index = 0; index < CAPTCHAS_PER_MINUTE_PER_IP; index++) {
      expect((await fetchCaptcha({}, '10.2.0.1')).statusCode).toBe(200);
    }
    const refused = await fetchCaptcha({}, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: false, data: 'rate_limited' });
    // The wait until the window ends, in the envelope and in Retry-After.
    const wait = refused.json<{ retryAfterSeconds: number }>().retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(wait));
    expect((await fetchCaptcha({}, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('CaptchaService.verify', () => {
  it('accepts the answer in any case, once', async () => {
    const { key, text } = await newCaptcha();
    expect(await verifyCode(captchas, key, ` ${text.toUpperCase()} `)).toBe('passed');
    expect(await verifyCode(captchas, key, text)).toBe('captcha_wrong');
  });

  it('uses the captcha up on a wrong answer too', async () => {
    const { key, text } = await newCaptcha();
    expect(await verifyCode(captchas, key, 'zzzzz')).toBe('captcha_wrong');
    expect(await verifyCode(captchas, key, text)).toBe('captcha_wrong');
  });

  it('refuses unknown and malformed keys', async () => {
    expect(await verifyCode(captchas, 'a'.repeat(32), 'abcd')).toBe('captcha_wrong');
    expect(await verifyCode(captchas, 'not-a-key', 'abcd')).toBe('captcha_wrong');
    expect(await verifyCode(captchas, '', '')).toBe('captcha_wrong');
  });

  it('refuses an expired captcha', async () => {
    let now = 1_000_000;
    const clockedCache = new MemoryCache({ now: () => now });
    const service = new CaptchaService({ cache: clockedCache });
    const { key } = await service.create();
    const text = (await clockedCache.get(`captcha:${key}`)) ?? '';
    now += CAPTCHA_TTL_MS + 1;
    expect(await verifyCode(service, key, text)).toBe('captcha_wrong');
    await clockedCache.close();
  });

  it('answers captcha_wrong in the envelope, in the request language', async () => {
    const { key } = await newCaptcha();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test/captcha-check',
      ...form({ key, code: 'nope' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      data: 'captcha_wrong',
      message: '验证码错误',
    });
  });

  it('with a test code, lets any existing captcha pass with it, once', async () => {
    const service = new CaptchaService({ cache: cache, testCode: 'Lobby' });
    const { key } = await service.create();
    expect(await verifyCode(service, key, 'LOBBY')).toBe('passed');
    expect(await verifyCode(service, key, 'lobby')).toBe('captcha_wrong');
    expect(await verifyCode(service, randomUUID().replaceAll('-', ''), 'lobby')).toBe(
      'captcha_wrong',
    );
    // The real answer still works.
    const second = await service.create();
    const text = (await cache.get(`captcha:${second.key}`)) ?? '';
    expect(await verifyCode(service, second.key, text)).toBe('passed');
  });
});

describe('captchaTestCode', () => {
  it('reads CAPTCHA_TEST_CODE outside production only', () => {
    expect(captchaTestCode({ NODE_ENV: 'development', CAPTCHA_TEST_CODE: 'Abcd' })).toBe('abcd');
    expect(captchaTestCode({ NODE_ENV: 'test', CAPTCHA_TEST_CODE: 'abcd' })).toBe('abcd');
    expect(captchaTestCode({ CAPTCHA_TEST_CODE: 'abcd' })).toBe('abcd');
    expect(captchaTestCode({ NODE_ENV: 'production', CAPTCHA_TEST_CODE: 'abcd' })).toBeUndefined();
    expect(captchaTestCode({ NODE_ENV: 'development' })).toBeUndefined();
    expect(captchaTestCode({ NODE_ENV: 'development', CAPTCHA_TEST_CODE: '  ' })).toBeUndefined();
  });
});
