import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@lobby/contracts';
import type { OperatorRoute } from '../../plugins/operator-auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createOperator } from '../identity/operator/operator.test-support.ts';
import { members } from '../identity/member/member.schema.ts';
import { payoutAccounts } from '../money/payout/payout.schema.ts';
import { depositOrders } from '../money/deposit/deposit.schema.ts';
import { withdrawalOrders } from '../money/withdrawal/withdrawal.schema.ts';
import {
  agentApplications,
  agentCommissionStatements,
  agents,
} from '../engagement/agent/agent.schema.ts';
import {
  giftExchanges,
  promoBanners,
  promotionClaims,
  promotionGifts,
  promotions,
} from '../engagement/promo/promo.schema.ts';
import { seedPromotions } from '../engagement/promo/promo.seed.ts';
import { chatCannedReplies, chatConversations } from '../service/chat/chat.schema.ts';
import { feedbackTickets } from '../service/feedback/feedback.schema.ts';
import { helpPages } from '../service/help/help.schema.ts';
import { seedHelpPages } from '../service/help/help.seed.ts';
import { memberMessages } from '../service/messages/messages.schema.ts';
import { approvalRequests } from '../money/approvals/approvals.schema.ts';
import { operators } from '../identity/operator/operator.schema.ts';
import { gameTransfers } from '../games/transfer/transfer.schema.ts';
import { LedgerService } from '../money/ledger/ledger.service.ts';
import { riskAlerts } from '../protection/risk/risk.schema.ts';
import { uploads } from '../identity/upload/upload.schema.ts';
import { kycSubmissions } from '../protection/kyc/kyc.schema.ts';

/**
 * Brand scopes: an operator granted some brands reads and changes nothing of another. Every
 * operator route that addresses a record by id is probed with a record of a brand outside the
 * operator's and answers as if it did not exist, while an operator of that brand gets past; every
 * route that names a brand refuses one outside the operator's with `forbidden`.
 */
const HOME = 'jinsheng';
const OTHER = 'lumen';

let harness: TestApp;
let routes: OperatorRoute[];
let outsider: string;
let insider: string;
/** A record of the HOME brand for each path parameter of each by-id route. */
const recordIds = new Map<string, Record<string, string>>();

