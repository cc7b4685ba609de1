import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_CONFIG_PATH } from '@lobby/contracts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

describe('compressed answers', () => {
  it('sends a large JSON answer in brotli or gzip, as the client prefers', async () => {
    const plain = await harness.app.inject({ method: 'GET', url: SITE_CONFIG_PATH });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.byteLength).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await harness.app.inject({
      method: 'GET',
      url: SITE_CONFIG_PATH,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary'])).toMatch(/accept-encoding/i);
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await harness.app.inject({
      method: 'GET',
      url: SITE_CONFIG_PATH,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a small answer as it is: compressing it would cost more than it saves', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.byteLength).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
