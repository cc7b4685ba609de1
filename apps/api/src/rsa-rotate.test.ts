import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '@lobby/database';
import { TotpVault } from './contexts/identity/operator/operator-totp.ts';
import { TOTP_KEY_LABEL, operators } from './contexts/identity/operator/index.ts';
import { members } from './contexts/identity/member/index.ts';
import {
  ExclusionRegistry,
  REGISTRY_KEY_LABEL,
  identifiersOf,
} from './contexts/identity/registry/index.ts';
import { seedDemoBrands } from './contexts/platform/brand/index.ts';
import { RsaKeys } from './contexts/platform/rsa/index.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';

/**
 * `npm run rsa:rotate` run as the runbook runs it: a child process of npm, in the repository,
 * with a node's settings in its environment, the nodes stopped. On the embedded database in the
 * default run, on a fresh PostgreSQL database of the server in DATABASE_URL in the PostgreSQL run.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..');
const serverUrl = process.env.DATABASE_URL;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

type Run = { code: number; stdout: string; stderr: string };

function rotate(settings: NodeJS.ProcessEnv, args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  for (const name of ['DATABASE_URL', 'DATABASE_SESSION_URL', 'DATA_DIR', 'RSA_PRIVATE_KEY_FILE'])
    delete env[name];
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'rsa:rotate', '--', ...args],
      { cwd: ROOT, env: { ...env, ...settings } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A new private key as `openssl genpkey` writes it (PKCS#8 PEM). */
const newPem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
const pemA = newPem();
const pemB = newPem();
const keyA = RsaKeys.fromPem(pemA);
const keyB = RsaKeys.fromPem(pemB);

/** A person excluded under key A and an operator enrolled under key A. */
async function seed(database: DatabaseHandle) {
  const db = database.db;
  await seedDemoBrands(db);
  const suffix = randomBytes(5).toString('hex');
  const person = {
    phoneAreaCode: '86',
    phone: `1380${String(randomBytes(4).readUInt32BE() % 1e7).padStart(7, '0')}`,
    email: `rot${suffix}@example.com`,
    realName: `轮换${suffix}`,
    dateOfBirth: '1985-06-07',
  };
  const [member] = await db
    .insert(members)
    .values({
      brandCode: 'jinsheng',
      username: `Rot${suffix}`,
      usernameKey: `rot${suffix}`,
      passwordHash: 'x',
      inviteCode: `RT${suffix}`.toUpperCase(),
      ...person,
    })
    .returning({ id: members.id });
  const registry = new ExclusionRegistry({ db, key: keyA.deriveSecret(REGISTRY_KEY_LABEL) });
  const start = new Date();
  await registry.record(
    db,
    { id: 1n, memberId: member!.id, brandCode: 'jinsheng', startsAt: start, endsAt: null },
    identifiersOf(person),
  );
  await db.insert(operators).values({
    username: `rot${suffix}`,
    passwordHash: 'x',
    role: 'super_admin',
    allBrands: true,
    totpSecret: new TotpVault(keyA.deriveSecret(TOTP_KEY_LABEL)).seal(TOTP_SECRET),
    totpEnabledAt: start,
  });
  return { identifiers: identifiersOf(person), username: `rot${suffix}` };
}