async function homeRecords(): Promise<void> {
  const db = harness.database.db;
  await seedPromotions(db);
  await seedHelpPages(db);
  const memberName = `scope${randomUUID().slice(0, 8)}`;
  const [member] = await db
    .insert(members)
    .values({
      brandCode: HOME,
      username: memberName,
      usernameKey: memberName,
      passwordHash: 'x',
      inviteCode: randomUUID().slice(0, 8),
    })
    .returning();
  const memberId = member!.id;
  const currency = 'CNY';
  const key = () => randomUUID();

  const [ticket] = await db
    .insert(feedbackTickets)
    .values({ brandCode: HOME, memberId, category: 'other', content: 'a ticket of the home brand' })
    .returning();
  const [conversation] = await db
    .insert(chatConversations)
    .values({ brandCode: HOME, memberId, displayName: member!.username })
    .returning();
  const [canned] = await db
    .insert(chatCannedReplies)
    .values({ brandCode: HOME, language: 'zh-CN', title: 'hello', body: 'a canned reply' })
    .returning();
  const [message] = await db
    .insert(memberMessages)
    .values({ brandCode: HOME, memberId, category: 'personal', title: 't', body: 'b' })
    .returning();
  const [page] = await db.select().from(helpPages).where(eq(helpPages.brandCode, HOME)).limit(1);
  const depositNo = `D${Date.now()}${randomUUID().slice(0, 6).toUpperCase()}`;
  await db.insert(depositOrders).values({
    orderNo: depositNo,
    brandCode: HOME,
    memberId,
    channelCode: 'bank',
    channelType: 'bank',
    currency,
    amountMinor: 10_000n,
    status: 'submitted',
    idempotencyKey: key(),
    requestHash: 'x',
  });
  const [account] = await db
    .insert(payoutAccounts)
    .values({
      brandCode: HOME,
      memberId,
      type: 'bank',
      institution: 'icbc',
      holderName: '张三',
      accountNumber: '6222020000000000',
    })
    .returning();
  const withdrawalNo = `W${Date.now()}${randomUUID().slice(0, 6).toUpperCase().replace('-', 'A')}`;
  await db.insert(withdrawalOrders).values({
    orderNo: withdrawalNo,
    brandCode: HOME,
    memberId,
    payoutAccountId: account!.id,
    currency,
    amountMinor: 10_000n,
    status: 'pending',
    idempotencyKey: key(),
    requestHash: 'x',
  });
  const [application] = await db
    .insert(agentApplications)
    .values({ brandCode: HOME, memberId, contact: 'qq 12345' })
    .returning();
  await db.insert(agents).values({ memberId, brandCode: HOME });
  const [statement] = await db
    .insert(agentCommissionStatements)
    .values({
      brandCode: HOME,
      agentMemberId: memberId,
      month: '2026-01',
      currency,
      activeMembers: 0,
      betMinor: 0n,
      validBetMinor: 0n,
      payoutMinor: 0n,
      bonusMinor: 0n,
      netRevenueMinor: 0n,
      shareBp: 0,
      commissionMinor: 0n,
    })
    .returning();
  const [promotion] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.brandCode, HOME), eq(promotions.kind, 'gift')))
    .limit(1);
  const [gift] = await db
    .select()
    .from(promotionGifts)
    .where(eq(promotionGifts.promotionId, promotion!.id))
    .limit(1);
  const [banner] = await db
    .select()
    .from(promoBanners)
    .where(eq(promoBanners.brandCode, HOME))
    .limit(1);
  const [claim] = await db
    .insert(promotionClaims)
    .values({
      brandCode: HOME,
      promotionId: promotion!.id,
      memberId,
      status: 'pending',
      currency,
    })
    .returning();
  const [exchange] = await db
    .insert(giftExchanges)
    .values({
      brandCode: HOME,
      promotionId: promotion!.id,
      giftId: gift!.id,
      memberId,
      idempotencyKey: key(),
      turnoverCostMinor: 0n,
      currency,
      status: 'pending_delivery',
    })
    .returning();

  const [requester] = await db
    .insert(operators)
    .values({
      username: `req${randomUUID().slice(0, 8)}`,
      passwordHash: 'x',
      role: 'finance',
      allBrands: true,
    })
    .returning();
  const [approval] = await db
    .insert(approvalRequests)
    .values({
      brandCode: HOME,
      kind: 'balance_adjustment',
      target: member!.username,
      amountMinor: 500_000n,
      currency,
      reason: 'probe',
      payload: { amount: '5000.00', idempotencyKey: key() },
      requestedBy: requester!.id,
    })
    .returning();

  // A transfer in transit past its status-query window, with its money really reserved (other
  // test files check the ledger against the transfers of the shared database).
  const ledger = new LedgerService(db);
  const transferNo = `TSCOPE${randomUUID().replaceAll('-', '').slice(0, 15).toUpperCase()}`;
  let transferId: bigint | undefined;
  await ledger.post({
    brandCode: HOME,
    reason: 'deposit',
    idempotencyKey: `scope-fund:${key()}`,
    actor: { type: 'system', id: 'test' },
    lines: [
      { account: { kind: 'house_deposit_clearing', ref: 'bank', currency }, amountMinor: -1_000n },
      { account: { kind: 'member_wallet', memberId, currency }, amountMinor: 1_000n },
    ],
  });
  await ledger.post(
    {
      brandCode: HOME,
      reason: 'game_transfer_in_reserve',
      idempotencyKey: `${transferNo}:reserve`,
      actor: { type: 'member', id: String(memberId) },
      lines: [
        { account: { kind: 'member_wallet', memberId, currency }, amountMinor: -1_000n },
        { account: { kind: 'house_in_transit', ref: '1', currency }, amountMinor: 1_000n },
      ],
    },
    async (transaction, entryId) => {
      const [transfer] = await transaction
        .insert(gameTransfers)
        .values({
          orderNo: transferNo,
          brandCode: HOME,
          memberId,
          platformId: 1,
          direction: 'in',
          currency,
          amountMinor: 1_000n,
          status: 'in_transit',
          idempotencyKey: key(),
          requestHash: 'x',
          nextCheckAt: new Date(Date.now() + 3_600_000),
          reserveEntryId: entryId,
          createdAt: new Date(Date.now() - 10 * 60_000),
        })
        .returning();
      transferId = transfer?.id;
    },
  );

  const id = (value: bigint | undefined) => String(value);
  const set = (url: string, params: Record<string, string>) => recordIds.set(url, params);
  set('/admin/api/feedback/:id', { id: id(ticket?.id) });
  set('/admin/api/feedback/:id/reply', { id: id(ticket?.id) });
  set('/admin/api/feedback/:id/close', { id: id(ticket?.id) });
  set('/admin/api/chat/canned-replies/:id', { id: id(canned?.id) });
  for (const action of ['take', 'messages', 'read', 'close', 'context', 'image', 'transfer']) {
    set(`/admin/api/chat/:id/${action}`, { id: id(conversation?.id) });
  }
  set('/admin/api/messages/:id/withdraw', { id: id(message?.id) });
  set('/admin/api/help/pages/:id', { id: id(page?.id) });
  set('/admin/api/deposits/:orderNo/confirm', { orderNo: depositNo });
  set('/admin/api/deposits/:orderNo/reject', { orderNo: depositNo });
  set('/admin/api/withdrawals/:orderNo/approve', { orderNo: withdrawalNo });
  set('/admin/api/withdrawals/:orderNo/reject', { orderNo: withdrawalNo });
  // The cashier queues: an order's detail, claims, holds and notes.
  set('/admin/api/deposits/:orderNo', { orderNo: depositNo });
  set('/admin/api/withdrawals/:orderNo', { orderNo: withdrawalNo });
  for (const action of ['claim', 'release', 'hold', 'notes']) {
    set(`/admin/api/deposits/:orderNo/${action}`, { orderNo: depositNo });
    set(`/admin/api/withdrawals/:orderNo/${action}`, { orderNo: withdrawalNo });
  }
  set('/admin/api/agent/applications/:id/approve', { id: id(application?.id) });
  set('/admin/api/agent/applications/:id/reject', { id: id(application?.id) });
  set('/admin/api/agent/agents/:memberId/suspend', { memberId: id(memberId) });
  set('/admin/api/agent/agents/:memberId/resume', { memberId: id(memberId) });
  for (const action of ['regenerate', 'approve', 'reject']) {
    set(`/admin/api/agent/statements/:id/${action}`, { id: id(statement?.id) });
  }
  set('/admin/api/promo/promotions/:id', { id: id(promotion?.id) });
  set('/admin/api/promo/promotions/:id/status', { id: id(promotion?.id) });
  set('/admin/api/promo/promotions/:id/gifts', { id: id(promotion?.id) });
  set('/admin/api/promo/gifts/:id', { id: id(gift?.id) });
  set('/admin/api/promo/banners/:id', { id: id(banner?.id) });
  set('/admin/api/promo/claims/:id/approve', { id: id(claim?.id) });
  set('/admin/api/promo/claims/:id/reject', { id: id(claim?.id) });
  set('/admin/api/promo/exchanges/:id/:action', { id: id(exchange?.id), action: 'deliver' });
  set('/admin/api/approvals/:id/approve', { id: id(approval?.id) });
  set('/admin/api/approvals/:id/reject', { id: id(approval?.id) });
  // The member 360 view's history tabs.
  for (const tab of [
    'ledger',
    'deposits',
    'withdrawals',
    'transfers',
    'bets',
    'rewards',
    'linked',
    'net-deposits',
  ]) {
    set(`/admin/api/members/:id/${tab}`, { id: id(memberId) });
    // Their CSV exports.
    set(`/admin/api/members/:id/${tab}/export`, { id: id(memberId) });
  }
  // Game recall (the member has no rounds here: no provider is asked).
  set('/admin/api/members/:id/recall/games', { id: id(memberId) });
  set('/admin/api/members/:id/recall/rounds', { id: id(memberId) });
  // The member record and its actions.
  set('/admin/api/members/:id', { id: id(memberId) });
  for (const path of MEMBER_RECORD_PATHS)
    set(`/admin/api/members/:id/${path}`, { id: id(memberId) });
  set('/admin/api/transfers/:id', { id: id(transferId) });
  set('/admin/api/transfers/:id/query', { id: id(transferId) });
  set('/admin/api/transfers/:id/resolve', { id: id(transferId) });
  // A risk alert and its queue actions.
  const [riskAlert] = await db
    .insert(riskAlerts)
    .values({ brandCode: HOME, memberId, rule: 'cumulative_deposits' })
    .returning();
  for (const path of ['', '/claim', '/notes', '/resolve', '/freeze']) {
    set(`/admin/api/risk/alerts/:id${path}`, { id: id(riskAlert?.id) });
  }

  // The KYC queue: a pending document set of the home brand; the member 360's KYC panel.
  const documentIds: string[] = [];
  for (let side = 0; side < 3; side++) {
    const uploadId = randomUUID().replaceAll('-', '');
    await db.insert(uploads).values({
      id: uploadId,
      brandCode: HOME,
      memberId,
      purpose: 'kyc',
      contentType: 'image/png',
      byteSize: 1,
      sha256: 'x',
      data: Buffer.from('x'),
    });
    documentIds.push(uploadId);
  }
  const [kycSubmission] = await db
    .insert(kycSubmissions)
    .values({
      brandCode: HOME,
      memberId,
      idFrontUploadId: documentIds[0]!,
      idBackUploadId: documentIds[1]!,
      selfieUploadId: documentIds[2]!,
    })
    .returning();
  set('/admin/api/kyc/submissions/:id', { id: id(kycSubmission?.id) });
  for (const action of ['claim', 'release', 'approve', 'reject']) {
    set(`/admin/api/kyc/submissions/:id/${action}`, { id: id(kycSubmission?.id) });
  }
  set('/admin/api/members/:id/kyc', { id: id(memberId) });
  set('/admin/api/members/:id/protection', { id: id(memberId) });
}

