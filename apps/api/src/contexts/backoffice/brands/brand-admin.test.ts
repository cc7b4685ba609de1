import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_CONTACTS_MAX, type AdminBrandContacts, type ContactEntry } from '@lobby/contracts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { brands } from '../../platform/brand/brand.schema.ts';
import { silentLogger } from '../../../test/logger.ts';
import { get } from '../../../test/members.ts';
import { createWalletTestApp, type WalletTestApp } from '../../money/withdrawal/wallet-test-app.ts';
import { BrandRegistry } from '../../platform/brand/brand.service.ts';

/**
 * The operators' contact entries of a brand. Each test works on a brand of its own, so the demo
 * brands' contacts (which other test files read) never change, on a shared database too.
 */

let harness: WalletTestApp;

beforeAll(async () => {
  harness = await createWalletTestApp();
});
afterAll(async () => {
  await harness.close();
});

type Answer = { statusCode: number; body: { status: boolean; data: unknown; message?: string } };

async function admin(
  method: 'GET' | 'PUT',
  url: string,
  payload?: object,
  token?: string | null,
): Promise<Answer> {
  const bearer = token === undefined ? await harness.operatorToken() : token;
  const response = await harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  return { statusCode: response.statusCode, body: response.json<Answer['body']>() };
}

const contactsUrl = (code: string) => `/admin/api/brands/${code}/contacts`;

/** What members of the brand see, through its host as a browser would reach it. */
async function memberContacts(code: string): Promise<ContactEntry[]> {
  const answer = await get(harness.app, '/api/findmed/v1/member/reg/contact', {
    host: `${code}.lobby.test`,
  });
  expect(answer.body.status).toBe(true);
  return answer.body.data as ContactEntry[];
}

async function storedBrand(code: string) {
  const rows = await harness.database.db.select().from(brands).where(eq(brands.code, code));
  const row = rows[0];
  if (!row) throw new Error(`no brand ${code}`);
  return row;
}

const NEW_CONTACTS: ContactEntry[] = [
  { deviceText: 'Telegram', deviceNum: 'https://t.me/lobby_help', imageUrl: '/a.svg', action: 2 },
  { deviceText: '客服邮箱', deviceNum: 'help@example.com', imageUrl: '', action: 1 },
];

