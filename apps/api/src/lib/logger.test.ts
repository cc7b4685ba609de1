import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createLogger, redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it.each([
    [
      '/api/f/v1/upload/1?expires=1700000000&signature=abc',
      '/api/f/v1/upload/1?expires=1700000000&signature=[redacted]',
    ],
    ['/x?sign=abc&a=1', '/x?sign=[redacted]&a=1'],
    ['/x?Signature=abc', '/x?Signature=[redacted]'],
    ['/x?sig=abc', '/x?sig=[redacted]'],
    ['/x?X-Amz-Signature=abc', '/x?X-Amz-Signature=[redacted]'],
    ['/x?ticket=abc&guestToken=def', '/x?ticket=[redacted]&guestToken=[redacted]'],
    ['/x?t=tok&code=123456', '/x?t=[redacted]&code=[redacted]'],
    ['/x?page=2&status=open', '/x?page=2&status=open'],
    ['/x', '/x'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('a logger given fields (the trace ids, with tracing on)', () => {
  it('adds them to every line, child loggers included, and still redacts', () => {
    const lines: string[] = [];
    const destination: DestinationStream = { write: (line: string) => void lines.push(line) };
    let span = 0;
    const logger = createLogger('info', destination, () => ({ trace_id: `trace-${++span}` }));
    logger.info({ body: { password: 'hunter22' } }, 'one');
    logger.child({ reqId: 'r1' }).warn('two');
    const [one, two] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(one).toMatchObject({
      trace_id: 'trace-1',
      body: { password: '[redacted]' },
      msg: 'one',
    });
    expect(two).toMatchObject({ trace_id: 'trace-2', reqId: 'r1', msg: 'two' });
    expect(two).not.toHaveProperty('body');
  });
});

describe('the access log', () => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await createTestApp();
  }, 60_000);

  afterAll(async () => {
    await harness.close();
  });

  it('never holds the signature of a private image address', async () => {
    const signature = 'Zm9vYmFyc2VjcmV0c2lnbmF0dXJlX3ZhbHVl';
    await harness.app.inject({
      method: 'GET',
      url: `/api/f/v1/upload/0123456789abcdef0123456789abcdef?expires=4102444800&signature=${signature}`,
    });
    const text = harness.logText();
    expect(text).toContain('signature=[redacted]');
    expect(text).not.toContain(signature);
  });
});
