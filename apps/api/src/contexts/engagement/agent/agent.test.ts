import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAgent,
  AdminAgentApplication,
  AdminAgentStatement,
  AgentApplication,
  AgentStatement,
} from '@lobby/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { agentApplications, agentCommissionStatements, agents } from './agent.schema.ts';
import { members } from '../../identity/member/member.schema.ts';
import { operatorActions } from '../../identity/operator/operator.schema.ts';
import { journalEntries } from '../../money/ledger/ledger.schema.ts';
import { get, post, uniqueUsername } from '../../../test/members.ts';
import { insertNewBetRecords } from '../../games/bet-records/bet-records.repository.ts';
import { OperatorService } from '../../identity/operator/operator.service.ts';
import {
  createWalletTestApp,
  DEFAULT_BRAND,
  TEST_CODE,
  type Member,
  type WalletTestApp,
} from '../../money/withdrawal/wallet-test-app.ts';
import { addMonths, monthOf, monthStart } from '@lobby/time';
import { monthRange } from './agent-commission.ts';
import { runAgentStatements } from './agent-statement-sweep.ts';
import { createBrandInZone, NEW_YORK } from '../engagement.test-support.ts';
import { commissionKey } from './agent-statements.service.ts';
import { DEFAULT_TIERS, seedAgentTiers } from './agent-tiers.service.ts';
import { AgentService } from './agent.service.ts';
import { operatorLogin } from '../../../test/operators.ts';

/**
 * The agent partnership through the API: applications and their review, attribution of
 * registrations by invite code, the downline in aggregate, tiers, and monthly statements written
 * from real bet records and ledger postings, paid once through the ledger.
 */
let harness: WalletTestApp;

beforeAll(async () => {
  harness = await createWalletTestApp();
  await seedAgentTiers(harness.database.db, harness.app.brands.all());
});
afterAll(async () => {
  expect(await harness.ledger.check()).toEqual([]);
  await harness.close();
});

const db = () => harness.database.db;
const INFO = '/api/findmed/v1/agent/info';
const APPLY = '/api/findmed/v1/agent/apply';
const DOWNLINE = '/api/findmed/v1/agent/downline';
const STATEMENTS = '/api/findmed/v1/agent/statements';

/** The zone of the brands these tests create (the default). */
const SHANGHAI = 'Asia/Shanghai';

/** A month that ended a while ago, so every test month is one the statements may cover. */
const THIS_MONTH = monthOf(new Date(), SHANGHAI);
const monthsAgo = (count: number) => addMonths(THIS_MONTH, -count);

type Answer<T> = { statusCode: number; body: { status: boolean; data: T; message?: string } };

