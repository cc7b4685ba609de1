import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositOrder } from '@lobby/contracts';
import { chainTransfers, depositOrders } from './deposit.schema.ts';
import { newCoinAddress } from './coin.ts';
import {
  createDepositHarness,
  memberGet,
  memberPost,
  newKey,
  sweepContext,
  type DepositHarness,
} from './deposit.test-support.ts';
import { outstandingTurnover } from '../turnover/turnover.ts';
import { usdtDepositWatcherSweep } from './usdt-deposit-watcher.ts';

/**
 * USDT on the sandbox chain: transfers to members' addresses gain a confirmation per sweep run
 * and are credited once they have the channel's three, matched to the member's open order or
 * as an order of their own, once per transaction however often (or however concurrently) the
 * sweep runs.
 */
let h: DepositHarness;
const sweep = usdtDepositWatcherSweep();

beforeAll(async () => {
  h = await createDepositHarness();
});
afterAll(async () => {
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const app = () => h.harness.app;
const db = () => h.harness.database.db;
const runSweep = () => sweep.run(sweepContext(h.harness));

async function usdtOrder(
  member: { token: string },
  amount: string,
  protocol = '1',
): Promise<DepositOrder> {
  const answer = await memberPost(app(), member.token, '/api/f/v1/deposit', {
    channel: 'usdt',
    amount,
    protocol,
    idempotencyKey: newKey(),
  });
  return answer.body.data as DepositOrder;
}

async function send(address: string, amount: string, protocol: number | string = 1) {
  const response = await app().inject({
    method: 'POST',
    url: '/sandbox/chain/transfer',
    payload: { address, protocol, amount },
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{
      status: boolean;
      data: { txHash: string } & Record<string, unknown>;
    }>(),
  };
}

async function walletOf(member: { id: bigint }): Promise<bigint> {
  return (await h.ledger.balances('jinsheng', member.id, 'CNY')).walletMinor;
}

async function transferOf(txHash: string) {
  const rows = await db().select().from(chainTransfers).where(eq(chainTransfers.txHash, txHash));
  const row = rows[0];
  if (!row) throw new Error(`no transfer ${txHash}`);
  return row;
}

async function ordersOf(member: { token: string }): Promise<DepositOrder[]> {
  const answer = await memberGet(app(), member.token, '/api/f/v1/deposit/orders?pageSize=100');
  return (answer.body.data as { items: DepositOrder[] }).items;
}

describe('POST /sandbox/chain/transfer', () => {
  it('records a transfer with a transaction hash and no confirmations', async () => {
    const trc = await send(newCoinAddress(1), '12.5');
    expect(trc.body).toMatchObject({
      status: true,
      data: { protocol: 1, amount: '12.500000', confirmations: 0 },
    });
    expect(trc.body.data.txHash).toMatch(/^[0-9a-f]{64}$/);
    const erc = await send(newCoinAddress(2), '0.000001', '2');
    expect(erc.body.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a TRC20 address on ERC20', { address: 'TRC', protocol: 2, amount: '1' }, 'validation'],
    ['a malformed address', { address: 'T123', protocol: 1, amount: '1' }, 'validation'],
    ['an unknown protocol', { protocol: 3, amount: '1' }, 'validation'],
    ['a protocol that is no number', { protocol: 'TRC20', amount: '1' }, 'validation'],
    ['seven decimals', { amount: '1.0000001' }, 'deposit_amount_invalid'],
    ['a negative amount', { amount: '-1' }, 'deposit_amount_invalid'],
    ['an exponent', { amount: '1e3' }, 'deposit_amount_invalid'],
    ['zero', { amount: '0' }, 'deposit_amount_invalid'],
    ['a number for the amount', { amount: 5 }, 'validation'],
    ['more than a million', { amount: '1000000.000001' }, 'deposit_amount_invalid'],
    ['no address', { address: undefined, amount: '1' }, 'validation'],
  ])('refuses %s and records nothing', async (_name, fields, code) => {
    const address = newCoinAddress(1);
    const payload = { address, protocol: 1, amount: '1', ...fields };
    if (payload.address === 'TRC') payload.address = address;
    const response = await app().inject({
      method: 'POST',
      url: '/sandbox/chain/transfer',
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, data: code });
    const rows = await db()
      .select({ total: count() })
      .from(chainTransfers)
      .where(eq(chainTransfers.address, address));
    expect(Number(rows[0]?.total)).toBe(0);
  });

  it('is absent in production, with the sandbox gateway', async () => {
    const production = await createDepositHarness({ production: true });
    try {
      const transfer = await production.harness.app.inject({
        method: 'POST',
        url: '/sandbox/chain/transfer',
        payload: { address: newCoinAddress(1), protocol: 1, amount: '1' },
      });
      expect(transfer.statusCode).toBe(404);
      const page = await production.harness.app.inject({
        method: 'GET',
        url: '/sandbox/pay/D20250101000000000000',
      });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('收银台');
    } finally {
      await production.close();
    }
  });
});

describe('the USDT deposit watcher', () => {
  it("credits a transfer once it has the channel's confirmations, into the member's open order", async () => {
    const member = await h.newMember();
    const order = await usdtOrder(member, '100');
    const address = order.coin?.address ?? '';
    const sent = await send(address, order.coin?.amount ?? '');
    const { txHash } = sent.body.data;

    await runSweep();
    await runSweep();
    expect((await transferOf(txHash)).confirmations).toBe(2);
    expect(await walletOf(member)).toBe(0n);

    await runSweep();
    const credited = await transferOf(txHash);
    expect(credited.confirmations).toBe(3);
    expect(await walletOf(member)).toBe(10_000n);
    const [seen] = await ordersOf(member);
    expect(seen).toMatchObject({
      orderNo: order.orderNo,
      status: 'confirmed',
      amount: '100.00',
      coin: { amount: '13.888889', rate: '7.20', txHash },
    });
    const linked = await db()
      .select()
      .from(depositOrders)
      .where(eq(depositOrders.orderNo, order.orderNo));
    expect(credited.depositOrderId).toBe(linked[0]?.id);
    expect(linked[0]?.decidedBy).toBe(`chain:${txHash}`);
    expect(await outstandingTurnover(db(), 'jinsheng', member.id, 'CNY')).toBe(10_000n);

    // Later runs change nothing: the chain stops counting and nothing is credited twice.
    await runSweep();
    await runSweep();
    expect((await transferOf(txHash)).confirmations).toBe(3);
    expect(await walletOf(member)).toBe(10_000n);
    expect(await ordersOf(member)).toHaveLength(1);
  });

  it('credits a transfer with no matching order as an order of its own, at the rate, rounded down', async () => {
    const member = await h.newMember();
    const open = await usdtOrder(member, '100', '2');
    const address = open.coin?.address ?? '';
    // 10.123457 USDT x 7.20 = 72.8888904 CNY: 72.88 credited.
    const { txHash } = (await send(address, '10.123457', 2)).body.data;
    for (let run = 0; run < 3; run++) await runSweep();
    expect(await walletOf(member)).toBe(7_288n);
    const orders = await ordersOf(member);
    expect(orders).toHaveLength(2);
    const own = orders.find((order) => order.coin?.txHash === txHash);
    expect(own).toMatchObject({
      status: 'confirmed',
      channel: 'usdt',
      amount: '72.88',
      coin: { protocol: 2, address, amount: '10.123457', rate: '7.20' },
    });
    // The open order for another amount is left for its own transfer.
    expect(orders.find((order) => order.orderNo === open.orderNo)?.status).toBe('pending');
  });

  it('leaves transfers to unknown addresses and dust alone', async () => {
    const member = await h.newMember();
    const order = await usdtOrder(member, '100');
    const stranger = (await send(newCoinAddress(1), '50')).body.data.txHash;
    // 0.000001 USDT is worth less than a fen.
    const dust = (await send(order.coin?.address ?? '', '0.000001')).body.data.txHash;
    for (let run = 0; run < 4; run++) await runSweep();
    expect((await transferOf(stranger)).depositOrderId).toBeNull();
    expect((await transferOf(dust)).depositOrderId).toBeNull();
    expect(await walletOf(member)).toBe(0n);
    expect((await ordersOf(member)).map((item) => item.status)).toEqual(['pending']);
  });

  it('credits each transaction once when runs overlap or stop half way', async () => {
    const members = await Promise.all([h.newMember(), h.newMember(), h.newMember()]);
    const txHashes: string[] = [];
    for (const member of members) {
      const order = await usdtOrder(member, '720');
      txHashes.push((await send(order.coin?.address ?? '', '100')).body.data.txHash);
      txHashes.push((await send(order.coin?.address ?? '', '1')).body.data.txHash);
    }
    // A run told to stop at once credits nothing and leaves the rest to the next.
    const stopped = new AbortController();
    stopped.abort();
    await sweep.run(sweepContext(h.harness, stopped.signal));
    for (let run = 0; run < 2; run++) await runSweep();
    // Two nodes' runs at once (the scheduler prevents it; the data must survive it anyway).
    await Promise.all([runSweep(), runSweep(), runSweep()]);
    await runSweep();
    for (const member of members) {
      // 100 USDT matched the 720.00 order; 1 USDT is an order of its own at 7.20.
      expect(await walletOf(member)).toBe(72_720n);
      expect((await ordersOf(member)).map((order) => order.status)).toEqual([
        'confirmed',
        'confirmed',
      ]);
    }
    for (const txHash of txHashes) {
      expect((await transferOf(txHash)).depositOrderId).not.toBeNull();
    }
  });

  it('does not credit into an order an operator rejected meanwhile: the transfer gets its own', async () => {
    const member = await h.newMember();
    const order = await usdtOrder(member, '360');
    const { txHash } = (await send(order.coin?.address ?? '', order.coin?.amount ?? '')).body.data;
    await h.deposits.reject(order.orderNo, 'operator:test', 'member asked to cancel');
    for (let run = 0; run < 3; run++) await runSweep();
    expect(await walletOf(member)).toBe(36_000n);
    const orders = await ordersOf(member);
    expect(orders.map((item) => item.status).sort()).toEqual(['confirmed', 'rejected']);
    expect(orders.find((item) => item.status === 'confirmed')?.coin?.txHash).toBe(txHash);
  });

  it('is a scheduler sweep with a name and an interval', () => {
    expect(sweep.name).toBe('usdt-deposit-watcher');
    expect(sweep.intervalMs).toBeGreaterThan(0);
    expect(usdtDepositWatcherSweep({ intervalMs: 1_000 }).intervalMs).toBe(1_000);
  });
});
