import { describe, expect, it, vi } from 'vitest';
import {
  adminApprovalsEndpoint,
  adminLoginEndpoint,
  adminMeEndpoint,
  adminOperatorActionEndpoint,
} from '@lobby/contracts';
import { ApiError, createApiClient, fillPath, filenameOf, toSearchParams } from './api-client.ts';

const OPERATOR = {
  username: 'admin',
  role: 'super_admin',
  permissions: ['members.read'],
  brands: 'all',
  totpEnabled: true,
  totpEnrolmentRequired: false,
};

function answer(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function client(
  fetchImpl: typeof fetch,
  extra: Partial<Parameters<typeof createApiClient>[0]> = {},
) {
  return createApiClient({
    getToken: () => 'tok_0123456789abcdef',
    getLanguage: () => 'en',
    clientMessage: (code) => `client:${code}`,
    fetchImpl,
    ...extra,
  });
}

describe('call', () => {
  it('sends the bearer token, the language and JSON, and unwraps the envelope', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      answer({ status: true, data: { token: 't', operator: OPERATOR } }),
    );
    const result = await client(fetchImpl).call(adminLoginEndpoint, {
      body: { username: 'admin', password: 'secret' },
    });
    expect(result.operator.username).toBe('admin');
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/admin/api/login');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok_0123456789abcdef');
    expect(headers.get('lang')).toBe('en');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'admin', password: 'secret' });
  });

  it('fills path parameters and the query, leaving empty values out', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      answer({ status: true, data: { items: [], total: 0 } }),
    );
    await client(fetchImpl).call(adminApprovalsEndpoint, {
      query: { status: 'pending', brand: '', kind: undefined, page: 2 },
    });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/admin/api/approvals?status=pending&page=2');
    expect(fillPath(adminOperatorActionEndpoint.path, { id: '7', action: 'reset-totp' })).toBe(
      '/admin/api/operators/7/reset-totp',
    );
    expect(() => fillPath('/a/:id', {})).toThrow(/id/);
    expect(toSearchParams({ a: ['x', 'y'], b: null }).toString()).toBe('a=x&a=y');
  });

  it("throws the server's code and message, with the field issues and retry time", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      answer(
        { status: false, data: 'rate_limited', message: 'Too many tries', retryAfterSeconds: 30 },
        429,
      ),
    );
    const error = await client(fetchImpl)
      .call(adminMeEndpoint)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many tries',
      httpStatus: 429,
      retryAfterSeconds: 30,
    });
  });

  it('reports an ended session once per answer, and an enrolment the operator owes', async () => {
    const onSessionEnded = vi.fn();
    const onEnrolmentRequired = vi.fn();
    const ended = client(
      async () => answer({ status: false, data: 'operator_token', message: 'Log in again' }, 401),
      { onSessionEnded, onEnrolmentRequired },
    );
    await expect(ended.call(adminMeEndpoint)).rejects.toMatchObject({ code: 'operator_token' });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    // A login's own 401 (a code is needed) is not an ended session.
    const totp = client(
      async () => answer({ status: false, data: 'totp_required', message: 'Code' }, 401),
      { onSessionEnded, onEnrolmentRequired },
    );
    await expect(totp.call(adminMeEndpoint)).rejects.toMatchObject({ code: 'totp_required' });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    const enrol = client(
      async () => answer({ status: false, data: 'totp_enrolment_required', message: 'Enrol' }, 403),
      { onSessionEnded, onEnrolmentRequired },
    );
    await expect(enrol.call(adminMeEndpoint)).rejects.toMatchObject({ httpStatus: 403 });
    expect(onEnrolmentRequired).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure, a non-envelope and a wrong shape into client errors', async () => {
    const offline = client(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.call(adminMeEndpoint)).rejects.toMatchObject({
      code: 'network',
      message: 'client:network',
    });
    const proxy = client(async () => answer('<html>502 Bad Gateway</html>', 502));
    await expect(proxy.call(adminMeEndpoint)).rejects.toMatchObject({
      code: 'bad_response',
      httpStatus: 502,
    });
    const wrong = client(async () => answer({ status: true, data: { username: 1 } }));
    await expect(wrong.call(adminMeEndpoint)).rejects.toMatchObject({ code: 'bad_response' });
  });
});

describe('download', () => {
  it('answers the file and its name', async () => {
    const api = client(
      async () =>
        new Response('id,username\r\n1,alice\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="members-20250301T000000Z.csv"',
          },
        }),
    );
    const file = await api.download('/admin/api/members/export', new URLSearchParams('q=a'));
    expect(file.filename).toBe('members-20250301T000000Z.csv');
    expect(await file.blob.text()).toContain('alice');
  });

  it("throws the server's error when the export is refused or missing", async () => {
    const api = client(async () =>
      answer({ status: false, data: 'not_found', message: 'Not found' }, 404),
    );
    await expect(api.download('/admin/api/nope/export')).rejects.toMatchObject({
      code: 'not_found',
      message: 'Not found',
    });
  });

  it('reads both forms of the file name', () => {
    expect(
      filenameOf(
        new Headers({ 'content-disposition': "attachment; filename*=UTF-8''%E4%BC%9A.csv" }),
      ),
    ).toBe('会.csv');
    expect(filenameOf(new Headers())).toBeNull();
  });
});
