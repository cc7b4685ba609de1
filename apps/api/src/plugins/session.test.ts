import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorMessage } from '@lobby/i18n';
import { envelopeResponses, ok } from '../lib/envelope.ts';
import { createTestApp, form, type TestApp } from '../test/app.ts';
import type { SessionResolver } from './session.ts';

/**
 * The session guard with a resolver standing in for the members module: `good` is a session of
 * brand jinsheng, `rotate` one whose token gets replaced, `liar` a broken resolver's answer.
 */
const calls: { token: string; brand: string }[] = [];
const resolver: SessionResolver = {
  async resolve(token, { brand }) {
    calls.push({ token, brand: brand.config.code });
    const session = { sessionId: 's1', memberId: 'm1', brandCode: 'jinsheng', username: 'm1' };
    if (brand.config.code !== 'jinsheng' && token !== 'liar') return null;
    if (token === 'good') return { session };
    if (token === 'rotate') return { session, rotatedToken: 'fresh-token', vid: 'v-1' };
    if (token === 'liar') return { session };
    return null;
  },
};

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({
    sessions: resolver,
    beforeReady(app) {
      const routes = app.withTypeProvider<ZodTypeProvider>();
      const member = z.object({ memberId: z.string().nullable() });
      routes.get(
        '/api/test/member',
        { config: { access: 'member' }, schema: { response: envelopeResponses(member) } },
        async (request) => ok({ memberId: request.member?.memberId ?? null }),
      );
      routes.post(
        '/api/test/member',
        {
          config: { access: 'member' },
          schema: { body: z.object({ x: z.string() }), response: envelopeResponses(member) },
        },
        async (request) => ok({ memberId: request.member?.memberId ?? null }),
      );
      routes.get(
        '/api/test/optional',
        { config: { access: 'optional' }, schema: { response: envelopeResponses(member) } },
        async (request) => ok({ memberId: request.member?.memberId ?? null }),
      );
    },
  });
});
afterAll(async () => {
  await harness.close();
});

const tokenAnswer = (language: 'zh-CN' | 'en' = 'zh-CN') => ({
  status: false,
  data: 'token',
  message: errorMessage('token', language),
});

describe('session guard', () => {
  it('answers {"status":false,"data":"token"} without a token', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/test/member' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(tokenAnswer());
  });

  it('answers token for an unknown token, in the request language', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/test/member',
      headers: { t: 'nope', lang: 'en' },
    });
    expect(response.json()).toEqual(tokenAnswer('en'));
  });

  it('lets a valid session through and hands the member to the route', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/test/member',
      headers: { t: 'good' },
    });
    expect(response.json()).toEqual({ status: true, data: { memberId: 'm1' } });
    expect(response.headers.id).toBeUndefined();
  });

  it('rotates the token through the id and vid headers', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/test/member',
      headers: { t: 'rotate' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.id).toBe('fresh-token');
    expect(response.headers.vid).toBe('v-1');
  });

  it("refuses one brand's session on another brand", async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/test/member',
      headers: { t: 'good', host: 'tianyu.lobby.test' },
    });
    expect(response.json()).toEqual(tokenAnswer());
    expect(calls.at(-1)).toEqual({ token: 'good', brand: 'tianyu' });
  });

  it('fails loudly, not open, when a resolver returns a session of another brand', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/test/member',
      headers: { t: 'liar', host: 'tianyu.lobby.test' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: false, data: 'internal' });
  });

  it('checks the session before reading the body', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/test/member',
      payload: 'x=%E0%A4%A',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.json()).toEqual(tokenAnswer());
    const valid = await harness.app.inject({
      method: 'POST',
      url: '/api/test/member',
      ...form({ x: '1' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', t: 'good' },
    });
    expect(valid.json()).toEqual({ status: true, data: { memberId: 'm1' } });
  });

  it('reads a session on optional routes without requiring one', async () => {
    const guest = await harness.app.inject({ method: 'GET', url: '/api/test/optional' });
    expect(guest.json()).toEqual({ status: true, data: { memberId: null } });
    const stale = await harness.app.inject({
      method: 'GET',
      url: '/api/test/optional',
      headers: { t: 'expired' },
    });
    expect(stale.json()).toEqual({ status: true, data: { memberId: null } });
    const member = await harness.app.inject({
      method: 'GET',
      url: '/api/test/optional',
      headers: { t: 'good' },
    });
    expect(member.json()).toEqual({ status: true, data: { memberId: 'm1' } });
  });

  it('does not consult the resolver on public routes', async () => {
    const before = calls.length;
    await harness.app.inject({
      method: 'GET',
      url: '/api/f/v1/site/config',
      headers: { t: 'good' },
    });
    expect(calls.length).toBe(before);
  });
});
