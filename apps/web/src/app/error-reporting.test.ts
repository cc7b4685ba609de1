import { describe, expect, it, vi } from 'vitest';
import { MAX_REPORTS_PER_PAGE, reportUncaughtErrors } from './error-reporting.ts';

function setup() {
  const post = vi.fn(async () => ({ accepted: true }));
  const target = new EventTarget() as EventTarget & { location: { pathname: string } };
  target.location = { pathname: '/finance/deposit' };
  const stop = reportUncaughtErrors({ post } as never, target as never, 'build-7');
  return { post, target, stop };
}

describe('reportUncaughtErrors', () => {
  it('reports an uncaught error with where it happened', () => {
    const { post, target } = setup();
    const error = new Error('boom');
    target.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught Error: boom',
        error,
        filename: '/assets/a.js',
        lineno: 3,
        colno: 9,
      }),
    );
    expect(post).toHaveBeenCalledWith('/api/f/v1/client/errors', {
      body: {
        message: 'Uncaught Error: boom',
        route: '/finance/deposit',
        source: '/assets/a.js',
        line: 3,
        column: 9,
        stack: error.stack,
        release: 'build-7',
      },
    });
  });

  it('reports unhandled rejections, each distinct message once, at most the cap per page', () => {
    const { post, target } = setup();
    const reject = (reason: unknown) => {
      const event = new Event('unhandledrejection') as Event & { reason: unknown };
      event.reason = reason;
      target.dispatchEvent(event);
    };
    reject(new Error('same'));
    reject(new Error('same'));
    expect(post).toHaveBeenCalledTimes(1);
    for (let index = 0; index < MAX_REPORTS_PER_PAGE + 5; index++) reject(`reason ${index}`);
    expect(post).toHaveBeenCalledTimes(MAX_REPORTS_PER_PAGE);
  });

  it('survives a failing report and stops when asked', async () => {
    const { post, target, stop } = setup();
    post.mockRejectedValueOnce(new Error('offline'));
    target.dispatchEvent(new ErrorEvent('error', { message: 'first' }));
    await Promise.resolve();
    stop();
    target.dispatchEvent(new ErrorEvent('error', { message: 'second' }));
    expect(post).toHaveBeenCalledTimes(1);
  });
});
