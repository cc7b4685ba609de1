import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminBrandListItem,
  AdminBrandSettings,
  AdminBrandVersion,
  BrandPublicConfig,
  BrandSettingsInput,
} from '@lobby/contracts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { createOperator } from '../../identity/operator/operator.test-support.ts';
import { brandHosts, brands, brandVersions } from '../../platform/brand/brand.schema.ts';
import { BrandRegistry } from '../../platform/brand/brand.service.ts';
import { silentLogger } from '../../../test/logger.ts';
import { get } from '../../../test/members.ts';
import { createWalletTestApp, type WalletTestApp } from '../../money/withdrawal/wallet-test-app.ts';

/**
 * A brand's settings in the back office (issue 16, part 7): read and replaced with
 * `brands.manage`, every change of the row versioned (whatever call made it) and action logged,
 * a version restored as a change of its own, and a brand created from a copy of another. Each
 * test works on brands of its own, so the demo brands never change.
 */
let h: WalletTestApp;

beforeAll(async () => {
  h = await createWalletTestApp();
});
afterAll(async () => {
  await h.close();
});

type Answer = { statusCode: number; body: { status: boolean; data: unknown; message?: string } };

async function admin(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const bearer = token ?? (await h.operatorToken());
  const response = await h.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${bearer}`, ...headers },
  });
  return { statusCode: response.statusCode, body: response.json<Answer['body']>() };
}

const settingsUrl = (code: string) => `/admin/api/brands/${code}/settings`;
const versionsUrl = (code: string) => `/admin/api/brands/${code}/versions`;
const restoreUrl = (code: string, revision: string) =>
  `/admin/api/brands/${code}/versions/${revision}/restore`;

async function settingsOf(code: string): Promise<AdminBrandSettings> {
  const answer = await admin('GET', settingsUrl(code));
  expect(answer.statusCode).toBe(200);
  return answer.body.data as AdminBrandSettings;
}

/** The brand's config as its member site receives it, through its host. */
async function memberConfig(code: string): Promise<BrandPublicConfig> {
  const answer = await get(h.app, '/api/f/v1/site/config', { host: `${code}.lobby.test` });
  expect(answer.body.status).toBe(true);
  return answer.body.data as BrandPublicConfig;
}

async function storedBrand(code: string) {
  const rows = await h.database.db.select().from(brands).where(eq(brands.code, code));
  const row = rows[0];
  if (!row) throw new Error(`no brand ${code}`);
  return row;
}

async function actionsOn(code: string) {
  return h.database.db
    .select()
    .from(operatorActions)
    .where(and(eq(operatorActions.targetType, 'brand'), eq(operatorActions.targetId, code)))
    .orderBy(desc(operatorActions.id));
}

async function versionsOf(code: string) {
  return h.database.db
    .select()
    .from(brandVersions)
    .where(eq(brandVersions.brandCode, code))
    .orderBy(asc(brandVersions.revision));
}

function withPrimary(current: AdminBrandSettings, primary: string): BrandSettingsInput {
  return {
    ...(current.settings as BrandSettingsInput),
    theme: { ...current.settings.theme, primary },
  };
}

describe('GET and PUT /admin/api/brands/:code/settings', () => {
  it('replaces the settings, keeps the old row as a version, logs it and serves it at once', async () => {
    const code = await h.createBrand({});
    const original = await settingsOf(code);
    expect(original).toMatchObject({
      brand: code,
      hosts: [`${code}.lobby.test`],
      isDefault: false,
    });
    const config = await memberConfig(code);
    expect(original.settings.theme).toEqual(config.theme);
    expect(original.settings.settings.timeZone).toBe('Asia/Shanghai');
    const before = await storedBrand(code);

    const next: BrandSettingsInput = {
      ...withPrimary(original, '#123abc'),
      siteName: ' New name ',
      tagline: 'Fresh',
      currencySymbol: '$',
      avatarUrl: 'https://cdn.example.com/logo.png',
      settings: {
        ...original.settings.settings,
        timeZone: 'Europe/London',
        wallet: { ...original.settings.settings.wallet, withdrawMinMinor: 20_000 },
        registration: { ...original.settings.settings.registration },
      },
    };
    const put = await admin('PUT', settingsUrl(code), {
      settings: next,
      revision: original.revision,
      reason: 'new look',
    });
    expect(put.statusCode).toBe(200);
    const changed = put.body.data as AdminBrandSettings;
    expect(changed.settings.siteName).toBe('New name');
    expect(changed.settings.theme.primary).toBe('#123abc');
    expect(changed.settings.settings.timeZone).toBe('Europe/London');
    expect(BigInt(changed.revision)).toBe(BigInt(original.revision) + 1n);

    // The member site has it on the next request, with no wait.
    const served = await memberConfig(code);
    expect(served.theme.primary).toBe('#123abc');
    expect(served.siteName).toBe('New name');
    expect(served.currencySymbol).toBe('$');
    expect(served.settings.wallet.withdrawMinMinor).toBe(20_000);
    expect(h.app.brands.get(code)?.revision).toBe(BigInt(changed.revision));

    // The row before the change is kept whole, with who, why and which change.
    const kept = await versionsOf(code);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      revision: before.revision,
      action: 'brand_settings_update',
      reason: 'new look',
      changedByName: expect.any(String),
    });
    expect(kept[0]?.row).toMatchObject({
      code,
      siteName: before.siteName,
      theme: before.theme,
      revision: before.revision.toString(),
      compliance: before.compliance,
    });

    const logged = await actionsOn(code);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      action: 'brand_settings_update',
      brandCode: code,
      reason: 'new look',
      details: {
        before: { siteName: before.siteName, theme: before.theme },
        after: { siteName: 'New name', theme: { ...before.theme, primary: '#123abc' } },
        revision: changed.revision,
      },
    });
    // Only what changed is in the log row.
    expect(Object.keys((logged[0]?.details as { before: object }).before).sort()).toEqual([
      'avatarUrl',
      'currencySymbol',
      'settings',
      'siteName',
      'tagline',
      'theme',
    ]);
  });

  it("reaches another node's brand cache", async () => {
    const code = await h.createBrand({});
    const otherNode = new BrandRegistry(h.database.db, h.cache, silentLogger, undefined);
    await otherNode.load();
    await otherNode.startWatching();
    try {
      const original = await settingsOf(code);
      const put = await admin('PUT', settingsUrl(code), {
        settings: withPrimary(original, '#00ff00'),
        revision: original.revision,
      });
      expect(put.statusCode).toBe(200);
      const revision = BigInt((put.body.data as AdminBrandSettings).revision);
      await expect.poll(() => otherNode.get(code)?.revision).toBe(revision);
      expect(otherNode.get(code)?.config.theme.primary).toBe('#00ff00');
    } finally {
      await otherNode.stopWatching();
    }
  });

  it('refuses a change made on a stale revision, and bad input, changing nothing', async () => {
    const code = await h.createBrand({});
    const original = await settingsOf(code);
    const good = original.settings as BrandSettingsInput;
    const before = await storedBrand(code);
    const stale = await admin('PUT', settingsUrl(code), {
      settings: withPrimary(original, '#111111'),
      revision: String(BigInt(original.revision) - 1n),
    });
    expect([stale.statusCode, stale.body.data]).toEqual([409, 'brand_stale']);

    const wallet = original.settings.settings.wallet;
    const bad: [string, unknown, string][] = [
      ['colour by name', { ...good, theme: { ...good.theme, primary: 'red' } }, 'validation'],
      ['blank name', { ...good, siteName: '  ' }, 'validation'],
      ['unknown language', { ...good, language: 'fr' }, 'validation'],
      ['script logo', { ...good, avatarUrl: 'javascript:alert(1)' }, 'validation'],
      ['protocol-relative logo', { ...good, avatarUrl: '//cdn.example/a.png' }, 'validation'],
      ['plain http icon', { ...good, currencyIconUrl: 'http://cdn.example/a.png' }, 'validation'],
      ['no logo', { ...good, avatarUrl: '' }, 'validation'],
      ['lower-case currency', { ...good, currencyCode: 'cny' }, 'validation'],
      ['unknown currency', { ...good, currencyCode: 'XQZ' }, 'brand_currency_unknown'],
      ['long symbol', { ...good, currencySymbol: 'abcde' }, 'validation'],
      [
        'plain http statistics',
        {
          ...good,
          statistics: {
            ...good.statistics,
            default: [{ kind: '51la', url: 'http://sdk.51.la/x.js', platform_ck: 'x' }],
          },
        },
        'validation',
      ],
      [
        'unknown time zone',
        { ...good, settings: { ...good.settings, timeZone: 'Mars/Olympus' } },
        'validation',
      ],
      [
        'smallest withdrawal above largest',
        {
          ...good,
          settings: {
            ...good.settings,
            wallet: { ...wallet, withdrawMinMinor: 10, withdrawMaxMinor: 5 },
          },
        },
        'validation',
      ],
      [
        'fractional amount',
        { ...good, settings: { ...good.settings, wallet: { ...wallet, withdrawMinMinor: 1.5 } } },
        'validation',
      ],
    ];
    for (const [why, settings, code_] of bad) {
      const answer = await admin('PUT', settingsUrl(code), {
        settings,
        revision: original.revision,
      });
      expect([answer.statusCode, answer.body.data], why).toEqual([
        code_ === 'validation' ? 400 : 400,
        code_,
      ]);
      expect(answer.body.message, why).toBeTruthy();
    }
    for (const payload of [{}, { settings: good }, { settings: good, revision: 'x' }]) {
      const answer = await admin('PUT', settingsUrl(code), payload);
      expect([answer.statusCode, answer.body.data]).toEqual([400, 'validation']);
    }
    expect(await storedBrand(code)).toEqual(before);
    expect(await versionsOf(code)).toEqual([]);
    expect(await actionsOn(code)).toEqual([]);
  });

  it('answers unknown_site for a brand that does not exist', async () => {
    const answer = await admin('GET', settingsUrl('nosuchbrand9'));
    expect([answer.statusCode, answer.body.data]).toEqual([400, 'unknown_site']);
    const versions = await admin('GET', versionsUrl('nosuchbrand9'));
    expect([versions.statusCode, versions.body.data]).toEqual([400, 'unknown_site']);
  });
});

describe('brand versions', () => {
  it('versions the contacts and compliance changes too, and lists them newest first', async () => {
    const code = await h.createBrand({});
    const start = await storedBrand(code);
    const contacts = await admin('PUT', `/admin/api/brands/${code}/contacts`, {
      contacts: [{ deviceText: 'Mail', deviceNum: 'help@example.com', action: 1 }],
      reason: 'mail only',
    });
    expect(contacts.statusCode).toBe(200);
    const compliance = await admin('PUT', `/admin/api/brands/${code}/compliance`, {
      profile: 'mga',
      overrides: {},
      reason: 'licence',
    });
    expect(compliance.statusCode).toBe(200);

    const answer = await admin('GET', versionsUrl(code));
    expect(answer.statusCode).toBe(200);
    const list = answer.body.data as {
      current: Record<string, unknown>;
      versions: AdminBrandVersion[];
    };
    expect(
      list.versions.map((version) => [version.revision, version.action, version.reason]),
    ).toEqual([
      [String(start.revision + 1n), 'brand_compliance_update', 'licence'],
      [String(start.revision), 'brand_contacts_update', 'mail only'],
    ]);
    expect(list.versions[1]?.row['contacts']).toEqual(start.contacts);
    expect(list.versions[0]?.row['contacts']).toEqual([
      { deviceText: 'Mail', deviceNum: 'help@example.com', imageUrl: '', action: 1 },
    ]);
    expect(list.current['revision']).toBe(String(start.revision + 2n));
    expect(list.current['compliance']).toMatchObject({ profile: 'mga' });
  });

  it('restores a version as a change of its own, versioned, logged and served at once', async () => {
    const code = await h.createBrand({});
    const original = await settingsOf(code);
    const oldPrimary = original.settings.theme.primary;
    const put = await admin('PUT', settingsUrl(code), {
      settings: withPrimary(original, '#ab0000'),
      revision: original.revision,
    });
    expect(put.statusCode).toBe(200);
    expect((await memberConfig(code)).theme.primary).toBe('#ab0000');

    const restored = await admin('POST', restoreUrl(code, original.revision), {
      reason: 'back to the old colour',
    });
    expect(restored.statusCode).toBe(200);
    const after = restored.body.data as AdminBrandSettings;
    expect(after.settings.theme.primary).toBe(oldPrimary);
    expect(after.revision).toBe(String(BigInt(original.revision) + 2n));
    expect((await memberConfig(code)).theme.primary).toBe(oldPrimary);

    // The restore kept the red row as a version, so it can be undone in turn.
    const kept = await versionsOf(code);
    expect(kept.map((version) => version.action)).toEqual([
      'brand_settings_update',
      'brand_version_restore',
    ]);
    expect((kept[1]?.row['theme'] as { primary: string }).primary).toBe('#ab0000');
    const logged = await actionsOn(code);
    expect(logged[0]).toMatchObject({
      action: 'brand_version_restore',
      reason: 'back to the old colour',
      details: {
        before: { theme: { primary: '#ab0000' } },
        after: { theme: { primary: oldPrimary } },
        restoredRevision: original.revision,
        revision: after.revision,
      },
    });
  });

  it('refuses an unknown version, a missing reason, and a compliance change without its permission', async () => {
    const code = await h.createBrand({});
    const start = await storedBrand(code);
    const unknown = await admin('POST', restoreUrl(code, '999999'), { reason: 'x' });
    expect([unknown.statusCode, unknown.body.data]).toEqual([404, 'brand_version_unknown']);
    const noReason = await admin('POST', restoreUrl(code, start.revision.toString()), {});
    expect([noReason.statusCode, noReason.body.data]).toEqual([400, 'validation']);
    const tooBig = await admin('POST', restoreUrl(code, '9'.repeat(19)), { reason: 'x' });
    expect([tooBig.statusCode, tooBig.body.data]).toEqual([400, 'validation']);

    // A compliance change, then an operator with brands.manage alone tries to undo it.
    expect(
      (
        await admin('PUT', `/admin/api/brands/${code}/compliance`, {
          profile: 'ukgc',
          overrides: {},
          reason: 'licence',
        })
      ).statusCode,
    ).toBe(200);
    const brandsOnly = await createOperator(h, {
      role: 'brand_editor',
      permissions: ['brands.manage'],
    });
    const refused = await admin(
      'POST',
      restoreUrl(code, start.revision.toString()),
      { reason: 'undo' },
      brandsOnly.token,
    );
    expect([refused.statusCode, refused.body.data]).toEqual([403, 'brand_restore_compliance']);
    expect((await storedBrand(code)).compliance).toMatchObject({ profile: 'ukgc' });
    expect(await versionsOf(code)).toHaveLength(1);

    // A version that would not be a valid brand today (stored by hand) is refused.
    await h.database.db
      .update(brandVersions)
      .set({ row: { ...start, revision: start.revision.toString(), theme: { primary: 'red' } } })
      .where(eq(brandVersions.brandCode, code));
    const invalid = await admin('POST', restoreUrl(code, start.revision.toString()), {
      reason: 'undo',
    });
    expect([invalid.statusCode, invalid.body.data]).toEqual([400, 'brand_version_invalid']);
    expect(await versionsOf(code)).toHaveLength(1);
  });
});

describe('POST /admin/api/brands: a brand copied from another', () => {
  it('copies settings, theme, platform list and compliance under a new code, name and hosts', async () => {
    const from = await h.createBrand({ withdrawMinMinor: 12_300 });
    await h.database.db
      .update(brands)
      .set({ platformIds: '5,2,9', compliance: { profile: 'mga', overrides: {} } })
      .where(eq(brands.code, from));
    const source = await storedBrand(from);
    const code = `c${from.slice(1)}`;
    const answer = await admin('POST', '/admin/api/brands', {
      from,
      code,
      siteName: 'Copied',
      hosts: [`${code}.lobby.test`, `WWW.${code}.lobby.test`],
      reason: 'new market',
    });
    expect(answer.statusCode).toBe(200);
    const created = answer.body.data as AdminBrandSettings;
    expect(created).toMatchObject({
      brand: code,
      isDefault: false,
      platformIds: [5, 2, 9],
      hosts: [`${code}.lobby.test`, `www.${code}.lobby.test`],
    });
    expect(created.settings.siteName).toBe('Copied');
    expect(created.settings.theme).toEqual(source.theme);
    const row = await storedBrand(code);
    expect(row.compliance).toEqual(source.compliance);
    expect(row.settings).toEqual(source.settings);
    expect(row.contacts).toEqual(source.contacts);
    // Served at once on its own hosts.
    const served = await memberConfig(code);
    expect(served).toMatchObject({ code, siteName: 'Copied', platformIds: [5, 2, 9] });
    expect(served.settings.wallet.withdrawMinMinor).toBe(12_300);
    expect(await actionsOn(code)).toMatchObject([
      { action: 'brand_create', brandCode: code, reason: 'new market', details: { from } },
    ]);
    // The list shows it.
    const list = (await admin('GET', '/admin/api/brands')).body.data as {
      items: AdminBrandListItem[];
    };
    expect(list.items.find((item) => item.code === code)).toMatchObject({
      siteName: 'Copied',
      primary: source.theme.primary,
    });
  });

  it('refuses a code in use or a host another brand serves, in the three languages', async () => {
    const from = await h.createBrand({});
    const taken = await admin(
      'POST',
      '/admin/api/brands',
      { from, code: from, siteName: 'Again', hosts: ['fresh-host.lobby.test'] },
      undefined,
      { lang: 'en' },
    );
    expect([taken.statusCode, taken.body.data]).toEqual([409, 'brand_code_taken']);
    expect(taken.body.message).toBe('A brand with this code already exists.');

    const code = `d${from.slice(1)}`;
    const messages: string[] = [];
    for (const lang of ['en', 'zh-CN', 'zh-TW']) {
      const host = await admin(
        'POST',
        '/admin/api/brands',
        { from, code, siteName: 'Host', hosts: [`${code}.lobby.test`, `${from}.lobby.test`] },
        undefined,
        { lang },
      );
      expect([host.statusCode, host.body.data]).toEqual([409, 'brand_host_taken']);
      expect(host.body.message).toContain(`${from}.lobby.test`);
      messages.push(host.body.message ?? '');
    }
    expect(new Set(messages).size).toBe(3);
    expect(messages[0]).toMatch(/already belongs/);

    const bad: unknown[] = [
      { from, code: 'Bad-Code', siteName: 'x', hosts: ['a.example.com'] },
      { from, code, siteName: 'x', hosts: [] },
      { from, code, siteName: ' ', hosts: ['a.example.com'] },
      { from, code, siteName: 'x', hosts: ['a.example.com:8080'] },
      { from, code, siteName: 'x', hosts: ['a.example.com', 'A.example.com'] },
    ];
    for (const payload of bad) {
      const answer = await admin('POST', '/admin/api/brands', payload as object);
      expect([answer.statusCode, answer.body.data]).toEqual([400, 'validation']);
    }
    const unknownSource = await admin('POST', '/admin/api/brands', {
      from: 'nosuchbrand9',
      code,
      siteName: 'x',
      hosts: [`${code}.lobby.test`],
    });
    expect([unknownSource.statusCode, unknownSource.body.data]).toEqual([400, 'unknown_site']);
    // Nothing of the refused brand was kept.
    expect(await h.database.db.select().from(brands).where(eq(brands.code, code))).toEqual([]);
    expect(
      await h.database.db.select().from(brandHosts).where(eq(brandHosts.brandCode, code)),
    ).toEqual([]);
    expect(await actionsOn(code)).toEqual([]);
  });
});

describe('who may', () => {
  it('holds an operator to the brands of their scope, and brand creation to all-brand staff', async () => {
    const mine = await h.createBrand({});
    const theirs = await h.createBrand({});
    const limited = await createOperator(h, { role: 'super_admin', brands: [mine] });
    const theirsBefore = await storedBrand(theirs);

    // Their own brand: yes.
    expect((await admin('GET', settingsUrl(mine), undefined, limited.token)).statusCode).toBe(200);
    const list = (await admin('GET', '/admin/api/brands', undefined, limited.token)).body.data as {
      items: AdminBrandListItem[];
    };
    expect(list.items.map((item) => item.code)).toEqual([mine]);

    // Another brand: refused before anything is read or changed.
    const original = await settingsOf(theirs);
    const attempts: [string, string, object | undefined][] = [
      ['GET', settingsUrl(theirs), undefined],
      [
        'PUT',
        settingsUrl(theirs),
        { settings: withPrimary(original, '#222222'), revision: original.revision },
      ],
      ['GET', versionsUrl(theirs), undefined],
      ['POST', restoreUrl(theirs, original.revision), { reason: 'x' }],
    ];
    for (const [method, url, payload] of attempts) {
      const answer = await admin(method as 'GET', url, payload, limited.token);
      expect([answer.statusCode, answer.body.data], `${method} ${url}`).toEqual([403, 'forbidden']);
    }
    // Creating brands is for operators of every brand, even from their own brand.
    const create = await admin(
      'POST',
      '/admin/api/brands',
      {
        from: mine,
        code: `e${mine.slice(1)}`,
        siteName: 'x',
        hosts: [`e${mine.slice(1)}.lobby.test`],
      },
      limited.token,
    );
    expect([create.statusCode, create.body.data]).toEqual([403, 'forbidden']);

    // Without brands.manage: nothing at all.
    const risk = await createOperator(h, { role: 'risk' });
    for (const [method, url, payload] of [
      ['GET', '/admin/api/brands', undefined],
      ['GET', settingsUrl(mine), undefined],
      ['GET', versionsUrl(mine), undefined],
    ] as const) {
      const answer = await admin(method, url, payload, risk.token);
      expect([answer.statusCode, answer.body.data]).toEqual([403, 'forbidden']);
    }
    expect(await storedBrand(theirs)).toEqual(theirsBefore);
    expect(await versionsOf(theirs)).toEqual([]);
  });
});
