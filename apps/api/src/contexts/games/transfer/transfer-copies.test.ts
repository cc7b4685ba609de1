import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findTransferByKey } from './transfer.repository.ts';
import {
  BRAND,
  createTransferTestApp,
  startSim,
  type Member,
  type Sim,
  type TransferTestApp,
} from './transfer.test-support.ts';

/**
 * Copies of one request (one idempotency key) that run at the same time, where a copy's own
 * attempt fails because of what another copy is doing: the platform's player being created, its
 * balance asked while another copy's order moves money. A proxy between Lobby and the simulator
 * makes that happen every time: it lets the first copy's call through once a second copy has
 * made the same call, and fails every later copy's call, but only once the first copy's order
 * exists. Each copy must then answer that order, never a refusal of money that moved.
 */

/** What the proxy answers instead of the simulator; undefined lets the call through. */
type Intercept = (method: string, path: string) => Promise<{ status: number } | undefined>;

type Proxy = { sim: Sim; intercept(next: Intercept | null): void };

async function startProxy(): Promise<Proxy> {
  const real = await startSim();
  let intercept: Intercept | null = null;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const instead = intercept ? await intercept(method, path) : undefined;
      if (instead) {
        response.writeHead(instead.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'internal' }));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (['host', 'connection', 'content-length'].includes(name)) continue;
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await fetch(`${real.baseUrl}${path}`, {
        method,
        headers,
        body: method === 'GET' ? undefined : Buffer.concat(chunks),
      });
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy address');
  return {
    sim: {
      baseUrl: `http://127.0.0.1:${address.port}`,
      setFaults: (faults) => real.setFaults(faults),
      query: (text, params) => real.query(text, params),
      async close() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await real.close();
      },
    },
    intercept(next) {
      intercept = next;
    },
  };
}

let proxy: Proxy;
let harness: TransferTestApp;

beforeAll(async () => {
  proxy = await startProxy();
  // Patient with the platform: a held call must end in the proxy's answer, not a timeout.
  harness = await createTransferTestApp({ sim: proxy.sim, timeoutMs: 30_000 });
});
afterAll(async () => {
  await harness?.close();
  await proxy?.sim.close();
});
afterEach(async () => {
  proxy.intercept(null);
  expect(await harness.ledger.check()).toEqual([]);
});

/**
 * Calls matching `path` at the platform: the first waits for a second, then goes through; every
 * later one is held until the order under `key` exists, then answered 500 (an unknown outcome,
 * which a copy reads as platform_unavailable).
 */