describe('GET and PUT /admin/api/brands/:code/contacts', () => {
  it('replaces the entries, bumps the revision, logs the change and serves it at once', async () => {
    const code = await harness.createBrand({});
    const before = await admin('GET', contactsUrl(code));
    expect(before.statusCode).toBe(200);
    const original = before.body.data as AdminBrandContacts;
    expect(original.brand).toBe(code);
    expect(original.contacts).toEqual(await memberContacts(code));
    expect(original.contacts.length).toBeGreaterThan(0);

    const put = await admin('PUT', contactsUrl(code), {
      contacts: [
        // Text is trimmed; a missing icon is the default one (empty).
        {
          deviceText: ' Telegram ',
          deviceNum: 'https://t.me/lobby_help ',
          imageUrl: '/a.svg',
          action: 2,
        },
        { deviceText: '客服邮箱', deviceNum: 'help@example.com', action: 1 },
      ],
      reason: 'new support channels',
    });
    expect(put.statusCode).toBe(200);
    const changed = put.body.data as AdminBrandContacts;
    expect(changed.contacts).toEqual(NEW_CONTACTS);
    expect(BigInt(changed.revision)).toBe(BigInt(original.revision) + 1n);

    // Members see it on the next request, with no wait for a reload.
    expect(await memberContacts(code)).toEqual(NEW_CONTACTS);
    expect(harness.app.brands.get(code)?.config.contacts).toEqual(NEW_CONTACTS);
    expect(harness.app.brands.get(code)?.revision).toBe(BigInt(changed.revision));
    expect((await admin('GET', contactsUrl(code))).body.data).toEqual(changed);

    const logged = await harness.database.db
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.targetType, 'brand'), eq(operatorActions.targetId, code)))
      .orderBy(desc(operatorActions.id));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action: 'brand_contacts_update',
      brandCode: code,
      reason: 'new support channels',
      details: {
        before: { contacts: original.contacts },
        after: { contacts: NEW_CONTACTS },
        revision: changed.revision,
      },
    });

    // An empty list hides the contacts, and is a change of its own.
    const emptied = await admin('PUT', contactsUrl(code), { contacts: [] });
    expect(emptied.statusCode).toBe(200);
    expect((emptied.body.data as AdminBrandContacts).revision).toBe(
      String(BigInt(changed.revision) + 1n),
    );
    expect(await memberContacts(code)).toEqual([]);
  });

  it("reaches another node's brand cache through the change announcement", async () => {
    const code = await harness.createBrand({});
    // A second node: its own registry on the same database and cache.
    const otherNode = new BrandRegistry(
      harness.database.db,
      harness.cache,
      silentLogger,
      undefined,
    );
    await otherNode.load();
    await otherNode.startWatching();
    try {
      expect(otherNode.get(code)?.config.contacts).not.toEqual(NEW_CONTACTS);
      const put = await admin('PUT', contactsUrl(code), { contacts: NEW_CONTACTS });
      expect(put.statusCode).toBe(200);
      const revision = BigInt((put.body.data as AdminBrandContacts).revision);
      await expect.poll(() => otherNode.get(code)?.revision).toBe(revision);
      expect(otherNode.get(code)?.config.contacts).toEqual(NEW_CONTACTS);
    } finally {
      await otherNode.stopWatching();
    }
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const code = await harness.createBrand({});
    const before = await storedBrand(code);
    const entry = { deviceText: 'Chat', deviceNum: '@chat', imageUrl: '', action: 1 };
    const bad: [string, unknown][] = [
      ['no list', {}],
      ['not a list', { contacts: 'Chat' }],
      [
        'too many',
        {
          contacts: Array.from({ length: BRAND_CONTACTS_MAX + 1 }, (_, index) => ({
            ...entry,
            deviceNum: `@chat${index}`,
          })),
        },
      ],
      ['unknown action', { contacts: [{ ...entry, action: 3 }] }],
      ['action as text', { contacts: [{ ...entry, action: '1' }] }],
      ['blank label', { contacts: [{ ...entry, deviceText: '   ' }] }],
      ['no number', { contacts: [{ ...entry, deviceNum: '' }] }],
      ['label too long', { contacts: [{ ...entry, deviceText: 'x'.repeat(65) }] }],
      ['number too long', { contacts: [{ ...entry, deviceNum: 'x'.repeat(129) }] }],
      ['script icon', { contacts: [{ ...entry, imageUrl: 'javascript:alert(1)' }] }],
      ['plain http icon', { contacts: [{ ...entry, imageUrl: 'http://cdn.example/a.png' }] }],
      ['protocol-relative icon', { contacts: [{ ...entry, imageUrl: '//cdn.example/a.png' }] }],
      ['the same entry twice', { contacts: [entry, entry] }],
      ['reason too long', { contacts: [entry], reason: 'x'.repeat(201) }],
    ];
    for (const [why, payload] of bad) {
      const answer = await admin('PUT', contactsUrl(code), payload as object);
      expect(answer.statusCode, why).toBe(400);
      expect(answer.body, why).toMatchObject({ status: false, data: 'validation' });
      expect(answer.body.message, why).toBeTruthy();
    }
    const after = await storedBrand(code);
    expect(after.contacts).toEqual(before.contacts);
    expect(after.revision).toBe(before.revision);
    const logged = await harness.database.db
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.targetType, 'brand'), eq(operatorActions.targetId, code)));
    expect(logged).toEqual([]);
  });

  it('answers unknown_site for a brand that does not exist, validation for a malformed code', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const unknown = await admin(
        method,
        contactsUrl('nosuchbrand9'),
        method === 'PUT' ? { contacts: NEW_CONTACTS } : undefined,
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toMatchObject({ status: false, data: 'unknown_site' });

      const malformed = await admin(
        method,
        contactsUrl('No-Such'),
        method === 'PUT' ? { contacts: NEW_CONTACTS } : undefined,
      );
      expect(malformed.statusCode).toBe(400);
      expect(malformed.body).toMatchObject({ status: false, data: 'validation' });
    }
    const rows = await harness.database.db
      .select()
      .from(brands)
      .where(eq(brands.code, 'nosuchbrand9'));
    expect(rows).toEqual([]);
  });

  it('refuses anyone without an operator session, a member included, and changes nothing', async () => {
    const code = await harness.createBrand({});
    const before = await storedBrand(code);
    const member = await harness.register({ brand: code, withdrawPassword: null });
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? { contacts: NEW_CONTACTS } : undefined;
      const anonymous = await admin(method, contactsUrl(code), payload, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).toMatchObject({ status: false, data: 'operator_token' });

      // A member's session token is no operator token, in either header.
      const response = await harness.app.inject({
        method,
        url: contactsUrl(code),
        ...(payload ? { payload } : {}),
        headers: { ...member.headers, authorization: `Bearer ${member.token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: false, data: 'operator_token' });
    }
    const after = await storedBrand(code);
    expect(after.contacts).toEqual(before.contacts);
    expect(after.revision).toBe(before.revision);
  });
});
