import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_REPORTS_PER_MINUTE } from '@lobby/contracts';
import { createTestApp, form, type TestApp } from '../../../test/app.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ rateLimits: { multiplier: 1 } });
});
afterAll(async () => {
  await harness.close();
});

const reports = () => harness.logs.filter((line) => line.msg === 'browser error reported');

function report(fields: Record<string, string>, deviceNo = randomUUID()) {
  const body = form(fields);
  return harness.app.inject({
    method: 'POST',
    url: '/api/f/v1/client/errors',
    payload: body.payload,
    headers: { ...body.headers, device_no: deviceNo, 'user-agent': 'test-browser' },
  });
}

describe('POST /api/f/v1/client/errors', () => {
  it('logs a browser error with its brand, route and user agent', async () => {
    const before = reports().length;
    const response = await report({
      message: 'TypeError: x is undefined',
      source: '/assets/index-abc.js',
      line: '12',
      column: '4',
      route: '/finance/deposit?t=leaked-token',
      release: 'build-1',
    });
    expect(response.json()).toEqual({ status: true, data: { accepted: true } });
    const logged = reports().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.clientError).toMatchObject({
      message: 'TypeError: x is undefined',
      line: 12,
      column: 4,
      brand: 'jinsheng',
      userAgent: 'test-browser',
      route: '/finance/deposit?t=[redacted]',
    });
    expect(harness.logText()).not.toContain('leaked-token');
  });

  it.each([
    ['no message', {}],
    ['a blank message', { message: '   ' }],
    ['a huge message', { message: 'x'.repeat(2_001) }],
    ['a line that is not a number', { message: 'boom', line: 'twelve' }],
    ['a negative column', { message: 'boom', column: '-1' }],
  ])('refuses %s with validation and logs nothing', async (_label, fields) => {
    const before = reports().length;
    const response = await report(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, data: 'validation' });
    expect(reports()).toHaveLength(before);
  });

  it('refuses a wrong content type and logs nothing', async () => {
    const before = reports().length;
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/f/v1/client/errors',
      payload: '<error>boom</error>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.json()).toMatchObject({ status: false, data: 'unsupported_media_type' });
    expect(reports()).toHaveLength(before);
  });

  it(`accepts ${CLIENT_ERROR_REPORTS_PER_MINUTE} reports a minute from one device, then rate_limited`, async () => {
    const device = randomUUID();
    for (let index = 0; index < CLIENT_ERROR_REPORTS_PER_MINUTE; index++) {
      expect((await report({ message: `error ${index}` }, device)).statusCode).toBe(200);
    }
    const before = reports().length;
    const refused = await report({ message: 'one too many' }, device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: false, data: 'rate_limited' });
    expect(reports()).toHaveLength(before);
    // Another device is not affected.
    expect((await report({ message: 'other device' })).statusCode).toBe(200);
  });
});
