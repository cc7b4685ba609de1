import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { encryptFor, get, post, publicKeyOf, uniqueUsername } from '../../../test/members.ts';
import { enrolTotp } from '../../../test/operators.ts';
import { AuditLog } from '../../platform/audit/index.ts';
import { RsaKeys } from '../../platform/rsa/index.ts';
import { TotpVault } from '../operator/operator-totp.ts';
import { OperatorService, TOTP_KEY_LABEL } from '../operator/index.ts';
import { identifierHash } from '../registry/registry.rules.ts';
import {
  ExclusionRegistry,
  identifiersOf,
  REGISTRY_KEY_LABEL,
  type Identifier,
} from '../registry/index.ts';
import { rotateRsaKey } from './index.ts';

/**
 * Rotating the RSA key (npm run rsa:rotate) on a real database: an excluded member's registry
 * rows and operators' TOTP secrets, written by the app under key A, move to key B in one
 * transaction; a lookup of the person then matches under B and not under A, an operator's code
 * verifies under B, and a second run changes nothing. On PostgreSQL other test files share the
 * database (their rows are under keys of their own): every count here is of this file's rows,
 * the only ones under key A or B.
 */
const TEST_CODE = 'T3ST';
const PASSWORD = 'Secret123';
const OPERATOR_PASSWORD = 'operator-pass-1';
const keyA = RsaKeys.generate();
const keyB = RsaKeys.generate();
let h: TestApp;
let audit: AuditLog;
let publicKey: string;

const hostOf = (brand: string) => ({ host: `${brand}.lobby.test` });
const registryUnder = (keys: RsaKeys) =>
  new ExclusionRegistry({ db: h.database.db, key: keys.deriveSecret(REGISTRY_KEY_LABEL) });
const operatorsUnder = (keys: RsaKeys) =>
  new OperatorService(h.database.db, { totpKey: keys.deriveSecret(TOTP_KEY_LABEL) });

beforeAll(async () => {
  h = await createTestApp({ rsa: keyA, captchaTestCode: TEST_CODE });
  audit = new AuditLog(h.database.db);
  publicKey = await publicKeyOf(h.app);
});
afterAll(async () => {
  await h?.close();
});

async function captcha(brand: string): Promise<string> {
  const response = await get(h.app, '/api/f/v1/captcha', hostOf(brand));
  return (response.body.data as { key: string }).key;
}

/**
 * A member of `brand` with a phone, an e-mail, a real name and a birth date, self-excluded
 * through the API (the app, on key A, writes the registry): answers the person's identifiers.
 */
async function excludedMember(brand: string): Promise<{ id: bigint; identifiers: Identifier[] }> {
  const username = uniqueUsername('rk');
  const registered = await post(
    h.app,
    '/api/f/v1/member/register',
    {
      username,
      password: encryptFor(publicKey, PASSWORD),
      confirmPassword: encryptFor(publicKey, PASSWORD),
      key: await captcha(brand),
      code: TEST_CODE,
    },
    hostOf(brand),
  );
  expect(registered.body, JSON.stringify(registered.body)).toMatchObject({ status: true });
  const person = {
    phoneAreaCode: '86',
    phone: `139${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, '0')}`,
    email: `${username}@example.com`,
    realName: `测试${randomBytes(3).toString('hex')}`,
    dateOfBirth: '1990-02-03',
  };
  const rows = await queryRows<{ id: string }>(
    h.database.db,
    sql`update members set phone_area_code = ${person.phoneAreaCode}, phone = ${person.phone},
          email = ${person.email}, real_name = ${person.realName},
          date_of_birth = ${person.dateOfBirth}
        where username = ${username} and brand_code = ${brand} returning id`,
  );
  const taken = await h.app.inject({
    method: 'POST',
    url: '/api/f/v1/protection/exclusion',
    headers: { t: String(registered.headers.id), ...hostOf(brand) },
    payload: { kind: 'self_exclusion', period: 'permanent', confirm: true },
  });
  expect(taken.json()).toMatchObject({ status: true });
  return { id: BigInt(rows[0]!.id), identifiers: identifiersOf(person) };
}

/** An operator enrolled in TOTP through the API (sealed under key A): answers the secret. */
async function enrolledOperator(): Promise<{ username: string; secret: string }> {
  const username = uniqueUsername('rko');
  await operatorsUnder(keyA).seedAdmin(username, OPERATOR_PASSWORD);
  const login = await h.app.inject({
    method: 'POST',
    url: '/admin/api/login',
    payload: { username, password: OPERATOR_PASSWORD },
  });
  const { secret } = await enrolTotp(h.app, login.json<{ data: { token: string } }>().data.token);
  return { username, secret };
}

