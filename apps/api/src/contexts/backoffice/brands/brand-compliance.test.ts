import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBrandCompliance } from '@lobby/contracts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { get, post, uniqueUsername } from '../../../test/members.ts';
import {
  createWalletTestApp,
  TEST_CODE,
  type WalletTestApp,
} from '../../money/withdrawal/wallet-test-app.ts';

/**
 * A brand's compliance profile in the back office (issue 15): seen and set with
 * `compliance.manage`, the profile's mandatory parts refused by name, action logged, in force
 * at once (the date of birth and minimum age at registration follow it).
 */
let h: WalletTestApp;

beforeAll(async () => {
  h = await createWalletTestApp();
});
afterAll(async () => {
  await h.close();
});

async function admin(method: 'GET' | 'PUT', url: string, payload?: object, token?: string) {
  const bearer = token ?? (await h.operatorToken());
  const response = await h.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${bearer}` },
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{ status: boolean; data: unknown; message?: string }>(),
  };
}

const url = (code: string) => `/admin/api/brands/${code}/compliance`;

async function register(brand: string, dateOfBirth?: string) {
  const captcha = await get(h.app, '/api/f/v1/captcha', h.hostOf(brand));
  return post(
    h.app,
    '/api/f/v1/member/register',
    {
      username: uniqueUsername('dob'),
      password: h.enc('Secret123'),
      confirmPassword: h.enc('Secret123'),
      key: (captcha.body.data as { key: string }).key,
      code: TEST_CODE,
      ...(dateOfBirth === undefined ? {} : { dateOfBirth }),
    },
    h.hostOf(brand),
  );
}

describe('GET and PUT /admin/api/brands/:code/compliance', () => {
  it('shows the standard profile, sets ukgc with an override, logs it and applies it at once', async () => {
    const code = await h.createBrand({});
    const before = (await admin('GET', url(code))).body.data as AdminBrandCompliance;
    expect(before).toMatchObject({ brand: code, profile: 'standard', overrides: {}, fixed: [] });
    expect(before.effective.depositLimitPrompt).toBe('none');
    expect(Object.keys(before.profiles)).toEqual(['standard', 'ukgc', 'mga']);
    expect((await register(code)).body.status).toBe(true);

    const put = await admin('PUT', url(code), {
      profile: 'ukgc',
      overrides: { realityCheckDefaultMinutes: 30, kyc: { cumulativeDepositsEurCents: 150_000 } },
      reason: 'licence granted',
    });
    expect(put.statusCode).toBe(200);
    const after = put.body.data as AdminBrandCompliance;
    expect(after.fixed).toEqual([
      'depositLimitPrompt',
      'kycBeforeFirstDeposit',
      'dateOfBirthRequired',
    ]);
    expect(after.effective).toMatchObject({
      depositLimitPrompt: 'registration',
      kycBeforeFirstDeposit: true,
      dateOfBirthRequired: true,
      realityCheckDefaultMinutes: 30,
      kyc: { cumulativeDepositsEurCents: 150_000, withdrawalAboveEurCents: 0 },
    });
    expect(h.app.brands.get(code)?.compliance.realityCheckDefaultMinutes).toBe(30);
    const [logged] = await h.database.db
      .select()
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.action, 'brand_compliance_update'),
          eq(operatorActions.targetId, code),
        ),
      )
      .orderBy(desc(operatorActions.id))
      .limit(1);
    expect(logged).toMatchObject({ reason: 'licence granted', brandCode: code });
    expect(logged?.details).toMatchObject({
      before: { profile: 'standard', realityCheckDefaultMinutes: 0 },
      after: { profile: 'ukgc', realityCheckDefaultMinutes: 30 },
    });

    // The profile asks for the date of birth at registration and refuses minors.
    expect((await register(code)).body).toMatchObject({ status: false, data: 'field_required' });
    const year = new Date().getUTCFullYear();
    expect((await register(code, `${year - 17}-01-01`)).body).toMatchObject({
      status: false,
      data: 'under_age',
    });
    expect((await register(code, `${year - 30}-02-30`)).body.data).toBe('validation');
    expect((await register(code, `${year + 1}-01-01`)).body.data).toBe('date_of_birth_invalid');
    expect((await register(code, `${year - 30}-06-15`)).body.status).toBe(true);
  });

  it("refuses an override of the profile's mandatory parts and bad numbers, changing nothing", async () => {
    const code = await h.createBrand({});
    const fixed = await admin('PUT', url(code), {
      profile: 'ukgc',
      overrides: { kycBeforeFirstDeposit: false },
      reason: 'try',
    });
    expect([fixed.statusCode, fixed.body.data]).toEqual([400, 'compliance_fixed']);
    expect(fixed.body.message).toContain('kycBeforeFirstDeposit');
    for (const body of [
      { profile: 'nj', overrides: {}, reason: 'x' },
      { profile: 'mga', overrides: { minimumAge: 17 }, reason: 'x' },
      { profile: 'mga', overrides: { eurRate: '-1' }, reason: 'x' },
      { profile: 'mga', overrides: { risk: { failedDeposits: { count: 0 } } }, reason: 'x' },
      { profile: 'mga', overrides: {} },
    ]) {
      const answer = await admin('PUT', url(code), body);
      expect([answer.statusCode, answer.body.data], JSON.stringify(body)).toEqual([
        400,
        'validation',
      ]);
    }
    const now = (await admin('GET', url(code))).body.data as AdminBrandCompliance;
    expect(now.profile).toBe('standard');
  });

  it('keeps it to compliance.manage and the brand in scope', async () => {
    const code = await h.createBrand({});
    const risk = await createOperator(h, { role: 'risk' });
    expect((await admin('GET', url(code), undefined, risk.token)).statusCode).toBe(403);
    const other = await createOperator(h, { role: 'super_admin', brands: ['lumen'] });
    const put = await admin(
      'PUT',
      url(code),
      { profile: 'mga', overrides: {}, reason: 'x' },
      other.token,
    );
    expect([put.statusCode, put.body.data]).toEqual([403, 'forbidden']);
    expect(((await admin('GET', url(code))).body.data as AdminBrandCompliance).profile).toBe(
      'standard',
    );
  });
});
