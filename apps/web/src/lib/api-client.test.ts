import { HTTP_TIMEOUT_MS, languageSchema, type Language } from '@lobby/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from './api-client.ts';
import { createI18n } from '@lobby/i18n';
import { ApiError, errorText, TransportError, type ClientTexts } from './api-errors.ts';
import { getToken, getVid, setToken } from './stored-values.ts';

type Respond = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function setup(respond: Respond = () => json({ status: true, data: 'ok' }), extra = {}) {
  const calls: { url: string; init: RequestInit; headers: Headers }[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init, headers: new Headers(init.headers) });
    return respond(url, init);
  });
  const onInvalidSession = vi.fn();
  const onTransportError = vi.fn();
  const options: ApiClientOptions = {
    getLanguage: () => 'zh-CN',
    getDeviceId: () => 'web--abc12345-def67890',
    onInvalidSession,
    onTransportError,
    fetchImpl: fetchImpl as unknown as typeof fetch,
    ...extra,
  };
  const client = createApiClient(options);
  return { client, calls, fetchImpl, onInvalidSession, onTransportError };
}

/** A fetch that never answers and rejects like the real one when its signal aborts. */
const hanging: Respond = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('request headers', () => {
  it('sends d, lang, device_no and responseType on every call, no token or site_code when unset', async () => {
    const { client, calls } = setup();
    await client.get('/api/findmed/v1/member/balance');
    const headers = calls[0]!.headers;
    expect(headers.get('d')).toBe('24');
    expect(headers.get('lang')).toBe('zh-CN');
    expect(headers.get('device_no')).toBe('web--abc12345-def67890');
    expect(headers.get('responseType')).toBe('json');
    expect(headers.has('t')).toBe(false);
    expect(headers.has('site_code')).toBe(false);
  });

  it('sends the stored token and the configured site code', async () => {
    setToken('tok-1');
    const { client, calls } = setup(undefined, { siteCode: 'brand7' });
    await client.post('/api/x');
    expect(calls[0]!.headers.get('t')).toBe('tok-1');
    expect(calls[0]!.headers.get('site_code')).toBe('brand7');
  });

  it('reads language and device id at call time', async () => {
    let language = 'zh-CN';
    const { client, calls } = setup(undefined, { getLanguage: () => language });
    await client.get('/a');
    language = 'en';
    await client.get('/a');
    expect(calls.map((call) => call.headers.get('lang'))).toEqual(['zh-CN', 'en']);
  });
});

describe('request shapes', () => {
  it('puts GET params in the query string, after the base url', async () => {
    const { client, calls } = setup(undefined, { baseUrl: 'https://api.example.com' });
    await client.get('/api/game/walletlist', { params: { show: 1, skip: null } });
    expect(calls[0]!.url).toBe('https://api.example.com/api/game/walletlist?show=1');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeNull();
  });

  it('form-encodes POST and PUT bodies', async () => {
    const { client, calls } = setup();
    await client.post('/api/f/v1/member/banks', { body: { withdraw_type: 1, ids: [1, 2] } });
    await client.put('/api/y', { body: new URLSearchParams({ a: 'b c' }) });
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('withdraw_type=1&ids=1&ids=2');
    expect(calls[0]!.headers.get('content-type')).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    expect(calls[1]!.init.method).toBe('PUT');
    expect(calls[1]!.init.body).toBe('a=b+c');
  });

  it('sends no body and no content type when a POST has no payload', async () => {
    const { client, calls } = setup();
    await client.post('/api/findmed/v1/promo/sign');
    expect(calls[0]!.init.body).toBeNull();
    expect(calls[0]!.headers.has('content-type')).toBe(false);
  });

  it('uploads multipart FormData and leaves the boundary to the browser', async () => {
    const { client, calls } = setup();
    const formData = new FormData();
    formData.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await client.upload('/api/f/v1/upload', formData);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe(formData);
    expect(calls[0]!.headers.has('content-type')).toBe(false);
  });
});

