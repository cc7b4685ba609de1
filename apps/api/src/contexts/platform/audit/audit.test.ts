import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle, type Transaction } from '../../../db/client.ts';
import { onPostgres, openTestDatabase } from '../../../test/database.ts';
import { AuditLog, type AuditEvent } from './audit.service.ts';

let database: DatabaseHandle;
let audit: AuditLog;
beforeAll(async () => {
  database = await openTestDatabase();
  audit = new AuditLog(database.db);
});
afterAll(async () => {
  // The tampered chains go, whole, so that the run's own audit:verify (npm test) checks the rest.
  await asSuperuser(async (transaction) => {
    for (const chain of chains) {
      await transaction.execute(sql`delete from audit_events where chain = ${chain}`);
      await transaction.execute(sql`delete from audit_chains where chain = ${chain}`);
    }
  });
  await database.close();
});

/** A chain of its own per test (a brand code no other test uses), so tests do not meet. */
const chains: string[] = [];
function newChain(): string {
  const chain = `audit-${randomUUID().slice(0, 8)}`;
  chains.push(chain);
  return chain;
}

function event(chain: string, index: number): AuditEvent {
  return {
    kind: 'balance_adjusted',
    brandCode: chain,
    memberId: BigInt(1000 + index),
    actor: { type: 'operator', id: '7' },
    details: { amount: `${index}.00`, reason: `test ${index}`, nested: { b: 1, a: [1, 'x'] } },
  };
}

async function append(chain: string, count: number): Promise<void> {
  for (let index = 1; index <= count; index++) {
    await database.db.transaction((transaction) => audit.record(transaction, event(chain, index)));
  }
}

async function breakOf(chain: string) {
  return (await audit.verify()).find((found) => found.chain === chain);
}

/**
 * Runs `tamper` as someone with the database's superuser rights, for whom the append-only
 * trigger does not fire (session_replication_role, in this transaction only).
 */
async function asSuperuser(tamper: (transaction: Transaction) => Promise<unknown>): Promise<void> {
  await database.db.transaction(async (transaction) => {
    await transaction.execute(sql`set local session_replication_role = replica`);
    await tamper(transaction);
  });
}

type Row = { id: bigint; seq: bigint; details: Record<string, unknown> };
async function rowsOf(chain: string): Promise<Row[]> {
  return queryRows<Row>(
    database.db,
    sql`select id, seq, details from audit_events where chain = ${chain} order by seq`,
  );
}

describe('significant-event log', () => {
  it('chains every event of a brand after the one before, and verifies intact', async () => {
    const chain = newChain();
    await append(chain, 5);
    const rows = await queryRows<{ seq: bigint; prev_hash: string; hash: string }>(
      database.db,
      sql`select seq, prev_hash, hash from audit_events where chain = ${chain} order by seq`,
    );
    expect(rows.map((row) => Number(row.seq))).toEqual([1, 2, 3, 4, 5]);
    for (let index = 1; index < rows.length; index++) {
      expect(rows[index]?.prev_hash).toBe(rows[index - 1]?.hash);
    }
    expect(new Set(rows.map((row) => row.hash)).size).toBe(5);
    expect(await breakOf(chain)).toBeUndefined();
  });

  it('writes nothing when the change rolls back', async () => {
    const chain = newChain();
    await append(chain, 1);
    await expect(
      database.db.transaction(async (transaction) => {
        await audit.record(transaction, event(chain, 2));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await rowsOf(chain)).map((row) => Number(row.seq))).toEqual([1]);
    await append(chain, 1);
    expect(await breakOf(chain)).toBeUndefined();
  });

  it('keeps one order under concurrent appends: no gap, no fork', async () => {
    const chain = newChain();
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        database.db.transaction((transaction) => audit.record(transaction, event(chain, index))),
      ),
    );
    expect((await rowsOf(chain)).map((row) => Number(row.seq))).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
    expect(await breakOf(chain)).toBeUndefined();
  });

  it('refuses to change or remove an event', async () => {
    const chain = newChain();
    await append(chain, 1);
    await expect(
      database.db.execute(sql`update audit_events set kind = 'x' where chain = ${chain}`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`delete from audit_events where chain = ${chain}`),
    ).rejects.toThrow();
    expect(await breakOf(chain)).toBeUndefined();
  });

  it('names the first row whose content was changed', async () => {
    const chain = newChain();
    await append(chain, 4);
    const [, second, third] = await rowsOf(chain);
    await asSuperuser(async (transaction) => {
      await transaction.execute(
        sql`update audit_events set details = details || '{"amount":"9999.00"}' where id = ${third!.id}`,
      );
      await transaction.execute(
        sql`update audit_events set member_id = 1 where id = ${second!.id}`,
      );
    });
    expect(await breakOf(chain)).toMatchObject({
      problem: 'changed',
      seq: 2n,
      id: BigInt(second!.id),
    });
  });

  it('names an event removed from the middle, and one removed from the end', async () => {
    const middle = newChain();
    await append(middle, 4);
    const [, second] = await rowsOf(middle);
    await asSuperuser((transaction) =>
      transaction.execute(sql`delete from audit_events where id = ${second!.id}`),
    );
    expect(await breakOf(middle)).toMatchObject({ problem: 'removed', seq: 2n });

    const end = newChain();
    await append(end, 3);
    const last = (await rowsOf(end)).at(-1);
    await asSuperuser((transaction) =>
      transaction.execute(sql`delete from audit_events where id = ${last!.id}`),
    );
    expect(await breakOf(end)).toMatchObject({ problem: 'head', seq: 2n });
  });

  it('names a row inserted out of order', async () => {
    const chain = newChain();
    await append(chain, 3);
    // Events 2 and 3 swap places: each row is intact, the order is not.
    await asSuperuser(async (transaction) => {
      await transaction.execute(
        sql`update audit_events set seq = -seq where chain = ${chain} and seq in (2, 3)`,
      );
      await transaction.execute(
        sql`update audit_events set seq = case seq when -2 then 3 else 2 end
            where chain = ${chain} and seq in (-2, -3)`,
      );
    });
    expect(await breakOf(chain)).toMatchObject({ problem: 'out_of_order', seq: 2n });
  });

  it.skipIf(!onPostgres)('makes npm run audit:verify exit 1 naming the changed row', async () => {
    const chain = newChain();
    await append(chain, 2);
    const [first] = await rowsOf(chain);
    const run = () =>
      spawnSync(process.execPath, [join(import.meta.dirname, '../../../audit-verify.ts')], {
        env: { ...process.env },
        encoding: 'utf8',
      });
    await asSuperuser((transaction) =>
      transaction.execute(
        sql`update audit_events set kind = 'member_login' where id = ${first!.id}`,
      ),
    );
    const broken = run();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain(`event 1 (row ${first!.id}) was changed`);
  });
});