beforeAll(async () => {
  harness = await createTestApp();
  routes = harness.app.operatorRoutes;
  await homeRecords();
  const everything = { permissions: PERMISSIONS };
  outsider = (
    await createOperator(harness, {
      role: 'test_scope_all',
      ...everything,
      brands: [OTHER],
    })
  ).token;
  insider = (
    await createOperator(harness, {
      role: 'test_scope_all',
      ...everything,
      brands: [HOME],
    })
  ).token;
});
afterAll(async () => {
  await harness.close();
});

/** The member record's actions (the home member holds money, so closing it is refused). */
const MEMBER_ACTIONS = [
  'lock',
  'unlock',
  'freeze',
  'unfreeze',
  'logout',
  'close',
  'password-reset',
] as const;
const MEMBER_RECORD_PATHS = [
  'notes',
  'notes/export',
  'tags',
  'logins',
  'logins/export',
  ...MEMBER_ACTIONS,
];

/** Bodies that pass validation, so the probe reaches the record's brand. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /admin/api/deposits/:orderNo/reject': { reason: 'probe' },
  'POST /admin/api/withdrawals/:orderNo/reject': { reason: 'probe' },
  'POST /admin/api/deposits/:orderNo/hold': { reason: 'probe' },
  'POST /admin/api/withdrawals/:orderNo/hold': { reason: 'probe' },
  'POST /admin/api/deposits/:orderNo/notes': { body: 'probe' },
  'POST /admin/api/withdrawals/:orderNo/notes': { body: 'probe' },
  'POST /admin/api/promo/promotions/:id/status': { status: 'paused', reason: 'probe' },
  'POST /admin/api/promo/promotions/:id/gifts': {
    kind: 'item',
    name: { 'zh-CN': '礼品', 'zh-TW': '禮品', en: 'Gift' },
    turnoverCost: '1.00',
    reason: 'probe',
  },
  'POST /admin/api/promo/claims/:id/reject': { note: 'probe' },
  'POST /admin/api/agent/applications/:id/reject': { note: 'probe' },
  'POST /admin/api/agent/statements/:id/reject': { note: 'probe' },
  'POST /admin/api/feedback/:id/reply': { reply: 'probe' },
  'POST /admin/api/chat/:id/messages': { body: 'probe', clientMessageId: 'probe-0001' },
  'POST /admin/api/chat/:id/read': { lastId: '1' },
  'PUT /admin/api/chat/canned-replies/:id': { title: 'probe' },
  'POST /admin/api/chat/:id/transfer': { operatorId: '1' },
  'POST /admin/api/approvals/:id/reject': { note: 'probe' },
  'POST /admin/api/members/:id/notes': { text: 'probe' },
  'PUT /admin/api/members/:id/tags': { tags: ['probe'] },
  ...Object.fromEntries(
    MEMBER_ACTIONS.map((action) => [`POST /admin/api/members/:id/${action}`, { reason: 'probe' }]),
  ),
  'POST /admin/api/transfers/:id/resolve': { outcome: 'failed', evidence: 'probe ticket 0001' },
  'POST /admin/api/risk/alerts/:id/notes': { body: 'probe' },
  'POST /admin/api/risk/alerts/:id/resolve': { reason: 'probe' },
  'POST /admin/api/risk/alerts/:id/freeze': { reason: 'probe' },
  'POST /admin/api/kyc/submissions/:id/reject': { reason: 'probe' },
};

function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? '1');
}

/** The query a by-id read cannot go without (a game recall names its game). */
const REQUIRED_QUERIES: Record<string, string> = {
  '/admin/api/members/:id/recall/rounds': '?platform=17&game=golden-koi',
};

