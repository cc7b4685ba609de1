import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSessions } from './session.schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { encryptFor, get, post, publicKeyOf, uniqueUsername } from '../../../test/members.ts';
import { hashSessionToken, REVOKED_CHANNEL } from './session.service.ts';

const TEST_CODE = 'T3ST';
let harness: TestApp;
let publicKey: string;

beforeAll(async () => {
  harness = await createTestApp({ captchaTestCode: TEST_CODE });
  publicKey = await publicKeyOf(harness.app);
});
afterAll(async () => {
  await harness.close();
});

async function newMemberToken(): Promise<string> {
  const captcha = await get(harness.app, '/api/f/v1/captcha');
  const registered = await post(harness.app, '/api/f/v1/member/register', {
    username: uniqueUsername('sess'),
    password: encryptFor(publicKey, 'Secret123'),
    confirmPassword: encryptFor(publicKey, 'Secret123'),
    key: (captcha.body.data as { key: string }).key,
    code: TEST_CODE,
  });
  return String(registered.headers.id);
}

/**
 * Moves a session's clocks into the past, as if time had passed, and tells the node to read it
 * again, as anything that changes member_sessions must.
 */
async function age(token: string, column: 'lastSeenAt' | 'rotatedAt', minutes: number) {
  const rows = await harness.database.db
    .update(memberSessions)
    .set({ [column]: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(memberSessions.tokenHash, hashSessionToken(token)))
    .returning({ memberId: memberSessions.memberId });
  for (const row of rows) await harness.cache.publish(REVOKED_CHANNEL, String(row.memberId));
  // Through Redis the node hears it on its own connection, a moment later.
  if (harness.cache.kind === 'redis') await new Promise((resolve) => setTimeout(resolve, 50));
}

const info = (token: string) => get(harness.app, '/api/findmed/v1/member/token', { t: token });

describe('member sessions', () => {
  it('store only a hash of the token', async () => {
    const token = await newMemberToken();
    const rows = await harness.database.db
      .select({ tokenHash: memberSessions.tokenHash })
      .from(memberSessions)
      .where(eq(memberSessions.tokenHash, hashSessionToken(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
  });

  it('end after 30 idle minutes, the brand setting', async () => {
    const token = await newMemberToken();
    await age(token, 'lastSeenAt', 29);
    expect((await info(token)).body.status).toBe(true);
    await age(token, 'lastSeenAt', 31);
    expect((await info(token)).body.data).toBe('token');
    // Ended for good: activity does not bring it back.
    expect((await info(token)).body.data).toBe('token');
  });

  it('rotate the token through the id header, the old one working for a short grace', async () => {
    const token = await newMemberToken();
    await age(token, 'rotatedAt', 16);
    const rotated = await info(token);
    expect(rotated.body.status).toBe(true);
    const fresh = String(rotated.headers.id);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(token);
    expect((await info(fresh)).body.status).toBe(true);
    expect((await info(fresh)).headers.id).toBeUndefined();
    // A request already in flight with the old token still passes...
    expect((await info(token)).body.status).toBe(true);
    // ...but not once the grace is over.
    await age(fresh, 'rotatedAt', 3);
    expect((await info(token)).body.data).toBe('token');
    expect((await info(fresh)).body.status).toBe(true);
  });

  it('refuse tokens of absurd length without a lookup', async () => {
    expect((await info('x'.repeat(300))).body.data).toBe('token');
  });
});

describe('rate limits', () => {
  it('refuse logins past the per-address limit, and count nothing against the account', async () => {
    const limited = await createTestApp({
      captchaTestCode: TEST_CODE,
      rateLimits: { overrides: { login: { ip: 2 } } },
    });
    try {
      const key = await publicKeyOf(limited.app);
      const attempt = async () => {
        const captcha = await get(limited.app, '/api/f/v1/captcha');
        return post(limited.app, '/api/f/v1/member/login/mpe', {
          username: 'limitme',
          password: encryptFor(key, 'Wrong1234'),
          key: (captcha.body.data as { key: string }).key,
          code: TEST_CODE,
        });
      };
      expect((await attempt()).body.data).toBe('account_or_password_wrong');
      expect((await attempt()).body.data).toBe('account_or_password_wrong');
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.body.data).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