/** An operator who started enrolling and stopped: a pending secret, sealed under key A. */
async function pendingOperator(): Promise<string> {
  const username = uniqueUsername('rkp');
  await operatorsUnder(keyA).seedAdmin(username, OPERATOR_PASSWORD);
  const login = await h.app.inject({
    method: 'POST',
    url: '/admin/api/login',
    payload: { username, password: OPERATOR_PASSWORD },
  });
  const setup = await h.app.inject({
    method: 'POST',
    url: '/admin/api/me/totp/setup',
    headers: { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` },
    payload: {},
  });
  expect(setup.json()).toMatchObject({ status: true });
  return username;
}

/** A code of the next 30-second step: newer than the one enrolment used. */
const nextStepCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** What this file's rows hold: the registry rows of its members and its operators' secrets. */
async function snapshot(memberIds: bigint[], usernames: string[]) {
  const registry = await queryRows<{ id: string; identifier_hash: string }>(
    h.database.db,
    sql`select id::text, identifier_hash from exclusion_registry
        where member_id in (${sql.join(
          memberIds.map((id) => sql`${String(id)}::bigint`),
          sql`, `,
        )}) order by id`,
  );
  const operators = await queryRows<{
    username: string;
    totp_secret: string | null;
    totp_pending_secret: string | null;
    totp_last_step: string | null;
  }>(
    h.database.db,
    sql`select username, totp_secret, totp_pending_secret, totp_last_step::text from operators
        where username in (${sql.join(
          usernames.map((name) => sql`${name}`),
          sql`, `,
        )}) order by username`,
  );
  return { registry, operators };
}

async function rotationEvents(toKey: string) {
  return queryRows<{ details: Record<string, unknown> | string; actor_type: string }>(
    h.database.db,
    sql`select details, actor_type from audit_events
        where kind = 'rsa_key_rotated' and chain = '' and details->>'toKey' = ${toKey}`,
  );
}

describe('rotating the RSA key', () => {
  let member: { id: bigint; identifiers: Identifier[] };
  let operator: { username: string; secret: string };
  let pending: string;
  let plantedId: bigint;

  beforeAll(async () => {
    member = await excludedMember('jinsheng');
    operator = await enrolledOperator();
    pending = await pendingOperator();
    // A live row no member field holds (an ID number): it cannot be re-derived from anything.
    const exclusion = await queryRows<{ exclusion_id: string }>(
      h.database.db,
      sql`select exclusion_id::text from exclusion_registry
          where member_id = ${String(member.id)}::bigint limit 1`,
    );
    const planted = await queryRows<{ id: string }>(
      h.database.db,
      sql`insert into exclusion_registry
            (identifier_hash, identifier_kind, exclusion_id, member_id, brand_code, starts_at)
          values (${identifierHash(keyA.deriveSecret(REGISTRY_KEY_LABEL), { kind: 'id_number', value: 'G12345678' })},
                  'id_number', ${exclusion[0]!.exclusion_id}::bigint, ${String(member.id)}::bigint,
                  'jinsheng', now())
          returning id::text`,
    );
    plantedId = BigInt(planted[0]!.id);
  });

  it('sets up what the app wrote under key A: the person matches under A only', async () => {
    expect(await registryUnder(keyA).matches(member.identifiers)).toHaveLength(3);
    expect(await registryUnder(keyB).matches(member.identifiers)).toHaveLength(0);
  });

  it('refuses, changing nothing, while a live registry row cannot be re-derived', async () => {
    const before = await snapshot([member.id], [operator.username, pending]);
    const report = await rotateRsaKey(h.database.db, audit, { from: keyA, to: keyB });
    expect(report.outcome).toBe('refused');
    expect(report.registry.unmatched).toContainEqual(
      expect.objectContaining({ id: plantedId, kind: 'id_number', live: true }),
    );
    // What it would have done, had it gone on.
    expect(report.registry.rekeyed).toBe(3);
    expect(report.totp.resealed).toBe(2);
    expect(await snapshot([member.id], [operator.username, pending])).toEqual(before);
    expect(await rotationEvents(keyB.fingerprint)).toHaveLength(0);
  });

  it('moves the registry and the TOTP secrets to key B in one run, with its event', async () => {
    const report = await rotateRsaKey(
      h.database.db,
      audit,
      { from: keyA, to: keyB },
      { acceptUnmatched: true },
    );
    expect(report).toMatchObject({
      outcome: 'rotated',
      from: keyA.fingerprint,
      to: keyB.fingerprint,
      registry: { rekeyed: 3, alreadyNew: 0 },
      totp: { resealed: 2, alreadyNew: 0 },
    });

    // The person's lookup matches under B, and no longer under A.
    expect(await registryUnder(keyB).matches(member.identifiers)).toHaveLength(3);
    expect(await registryUnder(keyA).matches(member.identifiers)).toHaveLength(0);
    await expect(registryUnder(keyB).assertNotExcluded(member.identifiers)).rejects.toMatchObject({
      code: 'self_excluded',
    });
    // The planted row is kept as it was: still live, still under A, matching nothing under B.
    const planted = await queryRows<{ identifier_hash: string; ended_at: string | null }>(
      h.database.db,
      sql`select identifier_hash, ended_at::text from exclusion_registry
          where id = ${String(plantedId)}::bigint`,
    );
    expect(planted).toEqual([
      {
        identifier_hash: identifierHash(keyA.deriveSecret(REGISTRY_KEY_LABEL), {
          kind: 'id_number',
          value: 'G12345678',
        }),
        ended_at: null,
      },
    ]);

    // The enrolled operator's code verifies under B; under A the secret no longer opens.
    const code = await nextStepCode(operator.secret);
    await expect(
      operatorsUnder(keyA).login({
        username: operator.username,
        password: OPERATOR_PASSWORD,
        ip: '127.0.0.1',
        totp: code,
      }),
    ).rejects.toThrow();
    const session = await operatorsUnder(keyB).login({
      username: operator.username,
      password: OPERATOR_PASSWORD,
      ip: '127.0.0.1',
      totp: code,
    });
    expect(session.token).toBeTruthy();
    // The pending secret too: it opens under B, so the enrolment can still be confirmed.
    const [row] = (await snapshot([member.id], [pending])).operators;
    expect(() =>
      new TotpVault(keyB.deriveSecret(TOTP_KEY_LABEL)).open(row!.totp_pending_secret!),
    ).not.toThrow();

    // One significant event, by the system, with counts and fingerprints and no secret.
    const events = await rotationEvents(keyB.fingerprint);
    expect(events).toHaveLength(1);
    const details =
      typeof events[0]!.details === 'string'
        ? (JSON.parse(events[0]!.details) as Record<string, unknown>)
        : events[0]!.details;
    expect(events[0]!.actor_type).toBe('system');
    expect(details).toMatchObject({
      fromKey: keyA.fingerprint,
      toKey: keyB.fingerprint,
      registry: { rekeyed: 3, alreadyNew: 0 },
      totp: { resealed: 2 },
      acceptedUnmatched: true,
    });
    expect((details.registry as { unmatchedLive: number }).unmatchedLive).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(details);
    for (const identifier of member.identifiers) {
      expect(text).not.toContain(identifier.value.split('|')[0]);
    }
    expect(text).not.toContain(operator.secret);
    expect(text).not.toContain('PRIVATE KEY');
    expect((await audit.verify()).filter((found) => found.chain === '')).toEqual([]);
  });

  it('changes nothing when run again with the same keys', async () => {
    const before = await snapshot([member.id], [operator.username, pending]);
    const report = await rotateRsaKey(
      h.database.db,
      audit,
      { from: keyA, to: keyB },
      { acceptUnmatched: true },
    );
    expect(report).toMatchObject({
      outcome: 'unchanged',
      registry: { rekeyed: 0, alreadyNew: 3 },
      totp: { resealed: 0, alreadyNew: 2 },
    });
    expect(await snapshot([member.id], [operator.username, pending])).toEqual(before);
    expect(await rotationEvents(keyB.fingerprint)).toHaveLength(1);
  });

  it('re-keys, when run again, only what a node still on key A wrote after it', async () => {
    // The test app still runs on key A: exactly a node that was not stopped.
    const late = await excludedMember('fuyun');
    expect(await registryUnder(keyB).matches(late.identifiers)).toHaveLength(0);
    const report = await rotateRsaKey(
      h.database.db,
      audit,
      { from: keyA, to: keyB },
      { acceptUnmatched: true },
    );
    expect(report).toMatchObject({
      outcome: 'rotated',
      registry: { rekeyed: 3, alreadyNew: 3 },
      totp: { resealed: 0, alreadyNew: 2 },
    });
    expect(await registryUnder(keyB).matches(late.identifiers)).toHaveLength(3);
    expect(await registryUnder(keyB).matches(member.identifiers)).toHaveLength(3);
  });

  it('refuses a current key the data was not written with, and does nothing for the same key', async () => {
    const wrong = RsaKeys.generate();
    const before = await snapshot([member.id], [operator.username, pending]);
    const report = await rotateRsaKey(h.database.db, audit, {
      from: wrong,
      to: RsaKeys.generate(),
    });
    expect(report.outcome).toBe('refused');
    expect(report.registry.rekeyed).toBe(0);
    expect(report.totp.unreadable).toContainEqual(
      expect.objectContaining({ username: operator.username, secret: 'enabled' }),
    );
    expect(await snapshot([member.id], [operator.username, pending])).toEqual(before);

    const same = await rotateRsaKey(h.database.db, audit, { from: keyB, to: keyB });
    expect(same.outcome).toBe('same_key');
  });
});
