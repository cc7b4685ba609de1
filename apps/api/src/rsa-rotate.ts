/**
 * npm run rsa:rotate -- <new-key.pem> [--accept-unmatched] [--ignore-sessions]: moves what the
 * database keeps under secrets derived from the RSA key (the exclusion registry's keyed hashes,
 * operators' sealed TOTP secrets) from the current key, RSA_PRIVATE_KEY_FILE, to the new one, in
 * one transaction with a significant event, on the database of the settings (DATABASE_URL, or
 * the embedded one under DATA_DIR). Every API node must be stopped: the embedded database is
 * refused while a server holds it, PostgreSQL while other sessions are connected (unless
 * --ignore-sessions). Prints what it did and what to do next; exits 1 with the reason when it
 * cannot or refuses, having changed nothing. Run again with the same file, it changes nothing.
 * Runbook: "The RSA key"; decision 0030.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { describeDatabase } from './db/describe.ts';
import {
  losses,
  otherSessions,
  rotateRsaKey,
  type RotationReport,
} from './contexts/identity/rsa-rotation/index.ts';
import { AuditLog } from './contexts/platform/audit/index.ts';
import { RsaKeys } from './contexts/platform/rsa/index.ts';

const USAGE = 'usage: npm run rsa:rotate -- <new-key.pem> [--accept-unmatched] [--ignore-sessions]';

class Failure extends Error {}

const say = (line: string) => console.info(`rsa:rotate: ${line}`);

/** Rows and operators listed at most (a wrong current key would list every one). */
const LISTED = 50;
const more = (count: number) => {
  if (count > LISTED) console.info(`  ... and ${count - LISTED} more`);
};

