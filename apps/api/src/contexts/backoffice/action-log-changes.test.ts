import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCall } from '../../test/operators.ts';
import { agentApplications } from '../engagement/agent/agent.schema.ts';
import { operators } from '../identity/operator/operator.schema.ts';
import { approvalRequests } from '../money/approvals/approvals.schema.ts';
import { addTurnover } from '../money/turnover/index.ts';
import {
  createWalletTestApp,
  type Member,
  type WalletTestApp,
} from '../money/withdrawal/wallet-test-app.ts';
import { chatConversations } from '../service/chat/chat.schema.ts';
import { feedbackTickets } from '../service/feedback/feedback.schema.ts';

/**
 * Every operator change shows in the action log the fields it changed, before and after: one
 * change of each module (others: vip.test, games.test, brand-admin.test, operators-admin.test),
 * read back through the action log's reader, in a brand of this test's own.
 */
let harness: WalletTestApp;
let token: string;
let brand: string;
let member: Member;

type Logged = { action: string; before: unknown; after: unknown; reason: string | null };

/** The newest action-log row of a target, as the reader answers it. */
async function logged(targetType: string, targetId: string): Promise<Logged> {
  const answer = await operatorCall(
    harness.app,
    'GET',
    `/admin/api/actions?targetType=${targetType}&targetId=${encodeURIComponent(targetId)}&limit=1`,
    token,
  );
  const [row] = answer.body.data as Logged[];
  if (!row) throw new Error(`nothing logged for ${targetType} ${targetId}`);
  return row;
}

