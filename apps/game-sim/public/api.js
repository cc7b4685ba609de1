// The play API of the simulator: every call names the play session in `x-play-session`, bodies
// are JSON, refusals come as 4xx {error, message}. Money fields are minor units as strings.

export class ApiError extends Error {
  /** code: the API's error; reason: its finer `code` (an engine's refusal, a wallet's error). */
  constructor(code, message, status, reason) {
    super(message || code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.reason = reason;
  }
}

let clockOffsetMs = 0;

/** The server's clock as far as the Date headers tell (events close on the server's time). */
export function serverNow() {
  return Date.now() + clockOffsetMs;
}

function noteServerDate(response) {
  const header = response.headers.get('date');
  const serverMs = header ? Date.parse(header) : NaN;
  if (Number.isNaN(serverMs)) return;
  // Date headers have whole seconds: only correct clocks that are clearly off.
  const offset = serverMs + 500 - Date.now();
  clockOffsetMs = Math.abs(offset) > 1500 ? offset : 0;
}

export function createApi(sessionId) {
  async function call(method, path, body, options = {}) {
    let response;
    try {
      response = await fetch(`/play/api${path}`, {
        method,
        headers: {
          'x-play-session': sessionId,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        keepalive: options.keepalive === true,
        cache: 'no-store',
      });
    } catch (error) {
      throw new ApiError('network', error instanceof Error ? error.message : 'network', 0);
    }
    noteServerDate(response);
    let data = null;
    const text = await response.text().catch(() => '');
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = null;
      }
    }
    if (!response.ok) {
      const code = data && typeof data.error === 'string' ? data.error : `http_${response.status}`;
      const message = data && typeof data.message === 'string' ? data.message : '';
      const reason = data && typeof data.code === 'string' ? data.code : undefined;
      throw new ApiError(code, message, response.status, reason);
    }
    return data;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body = {}, options) => call('POST', path, body, options),
  };
}
