import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { withdrawalOrders } from '../contexts/money/withdrawal/withdrawal.schema.ts';
import { createLogger } from '../lib/logger.ts';
import {
  createWalletTestApp,
  type Member,
  type WalletTestApp,
} from '../contexts/money/withdrawal/wallet-test-app.ts';
import { form } from '../test/app.ts';

/**
 * One rate-limit mechanism for every route (plugins/rate-limit.ts), on the shared cache: money
 * calls, claims and uploads are limited per member and per address, like logins, and a refusal
 * is the envelope with `rate_limited` and the wait. Small allowances here; the defaults are in
 * RATE_LIMITS.
 */
let harness: WalletTestApp;

beforeAll(async () => {
  harness = await createWalletTestApp({
    rateLimits: {
      multiplier: 1,
      overrides: {
        money: { member: 3, ip: 5 },
        claims: { member: 2 },
        upload: { member: 2, ip: 100 },
        login: { ip: 1_000, device: 1_000 },
        register: { ip: 1_000, device: 1_000 },
        captcha: { ip: 1_000, device: 1_000 },
      },
    },
  });
}, 60_000);

afterAll(async () => {
  await harness.close();
});

function withdraw(member: Member, remoteAddress: string) {
  return harness.app.inject({
    method: 'POST',
    url: '/api/f/v1/withdraw',
    remoteAddress,
    ...(() => {
      const body = form({ amount: '1.00', accountId: '999999', withdrawPassword: 'x' });
      return { payload: body.payload, headers: { ...member.headers, ...body.headers } };
    })(),
  });
}

async function withdrawalsOf(member: Member): Promise<number> {
  const rows = await harness.database.db.select().from(withdrawalOrders);
  return rows.filter((row) => row.memberId === member.memberId).length;
}

describe('rate limits on money calls', () => {
  it('limit each member, wherever the calls come from', async () => {
    const member = await harness.register();
    const addresses = ['10.9.0.1', '10.9.0.2', '10.9.0.3'];
    for (const address of addresses) {
      const answer = await withdraw(member, address);
      expect(answer.json().data).not.toBe('rate_limited');
    }
    const refused = await withdraw(member, '10.9.0.4');
    expect(refused.statusCode).toBe(429);
    const envelope = refused.json<{ data: string; retryAfterSeconds: number; message: string }>();
    expect(envelope.data).toBe('rate_limited');
    expect(envelope.retryAfterSeconds).toBeGreaterThan(0);
    expect(envelope.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(envelope.retryAfterSeconds));
    expect(envelope.message.length).toBeGreaterThan(0);
    // A refused call changed nothing.
    expect(await withdrawalsOf(member)).toBe(0);
    // Another member is not held back by this one.
    const other = await harness.register();
    expect((await withdraw(other, '10.9.1.1')).json().data).not.toBe('rate_limited');
  });

  it('limit each address, whoever calls from it', async () => {
    const address = `10.8.${Math.floor(Math.random() * 200)}.1`;
    const answers: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const member = await harness.register();
      answers.push((await withdraw(member, address)).json().data as string);
    }
    expect(answers.slice(0, 5)).not.toContain('rate_limited');
    expect(answers[5]).toBe('rate_limited');
  });
});

describe('rate limits on claims and uploads', () => {
  it('limit promotion sign-ins per member', async () => {
    const member = await harness.register();
    const sign = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/findmed/v1/promo/sign',
        headers: member.headers,
      });
    expect((await sign()).json().data).not.toBe('rate_limited');
    expect((await sign()).json().data).not.toBe('rate_limited');
    expect((await sign()).json()).toMatchObject({ status: false, data: 'rate_limited' });
  });

  it('limit uploads per member before the body is read', async () => {
    const member = await harness.register();
    const upload = () =>
      harness.app.inject({
        method: 'POST',
        url: '/api/f/v1/upload',
        headers: { ...member.headers, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
    expect((await upload()).json().data).not.toBe('rate_limited');
    expect((await upload()).json().data).not.toBe('rate_limited');
    expect((await upload()).json().data).toBe('rate_limited');
  });
});

describe('several nodes', () => {
  it('share one count through the cache', async () => {
    const second = await buildApp({
      database: harness.database,
      cache: harness.cache,
      logger: createLogger('silent'),
      rateLimits: { multiplier: 1, overrides: { money: { member: 3 } } },
    });
    try {
      const member = await harness.register();
      const onSecond = () => {
        const body = form({ amount: '1.00', accountId: '999999', withdrawPassword: 'x' });
        return second.inject({
          method: 'POST',
          url: '/api/f/v1/withdraw',
          remoteAddress: `10.7.0.${randomUUID().charCodeAt(0) % 200}`,
          payload: body.payload,
          headers: { ...member.headers, ...body.headers },
        });
      };
      await withdraw(member, '10.7.1.1');
      await withdraw(member, '10.7.1.2');
      expect((await onSecond()).json().data).not.toBe('rate_limited');
      expect((await onSecond()).json().data).toBe('rate_limited');
    } finally {
      await second.close();
    }
  });
});