function readKey(file: string, what: string): RsaKeys {
  if (!existsSync(file)) throw new Failure(`${what} ${file} does not exist`);
  try {
    return RsaKeys.fromPem(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Failure(`${what} ${file} is not a PEM RSA private key (${(error as Error).message})`);
  }
}

async function open(config: AppConfig): Promise<{ database: DatabaseHandle; target: string }> {
  // A direct connection when there is one: this is a session's work, not a node's traffic.
  const url = config.databaseSessionUrl ?? config.databaseUrl;
  const target = describeDatabase(config);
  try {
    const database = await openDatabase(
      url
        ? { kind: 'postgres', url, poolSize: 1 }
        : { kind: 'embedded', dataDir: join(config.dataDir, 'embedded'), lockRetries: 0 },
    );
    return { database, target };
  } catch (error) {
    throw new Failure(
      `cannot open ${target}: ${(error as Error).message} (stop every API node first)`,
    );
  }
}

/** Refuses while other sessions are on the PostgreSQL database: a running node is one. */
async function assertNodesStopped(database: DatabaseHandle): Promise<void> {
  if (database.kind !== 'postgres') return;
  const sessions = await otherSessions(database.db);
  if (sessions.length === 0) return;
  for (const session of sessions) {
    console.error(
      `  session ${session.pid}: user ${session.user ?? '?'}, application '${session.application ?? ''}', ` +
        `from ${session.client ?? 'local socket or hidden'}, ${session.state ?? 'state hidden'}, since ${session.since ?? '?'}`,
    );
  }
  throw new Failure(
    `${sessions.length} other session(s) on the database: stop every API node first (a node on ` +
      'the old key would hash registry lookups and open TOTP secrets with it). If none of them ' +
      "is a node (psql, a pooler's idle server connections, monitoring), run again with " +
      '--ignore-sessions.',
  );
}

function printReport(report: RotationReport): void {
  const { registry, totp } = report;
  const lost = losses(report);
  say(
    `exclusion registry: ${registry.entries} row(s): ${registry.rekeyed} re-keyed, ` +
      `${registry.alreadyNew} already under the new key, ${registry.unmatched.length} not ` +
      `re-derivable (${lost.registryLive} live, ${registry.unmatched.length - lost.registryLive} ended)`,
  );
  for (const entry of registry.unmatched.slice(0, LISTED)) {
    console.info(
      `  not re-derivable: registry row ${entry.id}, exclusion ${entry.exclusionId}, member ` +
        `${entry.memberId} (${entry.brandCode}), ${entry.kind}, ${entry.live ? 'live' : 'ended'}`,
    );
  }
  more(registry.unmatched.length);
  say(
    `operator TOTP: ${totp.secrets} sealed secret(s) of ${totp.operators} operator(s): ` +
      `${totp.resealed} resealed, ${totp.alreadyNew} already under the new key, ` +
      `${totp.unreadable.length} unreadable with either key`,
  );
  for (const secret of totp.unreadable.slice(0, LISTED)) {
    console.info(
      `  unreadable: operator ${secret.username} (id ${secret.operatorId}), ${secret.secret} secret`,
    );
  }
  more(totp.unreadable.length);
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        'accept-unmatched': { type: 'boolean', default: false },
        'ignore-sessions': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new Failure(`${(error as Error).message}\n${USAGE}`);
  }
  const [newFile, ...extra] = parsed.positionals;
  if (!newFile || extra.length > 0) throw new Failure(USAGE);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    throw new Failure(`invalid settings: ${(error as Error).message}`);
  }
  const newPath = resolve(newFile);
  // The current key is read, never made: a missing file here means the wrong settings.
  const from = readKey(config.rsaPrivateKeyFile, 'the current key (RSA_PRIVATE_KEY_FILE)');
  const to = readKey(newPath, 'the new key');
  say(`current key ${from.fingerprint} (${config.rsaPrivateKeyFile})`);
  say(`new key     ${to.fingerprint} (${newPath})`);
  if (from.fingerprint === to.fingerprint) {
    say('the new key is the current key: nothing to re-key');
    return 0;
  }
  if ((statSync(newPath).mode & 0o077) !== 0) {
    say(`warning: ${newPath} is readable by others: make it mode 0600 before installing it`);
  }

  const { database, target } = await open(config);
  let report: RotationReport;
  try {
    if (!parsed.values['ignore-sessions']) await assertNodesStopped(database);
    report = await rotateRsaKey(
      database.db,
      new AuditLog(database.db),
      { from, to },
      { acceptUnmatched: parsed.values['accept-unmatched'] },
    );
  } finally {
    await database.close();
  }
  say(`database: ${target}`);
  printReport(report);
  const lost = losses(report);
  const install =
    `install ${newPath} as RSA_PRIVATE_KEY_FILE (${config.rsaPrivateKeyFile}) on every node, ` +
    'mode 0600, then start the nodes: no node may run on the old key from now on. Keep the old ' +
    'key apart until they answer, then destroy it.';
  switch (report.outcome) {
    case 'refused':
      console.error(
        `rsa:rotate: refused, nothing changed: ${lost.registryLive} live registry row(s) cannot ` +
          `be re-derived and ${lost.totpEnabled} enrolled TOTP secret(s) open with neither key. ` +
          'Check first that RSA_PRIVATE_KEY_FILE is the key the nodes ran with. If it is, run ' +
          'again with --accept-unmatched: those rows are kept but match nothing under the new ' +
          "key (record those people's exclusions again), and those operators' TOTP must be " +
          'reset (runbook, "Operators").',
      );
      return 1;
    case 'unchanged': {
      const { registry, totp } = report;
      const unmatched = registry.unmatched.length + totp.unreadable.length;
      if (unmatched > 0 && registry.alreadyNew + totp.alreadyNew === 0) {
        // Accepted, but nothing was under either key: the current key is most likely wrong.
        console.error(
          'rsa:rotate: nothing changed, and nothing listed matches the current key or the new ' +
            'one: check that RSA_PRIVATE_KEY_FILE is the key the nodes ran with before ' +
            'installing anything.',
        );
        return 1;
      }
      say(
        registry.entries + totp.secrets === 0
          ? 'the database keeps nothing under the key: nothing changed'
          : `everything ${unmatched > 0 ? 'that can be carried over ' : ''}is already under the new key: nothing changed`,
      );
      say(`if not done yet, ${install}`);
      return 0;
    }
    case 'rotated':
      if (lost.registryLive > 0 || lost.totpEnabled > 0) {
        say(
          `accepted: ${lost.registryLive} live registry row(s) kept that match nothing now, ` +
            `${lost.totpEnabled} operator TOTP secret(s) to reset; the event names them`,
        );
      }
      say('done in one transaction, recorded as significant event rsa_key_rotated');
      say(`now ${install}`);
      return 0;
    case 'same_key':
      say('the new key is the current key: nothing to re-key');
      return 0;
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (!(error instanceof Failure)) throw error;
  console.error(`rsa:rotate: ${error.message}`);
  process.exitCode = 1;
}
