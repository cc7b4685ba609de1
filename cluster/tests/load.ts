import { createHmac, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { encrypt, type Member } from '../../e2e/support/cashier.ts';

/**
 * The cluster test's mixed load and the books it is checked against. Members act through the
 * balancer as the site does (form bodies, the member token in `t`); the test also plays the two
 * outside parties the load needs: the sandbox payment gateway, which notifies Lobby that an
 * online deposit was paid, and the game page on the simulator, whose seamless rounds make the
 * simulator call Lobby's wallet back through the balancer.
 */

/** A member of the load: who they are at Lobby and at the platforms, and their starting wallet. */
export type LoadMember = Member & {
  id: string;
  /** The platforms' name of the member: `<brand>_<member id>`. */
  player: string;
  /** The centre wallet once funded, before the load (minor units). */
  startMinor: bigint;
};

export type LoadSetup = {
  /** The balancer. */
  origin: string;
  /** The simulator, where the game page plays (as the browser reaches it). */
  simOrigin: string;
  password: string;
  gateway: Gateway;
  /** A transfer-wallet platform: 1.00 in and out each round. */
  transferPlatform: number;
  /** A seamless-wallet platform and one of its slot games: a 1.00 round each round. */
  seamlessPlatform: number;
  seamlessGame: string;
  /** An amount the brand's online channel takes (its minimum). */
  depositAmount: string;
};

/** The sandbox gateway's merchant at the brand: what it signs its notifications with. */
export type Gateway = { merchantId: string; secret: string };

/** An online deposit the gateway saw paid (and must have notified Lobby of). */
export type PaidDeposit = { orderNo: string; memberId: string; amount: string };

type Envelope<T> = { status: boolean; data: T };

/**
 * The gateway knows its merchant secret; the test, standing in for it, reads it where Lobby keeps
 * it (the brand's online channel, seeded with the demo data), as the API tests do.
 */
export async function sandboxGateway(db: pg.Pool, brand: string): Promise<Gateway> {
  const { rows } = await db.query<{ settings: { merchantId?: string; secret?: string } }>(
    `select settings from deposit_channels
      where brand_code = $1 and type = 'online' and settings->>'gateway' = 'sandbox'`,
    [brand],
  );
  const settings = rows[0]?.settings;
  if (!settings?.merchantId || !settings.secret) throw new Error(`no sandbox channel on ${brand}`);
  return { merchantId: settings.merchantId, secret: settings.secret };
}

/**
 * The gateway's signature (the contract's, packages/contracts deposit.ts): HMAC-SHA256 with the
 * merchant's secret over the other fields as `name=value` pairs sorted by name, joined by `&`.
 */
function signed(fields: Record<string, string>, secret: string): Record<string, string> {
  const text = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return { ...fields, sign: createHmac('sha256', secret).update(text).digest('hex') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A bounded mixed load: each member in turn logs in (every fifth round), beats, reads its
 * balance, moves 1.00 into the transfer platform and back, plays a 1.00 seamless round on the
 * simulator's game page, and (every fifth round) deposits online: the order through the member
 * API, then the gateway's signed `paid` notification to Lobby's callback, both through the
 * balancer. Every answer is counted; a failure is a connection error, a 5xx, a round the
 * simulator could not settle, or an envelope with status false other than the business refusals
 * money rules give (a transfer already in progress, a platform that is busy).
 *
 * The gateway sends a notification again until Lobby answers it (as gateways do); `stop` sends
 * those still unanswered, so every paid deposit ends confirmed.
 */
export function mixedLoad(members: LoadMember[], setup: LoadSetup) {
  const { origin, simOrigin } = setup;
  let stopped = false;
  const counts = {
    requests: 0,
    failures: 0,
    logins: 0,
    transfers: 0,
    deposits: 0,
    rounds: 0,
  };
  const failures: string[] = [];
  const paid: PaidDeposit[] = [];
  const unanswered: PaidDeposit[] = [];
  const allowed = new Set([
    'transfer_in_progress',
    'platform_unavailable',
    'insufficient_funds',
    'platform_insufficient_balance',
  ]);
  const fail = (what: string) => {
    counts.failures += 1;
    failures.push(what.slice(0, 300));
  };

  async function call<T>(
    path: string,
    fields: Record<string, string> | undefined,
    token?: string,
  ): Promise<{ answer: Envelope<T>; headers: Headers } | undefined> {
    counts.requests += 1;
    try {
      const response = await fetch(`${origin}${path}`, {
        method: fields === undefined ? 'GET' : 'POST',
        headers: {
          accept: 'application/json',
          ...(fields === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...(token ? { t: token } : {}),
        },
        body: fields === undefined ? null : new URLSearchParams(fields).toString(),
      });
      const answer = (await response.json()) as Envelope<T>;
      if (response.status >= 500 || (!answer.status && !allowed.has(String(answer.data)))) {
        fail(`${path} ${response.status} ${JSON.stringify(answer)}`);
      }
      return { answer, headers: response.headers };
    } catch (error) {
      fail(`${path} ${(error as Error).message}`);
      return undefined;
    }
  }

  /** The gateway's notification that the order was paid; true once Lobby confirmed it. */
  async function notify(deposit: PaidDeposit): Promise<boolean> {
    const notice = await call<{ status: string }>(
      '/api/payment/callback/sandbox',
      signed(
        {
          merchantId: setup.gateway.merchantId,
          orderNo: deposit.orderNo,
          amount: deposit.amount,
          tradeNo: `SBX${randomUUID().replaceAll('-', '').slice(0, 20)}`,
          status: 'paid',
          paidAt: new Date().toISOString(),
        },
        setup.gateway.secret,
      ),
    );
    return notice?.answer.status === true && notice.answer.data.status === 'confirmed';
  }

  async function deposit(member: LoadMember, token: string) {
    const order = await call<{ orderNo: string; status: string }>(
      '/api/f/v1/deposit',
      { channel: 'online', amount: setup.depositAmount, idempotencyKey: randomUUID() },
      token,
    );
    if (!order?.answer.status) return;
    // The member pays on the gateway's page; the gateway then tells Lobby.
    const paidDeposit = {
      orderNo: order.answer.data.orderNo,
      memberId: member.id,
      amount: setup.depositAmount,
    };
    paid.push(paidDeposit);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await notify(paidDeposit)) {
        counts.deposits += 1;
        return;
      }
      await sleep(300);
    }
    unanswered.push(paidDeposit);
  }

  /** Enters the seamless game through Lobby and opens its page: the play session. */
  async function launch(token: string): Promise<string | undefined> {
    const launched = await call<{ url: string }>(
      '/api/game/launch',
      { platform: String(setup.seamlessPlatform), gameCode: setup.seamlessGame },
      token,
    );
    if (!launched?.answer.status) return undefined;
    counts.requests += 1;
    try {
      const html = await (await fetch(launched.answer.data.url)).text();
      const config = /<script type="application\/json" id="play-config">(.*?)<\/script>/s.exec(
        html,
      );
      const session = (JSON.parse(config?.[1] ?? '{}') as { sessionId?: string }).sessionId;
      if (!session) fail(`play page: ${html.slice(0, 200)}`);
      return session;
    } catch (error) {
      fail(`play page ${(error as Error).message}`);
      return undefined;
    }
  }

  /** One round on the game page; the simulator debits and credits Lobby's wallet for it. */
  async function playRound(session: string): Promise<'settled' | 'failed' | 'session_gone'> {
    counts.requests += 1;
    try {
      const response = await fetch(`${simOrigin}/play/api/round`, {
        method: 'POST',
        headers: { 'x-play-session': session, 'content-type': 'application/json' },
        body: JSON.stringify({ params: { betMinor: '100' } }),
      });
      const text = await response.text();
      if (response.status === 200) {
        counts.rounds += 1;
        return 'settled';
      }
      fail(`/play/api/round ${response.status} ${text}`);
      return response.status === 401 ? 'session_gone' : 'failed';
    } catch (error) {
      fail(`/play/api/round ${(error as Error).message}`);
      return 'failed';
    }
  }

  const lanes = members.map(async (member) => {
    let token = member.token;
    let session: string | undefined;
    let round = 0;
    while (!stopped) {
      round += 1;
      if (round % 5 === 1) {
        const login = await call('/api/f/v1/member/login/mpe', {
          username: member.username,
          password: await encrypt(origin, setup.password),
        });
        const next = login?.headers.get('id');
        if (next) {
          token = next;
          counts.logins += 1;
        }
      }
      await call('/api/findmed/v1/heartbeat', { gameid: '' }, token);
      await call('/api/findmed/v1/member/balance', undefined, token);
      for (const type of ['in', 'out'] as const) {
        const moved = await call(
          '/api/game/transfer',
          {
            platform: String(setup.transferPlatform),
            type,
            amount: '1.00',
            idempotencyKey: randomUUID(),
          },
          token,
        );
        if (moved?.answer.status) counts.transfers += 1;
      }
      session ??= await launch(token);
      if (session && (await playRound(session)) === 'session_gone') session = undefined;
      if (round % 5 === 3) await deposit(member, token);
    }
  });

  return {
    counts,
    failures,
    paid,
    async stop() {
      stopped = true;
      await Promise.all(lanes);
      // The gateway's last notifications, until Lobby answers each (a minute at the most).
      const deadline = Date.now() + 60_000;
      while (unanswered.length > 0 && Date.now() < deadline) {
        if (await notify(unanswered[0]!)) {
          counts.deposits += 1;
          unanswered.shift();
        } else await sleep(500);
      }
      if (unanswered.length > 0) fail(`gateway: ${unanswered.length} notifications unanswered`);
      return counts;
    },
  };
}

/** Minor units of a decimal amount of two places ("50.00" -> 5000n). */
function minor(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** Rows as sorted lines, for an equality that shows what differs. */
const lines = (rows: Record<string, unknown>[]) =>
  rows.map((row) => Object.values(row).map(String).join(' ')).sort();

/**
 * What each side says once everything is final, for the load's members:
 * - deposits: the orders the gateway saw paid, and the orders Lobby confirmed;
 * - seamless: the simulator's settled rounds (stake, payout), and Lobby's debits that stand
 *   (not rolled back) with the round's credits;
 * - wallets: each centre wallet as Lobby holds it, and as the outside accounts for it: the start,
 *   plus the deposits paid, minus what sits at the transfer platform (the simulator's balance),
 *   minus the seamless stakes, plus the payouts (the simulator's rounds).
 */
export async function books(
  db: pg.Pool,
  simDb: pg.Pool,
  members: LoadMember[],
  paid: PaidDeposit[],
  platforms: { transfer: number; seamless: number },
) {
  const ids = members.map((member) => member.id);
  const players = members.map((member) => member.player);
  const confirmed = await db.query<{ orderNo: string; memberId: string; amount: string }>(
    `select order_no as "orderNo", member_id::text as "memberId", amount_minor::text as amount
       from deposit_orders where member_id = any($1::bigint[]) and status = 'confirmed'`,
    [ids],
  );
  const simRounds = await simDb.query<{ round: string; stake: string; payout: string }>(
    `select round_id as round, stake_minor::text as stake, payout_minor::text as payout
       from game_sim.rounds
      where platform_id = $1 and player = any($2::text[]) and state = 'settled'`,
    [platforms.seamless, players],
  );
  const lobbyRounds = await db.query<{ round: string; stake: string; payout: string }>(
    `select debit.round_id as round, debit.amount_minor::text as stake,
            coalesce((select sum(credit.amount_minor) from seamless_transactions credit
                       where credit.platform_id = debit.platform_id
                         and credit.round_id = debit.round_id and credit.kind = 'credit'),
                     0)::text as payout
       from seamless_transactions debit
      where debit.platform_id = $1 and debit.member_id = any($2::bigint[])
        and debit.kind = 'debit' and not debit.rolled_back`,
    [platforms.seamless, ids],
  );
  const simPlayed = await simDb.query<{ player: string; net: string }>(
    `select player, sum(payout_minor - stake_minor)::text as net from game_sim.rounds
      where platform_id = $1 and player = any($2::text[]) and state = 'settled'
      group by player`,
    [platforms.seamless, players],
  );
  const atPlatform = await simDb.query<{ player: string; minor: string }>(
    `select player, balance_minor::text as minor from game_sim.players
      where platform_id = $1 and player = any($2::text[])`,
    [platforms.transfer, players],
  );
  const wallets = await db.query<{ memberId: string; minor: string }>(
    `select member_id::text as "memberId", sum(balance_minor)::text as minor
       from ledger_accounts where kind = 'member_wallet' and member_id = any($1::bigint[])
      group by member_id`,
    [ids],
  );
  const net = new Map(simPlayed.rows.map((row) => [row.player, BigInt(row.net)]));
  const platformMinor = new Map(atPlatform.rows.map((row) => [row.player, BigInt(row.minor)]));
  const expected = members.map((member) => {
    const deposited = paid
      .filter((deposit) => deposit.memberId === member.id)
      .reduce((total, deposit) => total + minor(deposit.amount), 0n);
    return {
      memberId: member.id,
      minor:
        member.startMinor +
        deposited -
        (platformMinor.get(member.player) ?? 0n) +
        (net.get(member.player) ?? 0n),
    };
  });
  return {
    deposits: {
      paid: lines(
        paid.map(({ orderNo, memberId, amount }) => ({
          orderNo,
          memberId,
          amount: String(minor(amount)),
        })),
      ),
      confirmed: lines(confirmed.rows),
    },
    seamless: { simulator: lines(simRounds.rows), lobby: lines(lobbyRounds.rows) },
    wallets: { accounted: lines(expected), lobby: lines(wallets.rows) },
  };
}

/** What the simulator has not finished: callbacks not yet answered, stakes still debiting. */
export async function simulatorPending(simDb: pg.Pool): Promise<number> {
  const { rows } = await simDb.query<{ count: string }>(
    `select (select count(*) from game_sim.callback_outbox where state = 'pending')
          + (select count(*) from game_sim.rounds where state = 'debiting') as count`,
  );
  return Number(rows[0]?.count ?? 0);
}
