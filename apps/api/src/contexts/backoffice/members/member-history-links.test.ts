import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_LINK_KINDS } from '@lobby/contracts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { operatorLogin } from '../../../test/operators.ts';
import { members } from '../../identity/member/member.schema.ts';
import { hashSessionToken, SessionService } from '../../identity/member/session.service.ts';
import { memberSessions } from '../../identity/member/session.schema.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { payoutAccounts } from '../../money/payout/payout.schema.ts';

/**
 * Linked accounts: members sharing a device, an address, a payout account, a phone or an
 * e-mail, listed within the operator's brands and only counted outside them, with a bound on
 * what one shared value can pull in.
 */
let harness: TestApp;
let admin: string;
let homeOperator: string;
const tag = randomUUID().replaceAll('-', '').slice(0, 10);
// Addresses and devices no other test uses, so a shared database adds no links of its own.
const ip = (n: number) => `2001:db8:${tag.slice(0, 4)}:${tag.slice(4, 8)}::${n}`;
const device = (name: string) => `dev-${name}-${tag}`;
const phone = `139${String(Date.now()).slice(-8)}`;
const email = `linked${tag}@example.com`;
const accountNumber = `6217${String(Date.now()).slice(-8)}${tag.replace(/\D/g, '0').slice(0, 4)}`;
const ids: Record<string, string> = {};

type Linked = {
  items: {
    id: string;
    brand: string;
    username: string;
    links: { kind: string; value: string }[];
  }[];
  otherBrands: { kind: string; count: number }[];
  capped: boolean;
};

async function member(
  brandCode: string,
  name: string,
  fields: Partial<typeof members.$inferInsert> = {},
): Promise<bigint> {
  const username = `${name}${tag}`.slice(0, 16);
  const [row] = await harness.database.db
    .insert(members)
    .values({
      brandCode,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: `${name}${tag}`.slice(0, 12),
      ...fields,
    })
    .returning({ id: members.id });
  ids[name] = String(row!.id);
  return row!.id;
}

async function session(brandCode: string, memberId: bigint, at: string, deviceNo: string | null) {
  await new SessionService(harness.database.db).create({
    brandCode,
    memberId,
    ip: at,
    deviceNo,
    userAgent: null,
  });
}

async function bankAccount(brandCode: string, memberId: bigint) {
  await harness.database.db.insert(payoutAccounts).values({
    brandCode,
    memberId,
    type: 'bank',
    institution: 'icbc',
    holderName: '李四',
    accountNumber,
  });
}

