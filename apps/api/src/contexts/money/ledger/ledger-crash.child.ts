/**
 * Child process of ledger-crash.test.ts: posts movements for one member as fast as it can and
 * prints a line per entry, until the parent kills it with SIGKILL mid-way.
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../../db/client.ts';
import { LedgerService } from './ledger.service.ts';

const url = process.env.DATABASE_URL;
const memberId = BigInt(process.argv[2] ?? '0');
if (!url || memberId === 0n)
  throw new Error('usage: DATABASE_URL=... ledger-crash.child.ts <memberId>');
const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
const ledger = new LedgerService(database.db);

// Four writers at once, so the kill lands with transactions open on several connections.
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (;;) {
      await ledger.post({
        brandCode: 'jinsheng',
        reason: 'deposit',
        idempotencyKey: randomUUID(),
        actor: { type: 'system', id: 'crash-test' },
        lines: [
          {
            account: { kind: 'house_deposit_clearing', ref: 'crash', currency: 'CNY' },
            amountMinor: -100n,
          },
          { account: { kind: 'member_wallet', memberId, currency: 'CNY' }, amountMinor: 100n },
        ],
      });
      await ledger.post({
        brandCode: 'jinsheng',
        reason: 'withdrawal_request',
        idempotencyKey: randomUUID(),
        actor: { type: 'system', id: 'crash-test' },
        lines: [
          { account: { kind: 'member_wallet', memberId, currency: 'CNY' }, amountMinor: -60n },
          { account: { kind: 'member_locked', memberId, currency: 'CNY' }, amountMinor: 60n },
        ],
      });
      process.stdout.write('posted\n');
    }
  }),
);