describe('answers', () => {
  it('resolves with data when status is true, whatever the schema-less type', async () => {
    const { client } = setup(() => json({ status: true, data: { balance: '12.50' } }));
    await expect(client.get('/b')).resolves.toEqual({ balance: '12.50' });
  });

  it('validates data with the schema', async () => {
    const { client } = setup(() => json({ status: true, data: 'zh-TW' }));
    const language: Language = await client.get('/l', { schema: languageSchema });
    expect(language).toBe('zh-TW');
  });

  it('rejects data that does not match the schema as an invalid response', async () => {
    const { client, onTransportError } = setup(() => json({ status: true, data: 'fr' }));
    const error = await failureOf(client.get('/l', { schema: languageSchema }));
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe('invalid-response');
    expect(onTransportError).toHaveBeenCalledWith(error);
  });

  it('rejects a failure envelope with an ApiError carrying code, message, status and fields', async () => {
    const { client, onTransportError, onInvalidSession } = setup(() =>
      json(
        {
          status: false,
          data: 'validation',
          message: '参数错误',
          fields: [{ path: 'amount', code: 'too_small' }],
        },
        400,
      ),
    );
    const error = await failureOf(client.post('/api/x', { body: { amount: '0' } }));
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).toBe('validation');
    expect(apiError.message).toBe('参数错误');
    expect(apiError.httpStatus).toBe(400);
    expect(apiError.fields).toEqual([{ path: 'amount', code: 'too_small' }]);
    expect(apiError.isInvalidSession).toBe(false);
    expect(onTransportError).not.toHaveBeenCalled();
    expect(onInvalidSession).not.toHaveBeenCalled();
  });

  it('reads a failure envelope on a 200 answer too, and ignores malformed fields', async () => {
    const { client } = setup(() =>
      json({ status: false, data: 'rate_limited', message: 'slow down', fields: 'x' }),
    );
    const error = (await failureOf(client.get('/x'))) as ApiError;
    expect(error.code).toBe('rate_limited');
    expect(error.httpStatus).toBe(200);
    expect(error.fields).toBeUndefined();
  });

  it('carries the wait of a temporary refusal, and ignores one that is not a positive number', async () => {
    const limited = setup(() =>
      json({ status: false, data: 'rate_limited', message: 'wait', retryAfterSeconds: 42 }, 429),
    );
    expect(((await failureOf(limited.client.get('/x'))) as ApiError).retryAfterSeconds).toBe(42);
    const odd = setup(() =>
      json({ status: false, data: 'rate_limited', message: 'wait', retryAfterSeconds: '9' }, 429),
    );
    expect(((await failureOf(odd.client.get('/x'))) as ApiError).retryAfterSeconds).toBeUndefined();
  });

  it('falls back to the localized text of the code when the server sent no message', async () => {
    const { client } = setup(() => json({ status: false, data: 'token', message: '' }, 401), {
      getLanguage: () => 'en',
    });
    const error = (await failureOf(client.get('/x'))) as ApiError;
    expect(error.message).toBe('Your session has ended. Please log in again.');
  });

  it('reads a failure without a string code as internal', async () => {
    const { client } = setup(() => json({ status: false, data: null, message: 'boom' }, 500));
    const error = (await failureOf(client.get('/x'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('internal');
    expect(error.message).toBe('boom');
  });
});

describe('session headers', () => {
  it('replaces the stored token when a response carries an id header', async () => {
    setToken('old');
    const { client, calls } = setup(() => json({ status: true, data: 1 }, 200, { id: 'new' }));
    await client.get('/a');
    expect(getToken()).toBe('new');
    await client.get('/a');
    expect(calls[0]!.headers.get('t')).toBe('old');
    expect(calls[1]!.headers.get('t')).toBe('new');
  });

  it('keeps the token when there is no id header', async () => {
    setToken('old');
    const { client } = setup();
    await client.get('/a');
    expect(getToken()).toBe('old');
  });

  it('stores the vid header', async () => {
    const { client } = setup(() => json({ status: true, data: 1 }, 200, { vid: 'v-42' }));
    await client.get('/a');
    expect(getVid()).toBe('v-42');
  });

  it('rotates the token on a failure answer too', async () => {
    const { client } = setup(() =>
      json({ status: false, data: 'validation', message: 'x' }, 400, { id: 'rotated' }),
    );
    await failureOf(client.get('/a'));
    expect(getToken()).toBe('rotated');
  });
});

describe('invalid session', () => {
  it('clears the token, calls onInvalidSession and rejects with the token code', async () => {
    setToken('expired');
    const { client, onInvalidSession, onTransportError } = setup(() =>
      json({ status: false, data: 'token', message: '登录已失效' }, 401),
    );
    const error = (await failureOf(client.get('/api/findmed/v1/member/token'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('token');
    expect(error.isInvalidSession).toBe(true);
    expect(getToken()).toBeNull();
    expect(onInvalidSession).toHaveBeenCalledTimes(1);
    expect(onTransportError).not.toHaveBeenCalled();
  });
});

describe('transport errors', () => {
  it.each([
    [400, 'bad-request'],
    [404, 'bad-request'],
    [499, 'bad-request'],
    [500, 'bad-response'],
    [502, 'bad-response'],
  ] as const)(
    '%i without an envelope: Request failed with status code N (%s)',
    async (status, kind) => {
      const { client, onTransportError } = setup(
        () => new Response('<html>oops</html>', { status }),
      );
      const error = (await failureOf(client.get('/x'))) as TransportError;
      expect(error).toBeInstanceOf(TransportError);
      expect(error.message).toBe(`Request failed with status code ${status}`);
      expect(error.kind).toBe(kind);
      expect(error.httpStatus).toBe(status);
      expect(onTransportError).toHaveBeenCalledWith(error);
    },
  );

  it('treats JSON that is not an envelope as no envelope', async () => {
    const { client } = setup(() => json({ status: 404, error: 'Not Found' }, 404));
    const error = (await failureOf(client.get('/x'))) as TransportError;
    expect(error.message).toBe('Request failed with status code 404');
  });

  it('rejects a 2xx answer without an envelope as an invalid response', async () => {
    const { client } = setup(() => new Response('<!doctype html>', { status: 200 }));
    const error = (await failureOf(client.get('/x'))) as TransportError;
    expect(error.kind).toBe('invalid-response');
    expect(error.httpStatus).toBe(200);
  });

  it('Network Error when fetch rejects', async () => {
    const { client, onTransportError } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await failureOf(client.get('/x'))) as TransportError;
    expect(error.message).toBe('Network Error');
    expect(error.kind).toBe('network');
    expect(error.httpStatus).toBeNull();
    expect((error.cause as Error).message).toBe('Failed to fetch');
    expect(onTransportError).toHaveBeenCalledWith(error);
  });

  it('Request aborted when the caller aborts in flight, not reported as a failure', async () => {
    const { client, onTransportError } = setup(hanging);
    const controller = new AbortController();
    const pending = failureOf(client.get('/x', { signal: controller.signal }));
    controller.abort();
    const error = (await pending) as TransportError;
    expect(error.message).toBe('Request aborted');
    expect(error.kind).toBe('aborted');
    expect(onTransportError).not.toHaveBeenCalled();
  });

  it('Request aborted without calling fetch when the signal is already aborted', async () => {
    const { client, fetchImpl } = setup();
    const error = (await failureOf(
      client.get('/x', { signal: AbortSignal.abort() }),
    )) as TransportError;
    expect(error.message).toBe('Request aborted');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('times out after HTTP_TIMEOUT_MS by default', async () => {
    vi.useFakeTimers();
    const { client, onTransportError } = setup(hanging);
    const pending = failureOf(client.get('/x'));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as TransportError;
    expect(error.message).toBe('timeout of 10000 ms exceeded');
    expect(error.kind).toBe('timeout');
    expect(onTransportError).toHaveBeenCalledWith(error);
  });

  it('uses the configured and the per-call timeout', async () => {
    vi.useFakeTimers();
    const { client } = setup(hanging, { timeoutMs: 2000 });
    const byClient = failureOf(client.get('/x'));
    const byCall = failureOf(client.get('/x', { timeoutMs: 50 }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(((await byCall) as Error).message).toBe('timeout of 50 ms exceeded');
    expect(((await byClient) as Error).message).toBe('timeout of 2000 ms exceeded');
  });

  it('times out while the body is still arriving', async () => {
    vi.useFakeTimers();
    const { client } = setup(
      (_url, init) =>
        ({
          status: 200,
          headers: new Headers(),
          text: () => hanging('', init),
        }) as unknown as Response,
      { timeoutMs: 100 },
    );
    const pending = failureOf(client.get('/x'));
    await vi.advanceTimersByTimeAsync(100);
    expect(((await pending) as Error).message).toBe('timeout of 100 ms exceeded');
  });

  it.each(['ftp://example.com', 'file:///etc', 'javascript:'])(
    'Unsupported protocol for %s, without calling fetch',
    async (baseUrl) => {
      const { client, fetchImpl, onTransportError } = setup(undefined, { baseUrl });
      const error = (await failureOf(client.get('/x'))) as TransportError;
      expect(error.message).toBe('Unsupported protocol');
      expect(error.kind).toBe('unsupported-protocol');
      expect(fetchImpl).not.toHaveBeenCalled();
      expect(onTransportError).toHaveBeenCalledWith(error);
    },
  );

  it('accepts http and https base urls', async () => {
    for (const baseUrl of ['http://a.example', 'https://a.example', '']) {
      const { client } = setup(undefined, { baseUrl });
      await expect(client.get('/x')).resolves.toBe('ok');
    }
  });

  it('uses the global fetch when none is given', async () => {
    const globalFetch = vi.fn(async () => json({ status: true, data: 7 }));
    vi.stubGlobal('fetch', globalFetch);
    try {
      const client = createApiClient({
        getLanguage: () => 'en',
        getDeviceId: () => 'd',
        onInvalidSession: () => {},
      });
      await expect(client.get('/x')).resolves.toBe(7);
      expect(globalFetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('errorText', () => {
  /** The `client` texts of a language, as the app's i18next instance gives them. */
  const texts = (language: Language): ClientTexts => {
    const translate = createI18n(language, ['client']).getFixedT(language, 'client');
    return (key, values) => translate(key, { ...values });
  };

  it('gives the localized transport text in each language', () => {
    const error = new TransportError('network', 'Network Error');
    expect(errorText(error, texts('zh-CN'))).toBe('网络连接失败，请检查网络后重试');
    expect(errorText(error, texts('zh-TW'))).toBe('網路連線失敗，請檢查網路後重試');
    expect(errorText(error, texts('en'))).toBe(
      'Network connection failed. Please check your connection and try again.',
    );
  });

  it('puts the HTTP status into the bad request and bad response texts', () => {
    const error = new TransportError('bad-response', 'Request failed with status code 502', {
      httpStatus: 502,
    });
    expect(errorText(error, texts('en'))).toBe('The server is busy (502). Please try again later.');
    expect(error.i18nKey).toBe('client:transport.badResponse');
    expect(error.i18nValues).toEqual({ status: 502 });
  });

  it("uses the server's message for an ApiError and a generic text otherwise", () => {
    expect(errorText(new ApiError('validation', '参数错误', 400), texts('en'))).toBe('参数错误');
    expect(errorText(new Error('x'), texts('zh-CN'))).toBe('操作失败，请稍后再试');
    expect(errorText('weird', texts('en'))).toBe('Something went wrong. Please try again later.');
  });
});