async function admin<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  token?: string,
): Promise<Answer<T>> {
  const response = await harness.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token ?? (await harness.operatorToken())}` },
  });
  return { statusCode: response.statusCode, body: response.json<Answer<T>['body']>() };
}

type Info = {
  loggedIn: boolean;
  agent: boolean;
  agentStatus: string | null;
  application: AgentApplication | null;
  inviteCode: string | null;
  inviteLink: string | null;
  rules: {
    currency: string;
    tiers: { minActiveMembers: number; minNetRevenue: string; shareBp: number }[];
    explanation: string[];
  };
  sponsors: { id: string; name: string }[];
};

async function info(member?: Member, headers: Record<string, string> = {}): Promise<Info> {
  const answer = await get(harness.app, INFO, { ...(member?.headers ?? {}), ...headers });
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data as Info;
}

/** Registers a member of the brand with an invite code, as the register page sends it. */
async function registerWithInvite(inviteCode: string, brand = DEFAULT_BRAND): Promise<Member> {
  const host = harness.hostOf(brand);
  const username = uniqueUsername('d');
  const captcha = await get(harness.app, '/api/f/v1/captcha', host);
  const registered = await post(
    harness.app,
    '/api/f/v1/member/register',
    {
      username,
      password: harness.enc('Secret123'),
      confirmPassword: harness.enc('Secret123'),
      key: (captcha.body.data as { key: string }).key,
      code: TEST_CODE,
      inviteCode,
    },
    host,
  );
  if (!registered.body.status) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const token = String(registered.headers.id);
  const rows = await db()
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.brandCode, brand), eq(members.usernameKey, username.toLowerCase())));
  const memberId = rows[0]?.id;
  if (memberId === undefined) throw new Error('member not found');
  return { username, memberId, token, headers: { t: token, ...host }, brand };
}

const register = (brand = DEFAULT_BRAND) => harness.register({ brand, withdrawPassword: null });

async function apply(member: Member, fields: Record<string, string>) {
  return post(harness.app, APPLY, fields, member.headers);
}

/** A member who applied and whom an operator approved: an agent. */
async function newAgent(brand = DEFAULT_BRAND): Promise<Member> {
  const member = await register(brand);
  const applied = await apply(member, { contact: 'telegram @partner', message: 'hello' });
  expect(applied.body.status, JSON.stringify(applied.body)).toBe(true);
  const id = (applied.body.data as AgentApplication).id;
  const approved = await admin<AdminAgentApplication>(
    'POST',
    `/admin/api/agent/applications/${id}/approve`,
    {},
  );
  expect(approved.body.status, JSON.stringify(approved.body)).toBe(true);
  return member;
}

async function inviteCodeOf(member: Member): Promise<string> {
  const rows = await db()
    .select({ code: members.inviteCode })
    .from(members)
    .where(eq(members.id, member.memberId));
  return rows[0]?.code ?? '';
}

async function countApplications(member: Member): Promise<number> {
  const rows = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(agentApplications)
    .where(eq(agentApplications.memberId, member.memberId));
  return Number(rows[0]?.n ?? 0);
}

describe('agent page info and applications', () => {
  it('shows a guest the rules, tiers and sponsors, in the request language', async () => {
    const guest = await info();
    expect(guest).toMatchObject({
      loggedIn: false,
      agent: false,
      agentStatus: null,
      application: null,
      inviteCode: null,
      inviteLink: null,
    });
    expect(guest.rules.currency).toBe('CNY');
    expect(guest.rules.tiers.length).toBeGreaterThan(0);
    expect(guest.rules.explanation.join('')).toContain('佣金');
    expect(guest.sponsors.length).toBeGreaterThan(0);
    const english = await info(undefined, { lang: 'en' });
    expect(english.rules.explanation.join(' ')).toContain('Net revenue');
  });

  it('seeds the default tiers once per brand', async () => {
    expect(await seedAgentTiers(db(), harness.app.brands.all())).toBe(0);
    const tiers = await admin<{ tiers: { shareBp: number }[] }>(
      'GET',
      '/admin/api/agent/tiers?brand=jinsheng',
    );
    expect(tiers.body.status).toBe(true);
  });

  it('takes one application at a time and refuses bad input without a trace', async () => {
    const member = await register();
    const guest = await post(harness.app, APPLY, { contact: 'x' });
    expect(guest.statusCode).toBe(401);
    expect(guest.body.data).toBe('token');
    const badForms: Record<string, string>[] = [
      {},
      { contact: '   ' },
      { contact: 'x'.repeat(101) },
      { contact: 'ok', message: 'm'.repeat(501) },
    ];
    for (const fields of badForms) {
      const refused = await apply(member, fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(refused.body.data).toBe('validation');
    }
    expect(await countApplications(member)).toBe(0);

    const applied = await apply(member, {
      contact: '  wechat partner01 ',
      message: 'I run a forum',
    });
    expect(applied.body.status).toBe(true);
    expect(applied.body.data).toMatchObject({
      status: 'pending',
      contact: 'wechat partner01',
      message: 'I run a forum',
      reviewNote: null,
    });
    const again = await apply(member, { contact: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.body.data).toBe('agent_application_pending');
    expect(await countApplications(member)).toBe(1);
    const seen = await info(member);
    expect(seen).toMatchObject({ loggedIn: true, agent: false, inviteCode: null });
    expect(seen.application?.status).toBe('pending');
  });

  it('lets an operator approve: the member becomes an agent with an invite link', async () => {
    const member = await register();
    const applied = await apply(member, { contact: 'telegram @big' });
    const id = (applied.body.data as AgentApplication).id;
    const listed = await admin<{ items: AdminAgentApplication[] }>(
      'GET',
      `/admin/api/agent/applications?brand=${DEFAULT_BRAND}&status=pending&pageSize=100`,
    );
    expect(listed.body.data.items.some((item) => item.id === id)).toBe(true);

    const approved = await admin<AdminAgentApplication>(
      'POST',
      `/admin/api/agent/applications/${id}/approve`,
      { note: 'welcome' },
    );
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      username: member.username,
      reviewNote: 'welcome',
    });
    const twice = await admin('POST', `/admin/api/agent/applications/${id}/approve`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.body.data).toBe('agent_application_decided');
    const rejectLate = await admin('POST', `/admin/api/agent/applications/${id}/reject`, {
      note: 'no',
    });
    expect(rejectLate.body.data).toBe('agent_application_decided');

    const seen = await info(member);
    const code = await inviteCodeOf(member);
    expect(seen).toMatchObject({ agent: true, agentStatus: 'active', inviteCode: code });
    expect(seen.inviteLink).toBe(`http://localhost:80/register?i_code=${code}`);
    const reapply = await apply(member, { contact: 'again' });
    expect(reapply.statusCode).toBe(409);
    expect(reapply.body.data).toBe('agent_already_agent');

    const actions = await db()
      .select()
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.action, 'agent_application_approve'),
          eq(operatorActions.targetId, member.username),
        ),
      );
    expect(actions).toHaveLength(1);
  });

  it('lets an operator reject with a note; the member may apply again', async () => {
    const member = await register();
    const applied = await apply(member, { contact: 'mail me' });
    const id = (applied.body.data as AgentApplication).id;
    const noNote = await admin('POST', `/admin/api/agent/applications/${id}/reject`, {});
    expect(noNote.statusCode).toBe(400);
    const blank = await admin('POST', `/admin/api/agent/applications/${id}/reject`, { note: ' ' });
    expect(blank.statusCode).toBe(400);
    expect((await info(member)).application?.status).toBe('pending');

    const rejected = await admin<AdminAgentApplication>(
      'POST',
      `/admin/api/agent/applications/${id}/reject`,
      { note: 'please add a website' },
    );
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reviewNote: 'please add a website',
    });
    const seen = await info(member);
    expect(seen.agent).toBe(false);
    expect(seen.application).toMatchObject({
      status: 'rejected',
      reviewNote: 'please add a website',
    });
    const second = await apply(member, { contact: 'mail me', message: 'site: example.org' });
    expect(second.body.status).toBe(true);
  });

  it('refuses unknown applications, bad ids and callers without an operator token', async () => {
    const unknown = await admin('POST', '/admin/api/agent/applications/999999999/approve', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.data).toBe('agent_application_not_found');
    const badId = await admin('POST', '/admin/api/agent/applications/abc/approve', {});
    expect(badId.statusCode).toBe(400);
    const badStatus = await admin(
      'GET',
      `/admin/api/agent/applications?brand=${DEFAULT_BRAND}&status=maybe`,
    );
    expect(badStatus.statusCode).toBe(400);
    const badBrand = await admin('GET', '/admin/api/agent/applications?brand=nosuchbrand');
    expect(badBrand.body.data).toBe('unknown_site');
    const noToken = await harness.app.inject({
      method: 'GET',
      url: `/admin/api/agent/applications?brand=${DEFAULT_BRAND}`,
    });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('downline', () => {
  it('attributes registrations with the invite code and shows them masked, in aggregate', async () => {
    const agent = await newAgent();
    const code = await inviteCodeOf(agent);
    const first = await registerWithInvite(code);
    const second = await registerWithInvite(code.toLowerCase());
    const stranger = await register();

    const answer = await get(harness.app, `${DOWNLINE}?pageSize=1`, agent.headers);
    expect(answer.body.status, JSON.stringify(answer.body)).toBe(true);
    const page = answer.body.data as {
      month: string;
      items: { username: string; joinedAt: string; active: boolean }[];
      total: number;
      summary: { registered: number; active: number; netRevenue: string };
    };
    expect(page.month).toBe(THIS_MONTH);
    expect(page.total).toBe(2);
    expect(page.summary).toMatchObject({ registered: 2, active: 0, netRevenue: '0.00' });
    expect(page.items).toHaveLength(1);
    // Newest first: the second registration, masked.
    const masked = `${second.username.slice(0, 2)}***${second.username.slice(-1)}`;
    expect(page.items[0]).toMatchObject({ username: masked, active: false });
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(['active', 'joinedAt', 'username']);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(second.username);
    expect(text).not.toContain(first.username);
    expect(text).not.toContain(stranger.username.slice(2, -1));

    const pageTwo = await get(harness.app, `${DOWNLINE}?pageSize=1&page=2`, agent.headers);
    expect((pageTwo.body.data as { items: { username: string }[] }).items[0]?.username).toBe(
      `${first.username.slice(0, 2)}***${first.username.slice(-1)}`,
    );

    const referrer = await db()
      .select({ referrer: members.referrerMemberId })
      .from(members)
      .where(eq(members.id, first.memberId));
    expect(referrer[0]?.referrer).toBe(agent.memberId);
  });

  it('is for agents only and refuses a bad month or page', async () => {
    const member = await register();
    const refused = await get(harness.app, DOWNLINE, member.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.body.data).toBe('agent_not_agent');
    const statements = await get(harness.app, STATEMENTS, member.headers);
    expect(statements.body.data).toBe('agent_not_agent');
    const guest = await get(harness.app, DOWNLINE);
    expect(guest.body.data).toBe('token');
    const agent = await newAgent();
    for (const query of ['?month=2026-13', '?month=26-01', '?page=0', '?pageSize=1000']) {
      const bad = await get(harness.app, `${DOWNLINE}${query}`, agent.headers);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.body.data).toBe('validation');
    }
  });
});

describe('agents and tiers (operator)', () => {
  it('lists agents with their downline, suspends and resumes them (logged)', async () => {
    const agent = await newAgent();
    await registerWithInvite(await inviteCodeOf(agent));
    const listed = await admin<{ items: AdminAgent[] }>(
      'GET',
      `/admin/api/agent/agents?brand=${DEFAULT_BRAND}&pageSize=100`,
    );
    const row = listed.body.data.items.find((item) => item.username === agent.username);
    expect(row).toMatchObject({ status: 'active', downline: 1 });

    const suspended = await admin<AdminAgent>(
      'POST',
      `/admin/api/agent/agents/${agent.memberId}/suspend`,
      { reason: 'spam links' },
    );
    expect(suspended.body.data.status).toBe('suspended');
    expect((await info(agent)).agentStatus).toBe('suspended');
    const resumed = await admin<AdminAgent>(
      'POST',
      `/admin/api/agent/agents/${agent.memberId}/resume`,
      {},
    );
    expect(resumed.body.data.status).toBe('active');
    const unknown = await admin('POST', '/admin/api/agent/agents/999999999/suspend', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.data).toBe('agent_not_found');
    const actions = await db()
      .select({ action: operatorActions.action, reason: operatorActions.reason })
      .from(operatorActions)
      .where(eq(operatorActions.targetId, agent.username));
    expect(actions.map((action) => action.action).sort()).toEqual([
      'agent_application_approve',
      'agent_resume',
      'agent_suspend',
    ]);
  });

  it('replaces a tier table after validation, and changes nothing on bad input', async () => {
    const brand = await harness.createBrand({});
    const url = `/admin/api/agent/tiers?brand=${brand}`;
    const before = await admin<{ tiers: unknown[] }>('GET', url);
    expect(before.body.data.tiers).toEqual([]);
    const good = [
      { minActiveMembers: 1, minNetRevenue: '0', shareBp: 1000 },
      { minActiveMembers: 3, minNetRevenue: '500.50', shareBp: 3000 },
    ];
    const bad: unknown[] = [
      [],
      [{ minActiveMembers: 1, minNetRevenue: '0', shareBp: 10_001 }],
      [{ minActiveMembers: 1, minNetRevenue: '0', shareBp: -1 }],
      [{ minActiveMembers: -1, minNetRevenue: '0', shareBp: 10 }],
      [{ minActiveMembers: 1, minNetRevenue: '-5', shareBp: 10 }],
      [{ minActiveMembers: 1, minNetRevenue: '1.001', shareBp: 10 }],
      [{ minActiveMembers: 1.5, minNetRevenue: '1', shareBp: 10 }],
      Array.from({ length: 21 }, (_, index) => ({
        minActiveMembers: index,
        minNetRevenue: '0',
        shareBp: 10,
      })),
    ];
    for (const tiers of bad) {
      const refused = await admin('PUT', '/admin/api/agent/tiers', { brand, tiers });
      expect(refused.statusCode, JSON.stringify(tiers)).toBe(400);
      expect(refused.body.data).toBe('validation');
    }
    const duplicate = await admin('PUT', '/admin/api/agent/tiers', {
      brand,
      tiers: [...good, { minActiveMembers: 3, minNetRevenue: '500.5', shareBp: 100 }],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.body.data).toBe('agent_tiers_duplicate');
    expect((await admin<{ tiers: unknown[] }>('GET', url)).body.data.tiers).toEqual([]);

    const replaced = await admin<{ tiers: { minNetRevenue: string; shareBp: number }[] }>(
      'PUT',
      '/admin/api/agent/tiers',
      { brand, tiers: good },
    );
    expect(replaced.body.status).toBe(true);
    expect(replaced.body.data.tiers.map((tier) => [tier.minNetRevenue, tier.shareBp])).toEqual([
      ['0.00', 1000],
      ['500.50', 3000],
    ]);
    const member = await register(brand);
    expect((await info(member)).rules.tiers).toEqual([
      { minActiveMembers: 1, minNetRevenue: '0.00', shareBp: 1000 },
      { minActiveMembers: 3, minNetRevenue: '500.50', shareBp: 3000 },
    ]);
    const logged = await db()
      .select()
      .from(operatorActions)
      .where(
        and(eq(operatorActions.action, 'agent_tiers_replace'), eq(operatorActions.targetId, brand)),
      );
    expect(logged).toHaveLength(1);
  });

  it('seeds default tiers for a brand without any, in its currency', async () => {
    const brand = await harness.createBrand({});
    await seedAgentTiers(db(), harness.app.brands.all());
    const tiers = await admin<{ tiers: { minNetRevenue: string; shareBp: number }[] }>(
      'GET',
      `/admin/api/agent/tiers?brand=${brand}`,
    );
    expect(tiers.body.data.tiers.map((tier) => tier.shareBp)).toEqual(
      DEFAULT_TIERS.map((tier) => tier.shareBp),
    );
    expect(tiers.body.data.tiers[1]?.minNetRevenue).toBe('10000.00');
  });
});

/** A settled round of a member in a month (the 10th, noon in Shanghai). */
async function betRecord(
  member: Member,
  month: string,
  amounts: { bet: bigint; valid?: bigint; payout: bigint },
) {
  const settledAt = new Date(monthRange(month, SHANGHAI).from.getTime() + 9.5 * 86_400_000);
  await betRecordAt(member, settledAt, amounts);
}

/** A settled round of a member at an instant. */
async function betRecordAt(
  member: Member,
  settledAt: Date,
  amounts: { bet: bigint; valid?: bigint; payout: bigint },
) {
  await insertNewBetRecords(db(), [
    {
      platformId: 17,
      roundId: `agent-test-${randomUUID()}`,
      brandCode: member.brand,
      memberId: member.memberId,
      gameCode: 'slot-test',
      category: 3,
      currency: 'CNY',
      betMinor: amounts.bet,
      validBetMinor: amounts.valid ?? amounts.bet,
      payoutMinor: amounts.payout,
      placedAt: settledAt,
      settledAt,
    },
  ]);
}

/**
 * A movement between a member's wallet and a house account, now: ledger entries are append-only
 * and stamped with the time of posting, so bonuses count in the current month.
 */
async function walletMovement(
  member: Member,
  house: 'house_promotions' | 'house_rebates' | 'house_adjustments',
  amountMinor: bigint,
) {
  await harness.ledger.post({
    brandCode: member.brand,
    reason: house === 'house_rebates' ? 'vip_rebate' : 'promo_bonus',
    idempotencyKey: `agent-test:${randomUUID()}`,
    actor: { type: 'system', id: 'test' },
    lines: [
      { account: { kind: house, currency: 'CNY' }, amountMinor: -amountMinor },
      {
        account: { kind: 'member_wallet', memberId: member.memberId, currency: 'CNY' },
        amountMinor,
      },
    ],
  });
}

/** The agent service as the sweep sees it at the start of next month: this month has ended. */
function serviceAtNextMonth(): AgentService {
  const now = new Date(monthRange(addMonths(THIS_MONTH, 1), SHANGHAI).from.getTime() + 3_600_000);
  return new AgentService({
    db: db(),
    ledger: harness.ledger,
    operators: new OperatorService(db()),
    brand: (code) => harness.app.brands.get(code),
    now: () => now,
  });
}

/** Agents count for months that end after they became agents: date this one a year back. */
async function backdateAgent(agent: Member) {
  await db()
    .update(agents)
    .set({ createdAt: monthRange(monthsAgo(12), SHANGHAI).from })
    .where(eq(agents.memberId, agent.memberId));
}

async function statementsOf(brand: string, query = ''): Promise<AdminAgentStatement[]> {
  const answer = await admin<{ items: AdminAgentStatement[] }>(
    'GET',
    `/admin/api/agent/statements?brand=${brand}&pageSize=100${query}`,
  );
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data.items;
}

async function generate(brand: string, month: string) {
  return admin<{ generated: number; existing: number }>(
    'POST',
    '/admin/api/agent/statements/generate',
    { brand, month },
  );
}

/** A brand of its own with two simple tiers, so its statements are this test's alone. */
async function brandWithTiers(timeZone = SHANGHAI): Promise<string> {
  const brand =
    timeZone === SHANGHAI
      ? await harness.createBrand({})
      : await createBrandInZone(harness, timeZone);
  const set = await admin('PUT', '/admin/api/agent/tiers', {
    brand,
    tiers: [
      { minActiveMembers: 1, minNetRevenue: '0.01', shareBp: 1000 },
      { minActiveMembers: 2, minNetRevenue: '100', shareBp: 3000 },
    ],
  });
  expect(set.body.status).toBe(true);
  return brand;
}

async function journalCount(brand: string, key: string): Promise<number> {
  const rows = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(journalEntries)
    .where(and(eq(journalEntries.brandCode, brand), eq(journalEntries.idempotencyKey, key)));
  return Number(rows[0]?.n ?? 0);
}

describe('monthly statements', () => {
  it('writes a statement from bet records and bonuses once, and pays it once on approval', async () => {
    const brand = await brandWithTiers();
    // This month: the ledger's bonuses are posted now and cannot be dated back.
    const month = THIS_MONTH;
    const agent = await newAgent(brand);
    await backdateAgent(agent);
    const code = await inviteCodeOf(agent);
    const first = await registerWithInvite(code, brand);
    const second = await registerWithInvite(code, brand);
    const idle = await registerWithInvite(code, brand);
    const outsider = await register(brand);
    await betRecord(first, month, { bet: 100_000n, payout: 40_000n });
    await betRecord(first, month, { bet: 50_000n, valid: 30_000n, payout: 0n });
    await betRecord(second, month, { bet: 20_000n, payout: 35_000n });
    // Outside the month, or not of the downline: not counted.
    await betRecord(first, monthsAgo(4), { bet: 999_999n, payout: 0n });
    await betRecord(outsider, month, { bet: 777_777n, payout: 0n });
    await betRecord(idle, month, { bet: 0n, valid: 0n, payout: 0n });
    // Bonuses: a promotion and a rebate paid, and a re-sign cost paid back by the member.
    await walletMovement(first, 'house_promotions', 5_000n);
    await walletMovement(second, 'house_rebates', 1_000n);
    await walletMovement(first, 'house_promotions', -2_000n);
    // An adjustment is not a bonus; a promotion in another month is not this month's.
    await walletMovement(second, 'house_adjustments', 8_000n);
    await walletMovement(outsider, 'house_promotions', 3_000n);

    // Through the API the month has not ended yet; the sweep on the 1st writes it.
    expect((await generate(brand, month)).body.data).toBe('agent_month_not_ended');
    const later = serviceAtNextMonth();
    const only = harness.app.brands.get(brand);
    if (!only) throw new Error('no brand');
    expect(await later.generateMonth(only, month)).toEqual({ generated: 1, existing: 0 });
    const [statement] = await statementsOf(brand, `&month=${month}`);
    // bet 1 700.00, payout 750.00, gross 950.00, bonus 40.00, net 910.00; 2 active: 30 %.
    expect(statement).toMatchObject({
      agentUsername: agent.username,
      month,
      currency: 'CNY',
      activeMembers: 2,
      bet: '1700.00',
      validBet: '1500.00',
      payout: '750.00',
      bonus: '40.00',
      netRevenue: '910.00',
      shareBp: 3000,
      commission: '273.00',
      status: 'pending',
      ledgerEntryId: null,
    });
    if (!statement) throw new Error('no statement');

    // Late data: a second run writes nothing and leaves the statement as it was.
    await betRecord(second, month, { bet: 10_000n, payout: 0n });
    expect(await later.generateMonth(only, month)).toEqual({ generated: 0, existing: 1 });
    expect((await statementsOf(brand, `&month=${month}`))[0]?.commission).toBe('273.00');
    // The operator regenerates the pending statement explicitly: now 1 010.00 x 30 %.
    const regenerated = await admin<AdminAgentStatement>(
      'POST',
      `/admin/api/agent/statements/${statement.id}/regenerate`,
    );
    expect(regenerated.body.data).toMatchObject({ netRevenue: '1010.00', commission: '303.00' });

    const walletBefore = (await harness.balances(agent)).walletMinor;
    const approved = await admin<AdminAgentStatement>(
      'POST',
      `/admin/api/agent/statements/${statement.id}/approve`,
      { note: 'ok' },
    );
    expect(approved.body.data).toMatchObject({ status: 'paid', reviewNote: 'ok' });
    expect(approved.body.data.ledgerEntryId).not.toBeNull();
    expect((await harness.balances(agent)).walletMinor - walletBefore).toBe(30_300n);
    const twice = await admin('POST', `/admin/api/agent/statements/${statement.id}/approve`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.body.data).toBe('agent_statement_not_pending');
    for (const action of ['regenerate', 'reject']) {
      const late = await admin('POST', `/admin/api/agent/statements/${statement.id}/${action}`, {
        note: 'late',
      });
      expect(late.body.data, action).toBe('agent_statement_not_pending');
    }
    expect((await harness.balances(agent)).walletMinor - walletBefore).toBe(30_300n);
    expect(await journalCount(brand, commissionKey(BigInt(statement.id)))).toBe(1);
    // The ledger names the operator by id, as every operator movement does.
    const [entry] = await db()
      .select({ type: journalEntries.actorType, id: journalEntries.actorId })
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.brandCode, brand),
          eq(journalEntries.idempotencyKey, commissionKey(BigInt(statement.id))),
        ),
      );
    expect(entry).toEqual({ type: 'operator', id: expect.stringMatching(/^\d+$/) });

    // The agent sees the statement, paid.
    const own = await get(harness.app, STATEMENTS, agent.headers);
    const items = (own.body.data as { items: AgentStatement[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ month, status: 'paid', commission: '303.00' });
    // The downline of that month: two active of three.
    const downline = await get(harness.app, `${DOWNLINE}?month=${month}`, agent.headers);
    expect((downline.body.data as { summary: object }).summary).toEqual({
      registered: 3,
      active: 2,
      bet: '1800.00',
      validBet: '1600.00',
      payout: '750.00',
      bonus: '40.00',
      netRevenue: '1010.00',
    });
    const logged = await db()
      .select({ action: operatorActions.action })
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.targetType, 'agent_statement'),
          eq(operatorActions.targetId, statement.id),
        ),
      );
    expect(logged.map((row) => row.action).sort()).toEqual([
      'agent_statement_approve',
      'agent_statement_regenerate',
    ]);
  });

  it('records a month without commission as zero; approving it pays nothing', async () => {
    const brand = await brandWithTiers();
    const month = monthsAgo(2);
    const agent = await newAgent(brand);
    await backdateAgent(agent);
    const player = await registerWithInvite(await inviteCodeOf(agent), brand);
    // The house lost: net revenue negative, nothing carried.
    await betRecord(player, month, { bet: 10_000n, payout: 60_000n });
    expect((await generate(brand, month)).body.data.generated).toBe(1);
    const [statement] = await statementsOf(brand, `&month=${month}`);
    expect(statement).toMatchObject({ netRevenue: '-500.00', shareBp: 0, commission: '0.00' });
    if (!statement) throw new Error('no statement');
    const approved = await admin<AdminAgentStatement>(
      'POST',
      `/admin/api/agent/statements/${statement.id}/approve`,
      {},
    );
    expect(approved.body.data).toMatchObject({ status: 'approved', ledgerEntryId: null });
    expect(await journalCount(brand, commissionKey(BigInt(statement.id)))).toBe(0);
    expect((await harness.balances(agent)).walletMinor).toBe(0n);
  });

  it('finds applications, agents and statements by username, in any case', async () => {
    const brand = await brandWithTiers();
    const month = monthsAgo(2);
    const agent = await newAgent(brand);
    const other = await newAgent(brand);
    await backdateAgent(agent);
    await backdateAgent(other);
    const pending = await register(brand);
    expect((await apply(pending, { contact: 'wechat pending' })).body.status).toBe(true);
    expect((await generate(brand, month)).body.data.generated).toBe(2);
    const shout = (member: Member) => member.username.toUpperCase();

    const applications = await admin<{ items: AdminAgentApplication[]; total: number }>(
      'GET',
      `/admin/api/agent/applications?brand=${brand}&username=${shout(pending)}`,
    );
    expect(applications.body.data.total).toBe(1);
    expect(applications.body.data.items).toMatchObject([
      { username: pending.username, status: 'pending' },
    ]);
    const listed = await admin<{ items: AdminAgent[]; total: number }>(
      'GET',
      `/admin/api/agent/agents?brand=${brand}&username=${shout(agent)}`,
    );
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.items.map((item) => item.username)).toEqual([agent.username]);
    const statements = await statementsOf(brand, `&username=${shout(other)}`);
    expect(statements.map((item) => [item.agentUsername, item.month])).toEqual([
      [other.username, month],
    ]);
    // Nobody by that name: an empty page, not an error.
    const nobody = await admin<{ items: AdminAgent[]; total: number }>(
      'GET',
      `/admin/api/agent/agents?brand=${brand}&username=nobody_here`,
    );
    expect(nobody.body.data).toMatchObject({ items: [], total: 0 });
    const tooLong = await admin(
      'GET',
      `/admin/api/agent/agents?brand=${brand}&username=${'x'.repeat(33)}`,
    );
    expect([tooLong.statusCode, tooLong.body.data]).toEqual([400, 'validation']);
  });

  it('rejects with a note, skips suspended and new agents, and refuses bad requests', async () => {
    const brand = await brandWithTiers();
    const month = monthsAgo(5);
    const agent = await newAgent(brand);
    await backdateAgent(agent);
    const suspended = await newAgent(brand);
    await backdateAgent(suspended);
    await admin('POST', `/admin/api/agent/agents/${suspended.memberId}/suspend`, {});
    // An agent approved now gets no statement for a month that ended before.
    await newAgent(brand);
    expect((await generate(brand, month)).body.data).toEqual({ month, generated: 1, existing: 0 });
    const [statement] = await statementsOf(brand);
    expect(statement?.agentUsername).toBe(agent.username);
    if (!statement) throw new Error('no statement');

    const noNote = await admin('POST', `/admin/api/agent/statements/${statement.id}/reject`, {});
    expect(noNote.statusCode).toBe(400);
    const rejected = await admin<AdminAgentStatement>(
      'POST',
      `/admin/api/agent/statements/${statement.id}/reject`,
      { note: 'self-referral suspected' },
    );
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reviewNote: 'self-referral suspected',
    });
    expect(await statementsOf(brand, '&status=rejected')).toHaveLength(1);
    expect(await statementsOf(brand, '&status=pending')).toHaveLength(0);

    const current = await generate(brand, THIS_MONTH);
    expect(current.statusCode).toBe(409);
    expect(current.body.data).toBe('agent_month_not_ended');
    const future = await generate(brand, addMonths(THIS_MONTH, 2));
    expect(future.body.data).toBe('agent_month_not_ended');
    for (const body of [
      { brand, month: '2026-1' },
      { brand, month: '2026-00' },
      { brand },
      { month },
    ]) {
      const bad = await admin('POST', '/admin/api/agent/statements/generate', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await admin('POST', '/admin/api/agent/statements/999999999/approve', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.data).toBe('agent_statement_not_found');
    const badFilter = await admin('GET', `/admin/api/agent/statements?brand=${brand}&month=x`);
    expect(badFilter.statusCode).toBe(400);
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(agentCommissionStatements)
      .where(eq(agentCommissionStatements.brandCode, brand));
    expect(Number(count[0]?.n)).toBe(1);
  });

  it('pays once when two operators approve at the same moment', async () => {
    const brand = await brandWithTiers();
    const month = monthsAgo(6);
    const agent = await newAgent(brand);
    await backdateAgent(agent);
    const player = await registerWithInvite(await inviteCodeOf(agent), brand);
    await betRecord(player, month, { bet: 100_000n, payout: 0n });
    await generate(brand, month);
    const [statement] = await statementsOf(brand);
    expect(statement?.commission).toBe('100.00');
    if (!statement) throw new Error('no statement');
    // A second operator with a session of their own.
    const name = `agop${randomUUID().slice(0, 8)}`;
    await new OperatorService(db()).seedAdmin(name, 'operator-pass-1');
    const loginToken = await operatorLogin(harness.app, {
      username: name,
      password: 'operator-pass-1',
    });
    const otherToken = loginToken;

    const url = `/admin/api/agent/statements/${statement.id}/approve`;
    const answers = await Promise.all([
      admin<AdminAgentStatement>('POST', url, {}),
      admin<AdminAgentStatement>('POST', url, {}, otherToken),
    ]);
    expect(answers.map((answer) => answer.body.status).sort()).toEqual([false, true]);
    const loser = answers.find((answer) => !answer.body.status);
    expect(loser?.body.data).toBe('agent_statement_not_pending');
    expect((await harness.balances(agent)).walletMinor).toBe(10_000n);
    expect(await journalCount(brand, commissionKey(BigInt(statement.id)))).toBe(1);
    expect((await statementsOf(brand))[0]?.status).toBe('paid');
  });
});

