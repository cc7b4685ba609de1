import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client.ts';
import { members } from '../../identity/member/member.schema.ts';
import { ledgerAccounts, postings } from './ledger.schema.ts';
import { seedDemoBrands } from '../../platform/brand/brand.service.ts';
import { onPostgres, openTestDatabase } from '../../../test/database.ts';
import { LedgerService } from './ledger.service.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoBrands(database.db);
});
afterAll(async () => {
  await database.close();
});

/**
 * A process killed with SIGKILL in the middle of movements (DESIGN.md section 7): after it, the
 * ledger holds only whole entries and every invariant. PostgreSQL only: the embedded database
 * does not fsync and is not for money (README).
 */
describe.runIf(onPostgres)('ledger after a killed process', () => {
  it('holds only whole entries and every invariant', async () => {
    const name = `crash${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const rows = await database.db
      .insert(members)
      .values({
        brandCode: 'jinsheng',
        username: name,
        usernameKey: name,
        passwordHash: 'x',
        inviteCode: name.slice(-12).toUpperCase(),
      })
      .returning({ id: members.id });
    const memberId = rows[0]!.id;

    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'ledger-crash.child.ts'), String(memberId)],
      {
        env: process.env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let posted = 0;
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        posted += chunk.toString().split('\n').filter(Boolean).length;
        if (posted >= 40) resolve();
      });
      child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // The server rolls back what the dead connections had open; what remains is whole.
    const ledger = new LedgerService(database.db);
    await expect.poll(() => ledger.check(), { timeout: 10_000 }).toEqual([]);
    const balances = await ledger.balances('jinsheng', memberId, 'CNY');
    const sums = await database.db
      .select({ kind: ledgerAccounts.kind, total: sql<string>`sum(${postings.amountMinor})::text` })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .where(eq(ledgerAccounts.memberId, memberId))
      .groupBy(ledgerAccounts.kind);
    const sumOf = (kind: string) => BigInt(sums.find((row) => row.kind === kind)?.total ?? '0');
    expect(balances.walletMinor).toBe(sumOf('member_wallet'));
    expect(balances.lockedMinor).toBe(sumOf('member_locked'));
    expect(balances.walletMinor).toBeGreaterThanOrEqual(0n);
    // Every deposit of 1.00 leaves 0.40 in the wallet and 0.60 locked, or is followed by nothing.
    expect(balances.lockedMinor % 60n).toBe(0n);
    expect(balances.walletMinor + balances.lockedMinor).toBeGreaterThanOrEqual(posted * 100);
  }, 60_000);
});