/** What the database holds afterwards, read under key `keys`. */
async function readUnder(database: DatabaseHandle, keys: RsaKeys, seeded: Seeded) {
  const registry = new ExclusionRegistry({
    db: database.db,
    key: keys.deriveSecret(REGISTRY_KEY_LABEL),
  });
  const rows = await database.db.select().from(operators);
  const sealed = rows.find((row) => row.username === seeded.username)?.totpSecret ?? '';
  let secret: string | null;
  try {
    secret = new TotpVault(keys.deriveSecret(TOTP_KEY_LABEL)).open(sealed);
  } catch {
    secret = null;
  }
  return { matches: (await registry.matches(seeded.identifiers)).length, secret };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

let dir: string;
let newKeyFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lobby-rsa-rotate-'));
  newKeyFile = join(dir, 'new-rsa-private.pem');
  await writeFile(newKeyFile, pemB, { mode: 0o600 });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.runIf(!serverUrl)(
  'npm run rsa:rotate on the embedded database',
  { timeout: 120_000 },
  () => {
    let dataDir: string;
    let seeded: Seeded;
    beforeAll(async () => {
      dataDir = join(dir, 'data');
      await mkdir(join(dataDir, 'keys'), { recursive: true });
      // The nodes' key: RSA_PRIVATE_KEY_FILE's default under DATA_DIR.
      await writeFile(join(dataDir, 'keys', 'rsa-private.pem'), pemA, { mode: 0o600 });
      const database = await openDatabase({
        kind: 'embedded',
        dataDir: join(dataDir, 'embedded'),
        lockRetries: 0,
      });
      try {
        seeded = await seed(database);
      } finally {
        await database.close();
      }
    });

    it('says how to call it, and refuses while a server holds the data directory', async () => {
      const bare = await rotate({ DATA_DIR: dataDir }, []);
      expect(bare.code).toBe(1);
      expect(bare.stderr).toContain('usage: npm run rsa:rotate -- <new-key.pem>');

      const release = await lockDataDir(join(dataDir, 'embedded'), { retries: 0 });
      try {
        const run = await rotate({ DATA_DIR: dataDir }, [newKeyFile]);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('rsa:rotate: cannot open the embedded database');
        expect(run.stderr).toContain('stop every API node first');
      } finally {
        await release();
      }
    });

    it('refuses a current key the data was not written with, even told to accept', async () => {
      const wrongFile = join(dir, 'wrong-rsa-private.pem');
      await writeFile(wrongFile, newPem(), { mode: 0o600 });
      const settings = { DATA_DIR: dataDir, RSA_PRIVATE_KEY_FILE: wrongFile };
      const refused = await rotate(settings, [newKeyFile]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain('3 not re-derivable (3 live, 0 ended)');
      expect(refused.stdout).toMatch(/unreadable: operator rot\w+ \(id \d+\), enabled secret/);
      expect(refused.stderr).toContain('rsa:rotate: refused, nothing changed');
      const accepted = await rotate(settings, [newKeyFile, '--accept-unmatched']);
      expect(accepted.code).toBe(1);
      expect(accepted.stderr).toContain('nothing listed matches the current key or the new one');
    });

    it('re-keys, prints what it did and what to do next, then changes nothing', async () => {
      const first = await rotate({ DATA_DIR: dataDir }, [newKeyFile]);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`new key     ${keyB.fingerprint}`);
      expect(first.stdout).toContain('exclusion registry: 3 row(s): 3 re-keyed');
      expect(first.stdout).toContain(
        'operator TOTP: 1 sealed secret(s) of 1 operator(s): 1 resealed',
      );
      expect(first.stdout).toContain(`install ${newKeyFile} as RSA_PRIVATE_KEY_FILE`);
      expect(first.stdout).not.toMatch(/PRIVATE KEY-----|JBSWY3DPEHPK3PXP/);

      const again = await rotate({ DATA_DIR: dataDir }, [newKeyFile]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('3 already under the new key');
      expect(again.stdout).toContain('everything is already under the new key: nothing changed');

      const database = await openDatabase({
        kind: 'embedded',
        dataDir: join(dataDir, 'embedded'),
        lockRetries: 0,
      });
      try {
        expect(await readUnder(database, keyB, seeded)).toEqual({
          matches: 3,
          secret: TOTP_SECRET,
        });
        expect(await readUnder(database, keyA, seeded)).toEqual({ matches: 0, secret: null });
      } finally {
        await database.close();
      }
    });
  },
);

describe.runIf(serverUrl)('npm run rsa:rotate on PostgreSQL', { timeout: 120_000 }, () => {
  const name = `lobby_rsa_rotate_${Date.now()}_${randomUUID().slice(0, 8)}`;
  let databaseUrl: string;
  let keyFile: string;
  let seeded: Seeded;

  async function onServer<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await onServer((client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    keyFile = join(dir, 'current-rsa-private.pem');
    await writeFile(keyFile, pemA, { mode: 0o600 });
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
    try {
      seeded = await seed(database);
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  it('refuses while another session is on the database, naming it', async () => {
    await onServer(async () => {
      const run = await rotate({ DATABASE_URL: databaseUrl, RSA_PRIVATE_KEY_FILE: keyFile }, [
        newKeyFile,
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('rsa:rotate: 1 other session(s) on the database');
      expect(run.stderr).toMatch(/session \d+: user /);
    }, databaseUrl);
  });

  it('re-keys once the nodes are gone, then changes nothing', async () => {
    const settings = { DATABASE_URL: databaseUrl, RSA_PRIVATE_KEY_FILE: keyFile };
    const first = await rotate(settings, [newKeyFile]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('exclusion registry: 3 row(s): 3 re-keyed');
    expect(first.stdout).toContain('1 resealed');
    expect(first.stdout).toContain(`/${name}`);

    const again = await rotate(settings, [newKeyFile]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing changed');

    const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
    try {
      expect(await readUnder(database, keyB, seeded)).toEqual({ matches: 3, secret: TOTP_SECRET });
    } finally {
      await database.close();
    }
  });
});