function firstGoesThrough(path: RegExp, member: Member, key: string): Intercept {
  let calls = 0;
  let secondArrived: () => void = () => {};
  const second = new Promise<void>((resolve) => {
    secondArrived = resolve;
  });
  let made: Promise<void> | undefined;
  const orderMade = async () => {
    const deadline = Date.now() + 20_000;
    while (!(await findTransferByKey(harness.database.db, BRAND, member.memberId, key))) {
      if (Date.now() > deadline) throw new Error(`no order for ${key}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return async (_method, requestPath) => {
    if (!path.test(requestPath)) return undefined;
    calls += 1;
    if (calls === 1) {
      await second;
      return undefined;
    }
    if (calls === 2) secondArrived();
    made ??= orderMade();
    await made;
    return { status: 500 };
  };
}

type Order = { orderNo: string; status: string; amount: string };

function ordersOf(answers: Awaited<ReturnType<TransferTestApp['transfer']>>[]): Order[] {
  return answers.map((answer) => {
    if (!answer.body.status) {
      throw new Error(`a copy was refused: ${answer.statusCode} ${String(answer.body.data)}`);
    }
    return (answer.body.data as { order: Order }).order;
  });
}

const playerOf = (member: Member) => `${BRAND}_${member.memberId}`;

describe('copies of one transfer key at the same time', () => {
  it("answer the key's order when their own player creation fails (200 copies, no player yet)", async () => {
    const [member] = await harness.createMembers(1);
    if (!member) throw new Error('no member');
    await harness.fund(member, 100_000n);
    const key = `k-${randomUUID()}`;
    proxy.intercept(firstGoesThrough(/^\/provider\/v1\/7\/players$/, member, key));
    const fields = { platform: '7', type: 'in', amount: '100.00', idempotencyKey: key };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        harness.transfer(member, fields, index % 2 === 0 ? 'GET' : 'POST'),
      ),
    );
    const orders = ordersOf(answers);
    expect(new Set(orders.map((order) => order.orderNo)).size).toBe(1);
    for (const order of orders) {
      expect(['in_transit', 'success']).toContain(order.status);
      expect(order.amount).toBe('100.00');
    }
    // The money moved once.
    expect(await harness.walletMinor(member)).toBe(90_000n);
    expect(await harness.simMinor(member, 7)).toBe(10_000n);
    expect(await harness.bookMinor(member, 7)).toBe(10_000n);
  });

  it("answer the key's order when their own look at the platform's balance fails (out)", async () => {
    const [member] = await harness.createMembers(1);
    if (!member) throw new Error('no member');
    await harness.fund(member, 100_000n);
    const moved = await harness.transfer(member, {
      platform: '8',
      type: 'in',
      amount: '300.00',
      idempotencyKey: `k-${randomUUID()}`,
    });
    expect(moved.body.status).toBe(true);
    const key = `k-${randomUUID()}`;
    const balance = new RegExp(`^/provider/v1/8/players/${playerOf(member)}/balance$`);
    proxy.intercept(firstGoesThrough(balance, member, key));
    const fields = { platform: '8', type: 'out', amount: '120.00', idempotencyKey: key };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => harness.transfer(member, fields)),
    );
    const orders = ordersOf(answers);
    expect(new Set(orders.map((order) => order.orderNo)).size).toBe(1);
    for (const order of orders) expect(['in_transit', 'success']).toContain(order.status);
    expect(await harness.walletMinor(member)).toBe(70_000n + 12_000n);
    expect(await harness.simMinor(member, 8)).toBe(18_000n);
    expect(await harness.bookMinor(member, 8)).toBe(18_000n);
  });

  it("answer the platform's order of the recycle when their own attempt there fails", async () => {
    const [member] = await harness.createMembers(1);
    if (!member) throw new Error('no member');
    await harness.fund(member, 100_000n);
    for (const [platform, amount] of [
      ['9', '100.00'],
      ['10', '50.00'],
    ] as const) {
      const moved = await harness.transfer(member, {
        platform,
        type: 'in',
        amount,
        idempotencyKey: `k-${randomUUID()}`,
      });
      expect(moved.body.status).toBe(true);
    }
    const recycleKey = `r-${randomUUID()}`;
    const balance = new RegExp(`^/provider/v1/9/players/${playerOf(member)}/balance$`);
    proxy.intercept(firstGoesThrough(balance, member, `${recycleKey}@9`));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        harness.app.inject({
          method: 'GET',
          url: `/api/game/transfer/recycle?idempotencyKey=${recycleKey}`,
          headers: member.headers,
        }),
      ),
    );
    const resultsOf = answers.map((answer) => {
      const body = answer.json<{
        status: boolean;
        data: { results: { platformId: number; result: string; orderNo: string | null }[] };
      }>();
      expect(body.status).toBe(true);
      return new Map(body.data.results.map((result) => [result.platformId, result]));
    });
    for (const platformId of [9, 10]) {
      const results = resultsOf.map((results) => results.get(platformId));
      // Every copy names the platform's one order, in transit or done: none says it failed.
      expect(new Set(results.map((result) => result?.orderNo)).size).toBe(1);
      expect(results[0]?.orderNo).toBeTruthy();
      for (const result of results) expect(['in_transit', 'success']).toContain(result?.result);
    }
    expect(await harness.walletMinor(member)).toBe(100_000n);
    expect(await harness.simMinor(member, 9)).toBe(0n);
    expect(await harness.simMinor(member, 10)).toBe(0n);
  });
});