describe('statement sweep', () => {
  it('catches up month by month from its cursor and writes each statement once', async () => {
    const brand = await brandWithTiers();
    const agent = await newAgent(brand);
    await backdateAgent(agent);
    const player = await registerWithInvite(await inviteCodeOf(agent), brand);
    await betRecord(player, monthsAgo(9), { bet: 20_000n, payout: 10_000n });
    await betRecord(player, monthsAgo(8), { bet: 30_000n, payout: 10_000n });

    // The sweep as the scheduler runs it, on the 1st of the month after monthsAgo(8).
    const now = new Date(monthRange(monthsAgo(7), SHANGHAI).from.getTime() + 3_600_000);
    const service = new AgentService({
      db: db(),
      ledger: harness.ledger,
      operators: new OperatorService(db()),
      brand: (code) => harness.app.brands.get(code),
      now: () => now,
    });
    const only = () => harness.app.brands.all().filter((item) => item.config.code === brand);
    let cursor: Record<string, unknown> = { nextMonth: monthsAgo(10) };
    const context = {
      get cursor() {
        return cursor;
      },
      async saveCursor(next: Record<string, unknown>) {
        cursor = next;
      },
      signal: new AbortController().signal,
      log: { info() {} } as unknown as FastifyBaseLogger,
    };
    const first = await runAgentStatements(context, {
      agents: service,
      brands: only,
      now: () => now,
    });
    expect(first.months).toEqual([monthsAgo(10), monthsAgo(9), monthsAgo(8)]);
    expect(cursor).toEqual({ nextMonth: monthsAgo(7) });
    const written = await statementsOf(brand);
    expect(written.map((row) => [row.month, row.commission])).toEqual([
      [monthsAgo(8), '20.00'],
      [monthsAgo(9), '10.00'],
      [monthsAgo(10), '0.00'],
    ]);

    // Run again (and once more from an old cursor, as after a crash): nothing new, nothing changed.
    expect(
      (await runAgentStatements(context, { agents: service, brands: only, now: () => now })).months,
    ).toEqual([]);
    cursor = { nextMonth: monthsAgo(9) };
    await betRecord(player, monthsAgo(9), { bet: 50_000n, payout: 0n });
    await runAgentStatements(context, { agents: service, brands: only, now: () => now });
    expect(await statementsOf(brand)).toEqual(written);

    // Without a cursor it starts at the last ended month.
    cursor = {};
    const fresh = await runAgentStatements(context, {
      agents: service,
      brands: only,
      now: () => now,
    });
    expect(fresh.months).toEqual([monthsAgo(8)]);
  });
});