async function linked(id: string, token = admin): Promise<{ statusCode: number; data: Linked }> {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/admin/api/members/${id}/linked`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { statusCode: response.statusCode, data: response.json<{ data: Linked }>().data };
}

beforeAll(async () => {
  harness = await createTestApp();
  const username = `ml${randomUUID().slice(0, 8)}`;
  await new OperatorService(harness.database.db).seedAdmin(username, 'operator-pass-1');
  admin = await operatorLogin(harness.app, { username, password: 'operator-pass-1' });
  homeOperator = (await createOperator(harness, { role: 'customer_service', brands: ['jinsheng'] }))
    .token;

  // The member looked at: registered on device "reg" from address 1, logged in from address 2
  // on device "login", with a phone, an e-mail and a bank card.
  const subject = await member('jinsheng', 'subj', {
    registerDeviceNo: device('reg'),
    registerIp: ip(1),
    phoneAreaCode: '86',
    phone,
    email,
  });
  await session('jinsheng', subject, ip(2), device('login'));
  await bankAccount('jinsheng', subject);

  // Home brand: one registered on the same device; one logged in from address 2 who is paid to
  // the same card; one sharing nothing.
  await member('jinsheng', 'samedev', { registerDeviceNo: device('reg') });
  const twoLinks = await member('jinsheng', 'twolink');
  await session('jinsheng', twoLinks, ip(2), null);
  await bankAccount('jinsheng', twoLinks);
  const stranger = await member('jinsheng', 'strngr', { registerIp: ip(9) });
  await session('jinsheng', stranger, ip(9), device('other'));

  // Another brand: the same e-mail and a session on the "login" device; the same phone.
  const otherEmail = await member('lumen', 'othmail', { email });
  await session('lumen', otherEmail, ip(7), device('login'));
  await member('lumen', 'othphone', { phoneAreaCode: '86', phone });
});
afterAll(async () => {
  await harness.close();
});

describe('linked accounts', () => {
  it('lists home-brand members with what they share, the most links first', async () => {
    const { statusCode, data } = await linked(ids.subj!, homeOperator);
    expect(statusCode).toBe(200);
    expect(data.items.map((item) => item.id)).toEqual([ids.twolink, ids.samedev]);
    expect(data.items[0]!.links).toEqual([
      { kind: 'ip', value: ip(2) },
      {
        kind: 'payout_account',
        value: `${accountNumber.slice(0, 4)} **** **** ${accountNumber.slice(-4)}`,
      },
    ]);
    expect(data.items[1]).toMatchObject({
      brand: 'jinsheng',
      username: `samedev${tag}`.slice(0, 16),
      links: [{ kind: 'device', value: device('reg') }],
    });
    expect(data.capped).toBe(false);
  });

  it('only counts members of brands outside the operator’s, per kind of link', async () => {
    const { data } = await linked(ids.subj!, homeOperator);
    expect(data.otherBrands).toEqual([
      { kind: 'device', count: 1 },
      { kind: 'phone', count: 1 },
      { kind: 'email', count: 1 },
    ]);
    const text = JSON.stringify(data);
    for (const name of ['othmail', 'othphone']) {
      expect(text).not.toContain(`"id":"${ids[name]!}"`);
      expect(text).not.toContain(name);
    }
    expect(text).not.toContain('lumen');
  });

  it('lists every brand’s linked members for an operator of every brand', async () => {
    const { data } = await linked(ids.subj!);
    expect(data.otherBrands).toEqual([]);
    const byId = new Map(data.items.map((item) => [item.id, item]));
    expect([...byId.keys()].sort()).toEqual(
      [ids.twolink, ids.samedev, ids.othmail, ids.othphone].sort(),
    );
    expect(byId.get(ids.othmail!)!.links).toEqual([
      { kind: 'device', value: device('login') },
      { kind: 'email', value: email },
    ]);
    expect(byId.get(ids.othphone!)!.links).toEqual([{ kind: 'phone', value: `+86 ${phone}` }]);
    // The link works both ways.
    const back = await linked(ids.samedev!, homeOperator);
    expect(back.data.items.map((item) => item.id)).toEqual([ids.subj]);
    // Nothing shared, nothing listed.
    const alone = await linked(ids.strngr!, homeOperator);
    expect(alone.data).toEqual({ items: [], otherBrands: [], capped: false });
    expect(MEMBER_LINK_KINDS).toContain('payout_account');
  });

  it('bounds what one shared value can pull in, and says so', async () => {
    const db = harness.database.db;
    const behindNat = await member('jinsheng', 'nat');
    await session('jinsheng', behindNat, ip(50), null);
    // One other member with more sessions on that address than one lookup reads.
    const crowd = await member('jinsheng', 'crowd');
    await db.insert(memberSessions).values(
      Array.from({ length: 1_001 }, () => ({
        brandCode: 'jinsheng',
        memberId: crowd,
        tokenHash: hashSessionToken(randomUUID()),
        ip: ip(50),
      })),
    );
    const { statusCode, data } = await linked(ids.nat!, homeOperator);
    expect(statusCode).toBe(200);
    expect(data.capped).toBe(true);
    expect(data.items.map((item) => item.id)).toEqual([ids.crowd]);
  });

  it('answers another brand’s member, or none, as missing', async () => {
    const lumen = await createOperator(harness, { role: 'customer_service', brands: ['lumen'] });
    const elsewhere = await linked(ids.subj!, lumen.token);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.data).toBe('member_not_found');
    expect((await linked('999999999999999')).data).toBe('member_not_found');
  });
});