async function call(
  method: string,
  url: string,
  token: string,
  payload?: Record<string, unknown>,
): Promise<{ statusCode: number; code: unknown }> {
  const response = await harness.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'GET' ? {} : { payload: payload ?? {} }),
  });
  // A CSV export past the guard answers CSV, not the envelope.
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return {
    statusCode: response.statusCode,
    code: json ? response.json<{ data: unknown }>().data : undefined,
  };
}

describe('brand scopes', () => {
  it('has a home-brand record for every route that addresses one by id', () => {
    const byId = [...new Set(routes.filter((route) => route.brand === 'record').map((r) => r.url))];
    expect(byId.sort()).toEqual([...recordIds.keys()].sort());
    expect(byId.length).toBeGreaterThanOrEqual(25);
  });

  it("answers every by-id route with another brand's record as if it did not exist", async () => {
    const leaks: string[] = [];
    for (const route of routes.filter((candidate) => candidate.brand === 'record')) {
      const url = `${fill(route.url, recordIds.get(route.url) ?? {})}${REQUIRED_QUERIES[route.url] ?? ''}`;
      const body = VALID_BODIES[`${route.method} ${route.url}`];
      const outside = await call(route.method, url, outsider, body);
      const inside = await call(route.method, url, insider, body);
      if (outside.statusCode !== 404 || inside.statusCode === 404 || inside.statusCode >= 500) {
        leaks.push(
          `${route.method} ${route.url}: outside ${outside.statusCode} ${String(outside.code)}, ` +
            `inside ${inside.statusCode} ${String(inside.code)}`,
        );
      }
    }
    expect(leaks).toEqual([]);
  });

  it('refuses every route that names a brand outside the operator’s, before reading the rest', async () => {
    const leaks: string[] = [];
    for (const route of routes) {
      if (route.brand !== 'query' && route.brand !== 'body' && route.brand !== 'params') continue;
      let url = fill(route.url, { code: HOME });
      let payload: Record<string, unknown> | undefined;
      if (route.brand === 'query') url = `${url}?brand=${HOME}`;
      if (route.brand === 'body') payload = { brand: HOME };
      const answer = await call(route.method, url, outsider, payload);
      if (answer.statusCode !== 403 || answer.code !== 'forbidden') {
        leaks.push(`${route.method} ${route.url}: ${answer.statusCode} ${String(answer.code)}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('keeps platform-wide routes to operators of every brand', async () => {
    for (const route of routes.filter((candidate) => candidate.brand === 'global')) {
      const answer = await call(route.method, fill(route.url, { id: '1' }), insider);
      expect(answer.code, `${route.method} ${route.url}`).toBe('forbidden');
    }
  });

  it('narrows the queues and the action log to the operator’s brands', async () => {
    const queue = await harness.app.inject({
      method: 'GET',
      url: '/admin/api/withdrawals',
      headers: { authorization: `Bearer ${outsider}` },
    });
    expect(queue.json<{ data: { brand: string }[] }>().data).toEqual([]);
    const home = await harness.app.inject({
      method: 'GET',
      url: '/admin/api/withdrawals',
      headers: { authorization: `Bearer ${insider}` },
    });
    const homeOrders = home.json<{ data: { brand: string }[] }>().data;
    expect(homeOrders.length).toBeGreaterThan(0);
    expect(homeOrders.every((order) => order.brand === HOME)).toBe(true);
    const deposits = await harness.app.inject({
      method: 'GET',
      url: '/admin/api/deposits',
      headers: { authorization: `Bearer ${outsider}` },
    });
    expect(deposits.json<{ data: unknown[] }>().data).toEqual([]);
    const actions = await harness.app.inject({
      method: 'GET',
      url: '/admin/api/actions',
      headers: { authorization: `Bearer ${outsider}` },
    });
    const rows = actions.json<{ data: { brandCode: string | null }[] }>().data;
    expect(rows.every((row) => row.brandCode === OTHER)).toBe(true);
  });
});
