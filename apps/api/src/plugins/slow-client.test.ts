import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTimeouts } from '../app.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

/**
 * A client that sends its headers and then its body one byte at a time must not hold a
 * connection open: the whole request has to arrive within the request timeout (1 s here,
 * 60 s by default), or the server answers 408 and closes.
 */
let harness: TestApp;
let port: number;

beforeAll(async () => {
  harness = await createTestApp({ requestTimeoutMs: 1_000 });
  await harness.app.listen({ host: '127.0.0.1', port: 0 });
  port = (harness.app.server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await harness.close();
});

/** Sends `head`, then one byte every `everyMs`; resolves with what came back when it closed. */
function trickle(head: string, everyMs: number, maxBytes: number) {
  return new Promise<{ closedAfterMs: number; answer: string; bytesSent: number }>((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        // Bounded: never more than maxBytes, whatever the server does.
        if (bytesSent >= maxBytes || socket.destroyed) return;
        bytesSent += 1;
        socket.write('a');
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer, bytesSent });
    });
  });
}

describe('slow clients', () => {
  it('cuts a body that trickles in, within a bounded time', async () => {
    const head =
      'POST /api/f/v1/member/login/mpe HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n';
    const result = await trickle(head, 100, 100);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    // 1 s for the request, checked every 250 ms: cut well before the 100 bytes (10 s) are sent.
    expect(result.bytesSent).toBeLessThan(100);
    expect(result.closedAfterMs).toBeLessThan(5_000);
  }, 20_000);

  it('cuts headers that never end', async () => {
    const result = await trickle('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 100, 100);
    expect(result.bytesSent).toBeLessThan(100);
    expect(result.closedAfterMs).toBeLessThan(5_000);
  }, 20_000);

  it('keeps a timely request working', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });

  it('derives the header timeout and the checking interval from the request timeout', () => {
    expect(requestTimeouts()).toEqual({
      requestTimeout: 60_000,
      http: { headersTimeout: 20_000, connectionsCheckingInterval: 5_000 },
    });
    expect(requestTimeouts(1_000).http.headersTimeout).toBeLessThanOrEqual(1_000);
  });
});