async function call(method: 'POST' | 'PUT', url: string, body: object = {}) {
  const answer = await operatorCall(harness.app, method, url, token, body);
  expect(answer.body.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(true);
  return answer.body.data as Record<string, unknown>;
}

beforeAll(async () => {
  harness = await createWalletTestApp();
  token = await harness.operatorToken();
  brand = await harness.createBrand({});
  member = await harness.register({ brand });
}, 60_000);
afterAll(async () => {
  await harness.close();
});

describe('before and after in the action log', () => {
  it('promo: a banner changed, created and deleted', async () => {
    const banner = await call('POST', '/admin/api/promo/banners', {
      brand,
      placement: 'home_top',
      title: { en: 'Spring' },
    });
    const id = String(banner.id);
    expect(await logged('promo_banner', id)).toMatchObject({
      action: 'promo_banner_create',
      before: null,
      after: { placement: 'home_top', title: { en: 'Spring' }, active: true },
    });
    await call('PUT', `/admin/api/promo/banners/${id}`, { title: { en: 'Summer' }, reason: 'r' });
    const changed = await logged('promo_banner', id);
    expect(changed).toMatchObject({ action: 'promo_banner_update', reason: 'r' });
    expect([changed.before, changed.after]).toEqual([
      { title: { en: 'Spring' } },
      { title: { en: 'Summer' } },
    ]);
  });

  it('agent: the tier table and an application', async () => {
    const tiers = [{ minActiveMembers: 1, minNetRevenue: '100', shareBp: 1000 }];
    await call('PUT', '/admin/api/agent/tiers', { brand, tiers });
    const table = await logged('brand', brand);
    expect(table.action).toBe('agent_tiers_replace');
    expect(table.after).toEqual({
      tiers: [{ minActiveMembers: 1, minNetRevenue: '100.00', shareBp: 1000 }],
    });
    const [application] = await harness.database.db
      .insert(agentApplications)
      .values({ brandCode: brand, memberId: member.memberId, contact: 'qq 1' })
      .returning();
    await call('POST', `/admin/api/agent/applications/${application!.id}/reject`, { note: 'no' });
    expect(await logged('member', member.username)).toMatchObject({
      action: 'agent_application_reject',
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });
  });

  it('help: a page retitled', async () => {
    const page = await call('POST', '/admin/api/help/pages', {
      brand,
      language: 'en',
      category: 'faq',
      title: 'Deposits',
      markdown: 'How to deposit.',
    });
    await call('PUT', `/admin/api/help/pages/${String(page.id)}`, { title: 'Deposits and more' });
    const row = await logged('help_page', String(page.id));
    expect([row.before, row.after]).toEqual([
      { title: 'Deposits' },
      { title: 'Deposits and more' },
    ]);
  });

  it('messages: a message withdrawn', async () => {
    const message = await call('POST', '/admin/api/messages', {
      brand,
      username: member.username,
      title: 'Hello',
      body: 'Welcome',
    });
    await call('POST', `/admin/api/messages/${String(message.id)}/withdraw`, {});
    const row = await logged('message', String(message.id));
    expect(row.before).toEqual({ withdrawnAt: null });
    expect((row.after as { withdrawnAt: string }).withdrawnAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('chat and feedback: a conversation taken and closed, a ticket answered', async () => {
    const [conversation] = await harness.database.db
      .insert(chatConversations)
      .values({ brandCode: brand, memberId: member.memberId, displayName: member.username })
      .returning();
    const id = String(conversation!.id);
    await call('POST', `/admin/api/chat/${id}/take`);
    expect(await logged('chat_conversation', id)).toMatchObject({
      action: 'chat_take',
      before: { status: 'waiting', operator: null },
      after: { status: 'open' },
    });
    await call('POST', `/admin/api/chat/${id}/close`, { reason: 'done' });
    expect(await logged('chat_conversation', id)).toMatchObject({
      before: { status: 'open' },
      after: { status: 'closed' },
    });
    const [ticket] = await harness.database.db
      .insert(feedbackTickets)
      .values({ brandCode: brand, memberId: member.memberId, category: 'other', content: 'hi' })
      .returning();
    await call('POST', `/admin/api/feedback/${ticket!.id}/reply`, { reply: 'Thanks' });
    expect(await logged('feedback', String(ticket!.id))).toMatchObject({
      action: 'feedback_reply',
      before: { status: 'open', reply: null },
      after: { status: 'replied', reply: 'Thanks' },
    });
  });

  it('money: a turnover waiver, a rejected request and a ledger check', async () => {
    await addTurnover(harness.database.db, {
      brandCode: brand,
      memberId: member.memberId,
      currency: 'CNY',
      amountMinor: 12_345n,
    });
    await call('POST', `/admin/api/members/${member.username}/turnover/waive`, {
      brand,
      reason: 'goodwill',
    });
    expect(await logged('member', String(member.memberId))).toMatchObject({
      action: 'turnover_waive',
      before: { outstandingTurnover: '123.45' },
      after: { outstandingTurnover: '0.00' },
    });
    const [requester] = await harness.database.db
      .insert(operators)
      .values({ username: `req${randomUUID().slice(0, 8)}`, passwordHash: 'x', role: 'finance' })
      .returning();
    const [request] = await harness.database.db
      .insert(approvalRequests)
      .values({
        brandCode: brand,
        kind: 'turnover_waiver',
        target: member.username,
        amountMinor: 1n,
        currency: 'CNY',
        reason: 'r',
        payload: {},
        requestedBy: requester!.id,
      })
      .returning();
    await call('POST', `/admin/api/approvals/${request!.id}/reject`, { note: 'no' });
    expect(await logged('approval', String(request!.id))).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });
    await call('POST', '/admin/api/ledger/check');
    const checks = await operatorCall(
      harness.app,
      'GET',
      '/admin/api/actions?action=ledger_check&limit=1',
      token,
    );
    expect(checks.body.data[0]).toMatchObject({ before: null, after: { ok: expect.any(Boolean) } });
  });

  it('shows rows written before before and after were kept, with nulls', async () => {
    const old = await operatorCall(harness.app, 'GET', '/admin/api/actions?action=login', token);
    expect(old.body.data[0]).toMatchObject({ action: 'login', before: null, after: null });
  });
});
