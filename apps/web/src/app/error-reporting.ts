import { CLIENT_ERRORS_PATH } from '@lobby/contracts';
import type { ApiClient } from '../lib/api-client.ts';

/** At most this many reports leave one page load, so an error in a loop cannot flood the API. */
export const MAX_REPORTS_PER_PAGE = 10;

type ErrorTarget = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: { pathname: string };
};

/**
 * Sends the browser's uncaught errors and unhandled rejections to the operators' log
 * (POST /api/f/v1/client/errors), once per distinct message, and never lets reporting itself
 * raise another error. Returns a function that stops reporting.
 */
export function reportUncaughtErrors(
  api: Pick<ApiClient, 'post'>,
  target: ErrorTarget = window,
  release?: string,
): () => void {
  const sent = new Set<string>();
  const send = (
    message: string,
    details: { source?: string; line?: number; column?: number; stack?: string },
  ) => {
    const text = message.trim().slice(0, 2_000);
    if (text === '' || sent.has(text) || sent.size >= MAX_REPORTS_PER_PAGE) return;
    sent.add(text);
    const body: Record<string, string | number> = {
      message: text,
      route: target.location.pathname,
    };
    if (details.source) body.source = details.source.slice(0, 500);
    if (details.line !== undefined) body.line = details.line;
    if (details.column !== undefined) body.column = details.column;
    if (details.stack) body.stack = details.stack.slice(0, 8_000);
    if (release) body.release = release.slice(0, 64);
    api.post(CLIENT_ERRORS_PATH, { body }).catch(() => {
      // Reporting is best effort: a failed report must not become a new error.
    });
  };
  const onError = (event: ErrorEvent) => {
    const error: unknown = event.error;
    send(event.message || String(error), {
      source: event.filename || undefined,
      line: event.lineno || undefined,
      column: event.colno || undefined,
      stack: error instanceof Error ? error.stack : undefined,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    send(reason instanceof Error ? reason.message : String(reason), {
      stack: reason instanceof Error ? reason.stack : undefined,
    });
  };
  target.addEventListener('error', onError as EventListener);
  target.addEventListener('unhandledrejection', onRejection as EventListener);
  return () => {
    target.removeEventListener('error', onError as EventListener);
    target.removeEventListener('unhandledrejection', onRejection as EventListener);
  };
}