describe("months of the brand's time zone", () => {
  function serviceAt(now: Date): AgentService {
    return new AgentService({
      db: db(),
      ledger: harness.ledger,
      operators: new OperatorService(db()),
      brand: (code) => harness.app.brands.get(code),
      now: () => now,
    });
  }

  /** A backdated agent of the brand with one player who bet on both sides of `instant`. */
  async function agentWithBets(brand: string, instant: Date) {
    const agent = await newAgent(brand);
    await backdateAgent(agent);
    const player = await registerWithInvite(await inviteCodeOf(agent), brand);
    await betRecordAt(player, new Date(instant.getTime() - 4 * 3_600_000), {
      bet: 50_000n,
      payout: 0n,
    });
    await betRecordAt(player, new Date(instant.getTime() + 2 * 3_600_000), {
      bet: 20_000n,
      payout: 10_000n,
    });
    return agent;
  }

  it("counts a New York agent's bets in New York's month, and a Shanghai agent's in Shanghai's", async () => {
    const month = monthsAgo(4);
    const newYork = await brandWithTiers(NEW_YORK);
    const shanghai = await brandWithTiers();
    // 20:00 on the last evening before `month` in New York is already `month` in Shanghai.
    const nyStart = monthStart(month, NEW_YORK);
    expect(monthOf(new Date(nyStart.getTime() - 4 * 3_600_000), SHANGHAI)).toBe(month);
    const nyAgent = await agentWithBets(newYork, nyStart);
    const shAgent = await agentWithBets(shanghai, nyStart);
    expect((await generate(newYork, month)).body.data).toEqual({
      month,
      generated: 1,
      existing: 0,
    });
    expect((await generate(shanghai, month)).body.data).toEqual({
      month,
      generated: 1,
      existing: 0,
    });
    expect(await statementsOf(newYork)).toEqual([
      expect.objectContaining({ month, validBet: '200.00', commission: '10.00' }),
    ]);
    expect(await statementsOf(shanghai)).toEqual([
      expect.objectContaining({ month, validBet: '700.00', commission: '60.00' }),
    ]);
    const downline = await get(harness.app, `${DOWNLINE}?month=${month}`, nyAgent.headers);
    expect(downline.body.data).toMatchObject({ month, summary: { validBet: '200.00' } });
    const before = await get(
      harness.app,
      `${DOWNLINE}?month=${addMonths(month, -1)}`,
      nyAgent.headers,
    );
    expect(before.body.data).toMatchObject({ summary: { validBet: '500.00' } });
    expect(shAgent.brand).toBe(shanghai);
  });

  it("writes each brand's statements once its own month has ended", async () => {
    const newYork = await brandWithTiers(NEW_YORK);
    const shanghai = await brandWithTiers();
    for (const brand of [newYork, shanghai]) {
      const agent = await newAgent(brand);
      await backdateAgent(agent);
    }
    // An hour into this month in Shanghai: last month has ended there, not yet in New York.
    const early = new Date(monthStart(THIS_MONTH, SHANGHAI).getTime() + 3_600_000);
    expect(monthOf(early, NEW_YORK)).toBe(monthsAgo(1));
    const brands = () =>
      harness.app.brands.all().filter((item) => [newYork, shanghai].includes(item.config.code));
    let cursor: Record<string, unknown> = { nextMonth: monthsAgo(2) };
    const context = {
      get cursor() {
        return cursor;
      },
      async saveCursor(next: Record<string, unknown>) {
        cursor = next;
      },
      signal: new AbortController().signal,
      log: { info() {} } as unknown as FastifyBaseLogger,
    };
    const run = (now: Date) =>
      runAgentStatements(context, { agents: serviceAt(now), brands, now: () => now });
    const months = async (brand: string) => (await statementsOf(brand)).map((row) => row.month);

    expect((await run(early)).months).toEqual([monthsAgo(2)]);
    // The cursor waits for New York's month; Shanghai's statements of it are written already.
    expect(cursor).toEqual({ nextMonth: monthsAgo(1) });
    expect(await months(shanghai)).toEqual([monthsAgo(1), monthsAgo(2)]);
    expect(await months(newYork)).toEqual([monthsAgo(2)]);
    const newYorkBrand = harness.app.brands.get(newYork);
    if (!newYorkBrand) throw new Error('no brand');
    await expect(serviceAt(early).generateMonth(newYorkBrand, monthsAgo(1))).rejects.toMatchObject({
      code: 'agent_month_not_ended',
    });

    const later = new Date(monthStart(THIS_MONTH, NEW_YORK).getTime() + 3_600_000);
    expect((await run(later)).months).toEqual([monthsAgo(1)]);
    expect(cursor).toEqual({ nextMonth: THIS_MONTH });
    expect(await months(newYork)).toEqual([monthsAgo(1), monthsAgo(2)]);
    expect(await months(shanghai)).toEqual([monthsAgo(1), monthsAgo(2)]);
  });
});
