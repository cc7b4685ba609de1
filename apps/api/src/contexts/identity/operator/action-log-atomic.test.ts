import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDepositOrder, AdminWithdrawal, DepositOrder } from '@lobby/contracts';
import { promotions } from '../../engagement/promo/promo.schema.ts';
import { gamePlatformSettings } from '../../games/games/games.schema.ts';
import { operatorActions, operators } from './operator.schema.ts';
import { depositOrders } from '../../money/deposit/deposit.schema.ts';
import { journalEntries } from '../../money/ledger/ledger.schema.ts';
import { payoutAccounts } from '../../money/payout/payout.schema.ts';
import { withdrawalOrders } from '../../money/withdrawal/withdrawal.schema.ts';
import { brands } from '../../platform/brand/brand.schema.ts';
import { feedbackTickets } from '../../service/feedback/feedback.schema.ts';
import { helpPages } from '../../service/help/help.schema.ts';
import { memberMessages } from '../../service/messages/messages.schema.ts';
import { insertBrandIfAbsent } from '../../platform/brand/brand.repository.ts';
import { DEMO_BRANDS } from '../../platform/brand/brand.seed.ts';
import {
  createDepositHarness,
  memberPost,
  newKey,
  type DepositHarness,
} from '../../money/deposit/deposit.test-support.ts';
import { seedDepositChannels } from '../../money/deposit/deposit.seed.ts';
import { addTurnover, outstandingTurnover } from '../../money/turnover/turnover.ts';

/**
 * An operator's change and its action-log row commit together (DESIGN.md section 3.11): with
 * the log's insert failing in the database, each action answers internal and changes nothing;
 * with the log working again, the same call changes it and writes exactly one row. The
 * failure is a trigger that refuses only this file's operator's rows, so other test files on a
 * shared database log as usual. Everything changed lives in a brand of this file's own.
 */
let h: DepositHarness;
let operator: { token: string; username: string; id: bigint };
let brand: string;
let helpPageId: bigint;

/** A game platform no other test switches (games.test.ts uses 39). */
const PLATFORM = 36;

beforeAll(async () => {
  h = await createDepositHarness();
  const logged = await h.newOperator();
  const rows = await db()
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, logged.username));
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('operator not found');
  operator = { ...logged, id };
  ({ code: brand, helpPageId } = await createBrand());
});
afterAll(async () => {
  await breakLog(false);
  expect(await h.ledger.check()).toEqual([]);
  await h.close();
});

const db = () => h.harness.database.db;
const trigger = () => `operator_actions_fail_${operator.id}`;

/** Makes this operator's action-log inserts fail (or work again). */
async function breakLog(broken: boolean): Promise<void> {
  if (!broken) {
    await db().execute(sql.raw(`drop trigger if exists ${trigger()} on operator_actions`));
    return;
  }
  await db().execute(
    sql.raw(`create or replace function operator_actions_fail() returns trigger
      language plpgsql as $$ begin raise exception 'the action log is down'; end $$`),
  );
  await db().execute(
    sql.raw(`create trigger ${trigger()} before insert on operator_actions for each row
      when (new.operator_id = ${operator.id}) execute function operator_actions_fail()`),
  );
}

/**
 * A brand of this file's own, with its help page from the start: the help centre's seed (run by
 * help.test.ts on a shared database) gives demo pages to any brand without pages.
 */
async function createBrand(): Promise<{ code: string; helpPageId: bigint }> {
  const code = `a${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const template = DEMO_BRANDS[0];
  if (!template) throw new Error('no demo brand');
  const helpPageId = await db().transaction(async (transaction) => {
    await insertBrandIfAbsent(transaction, { ...template.row, code, isDefault: false }, [
      `${code}.lobby.test`,
    ]);
    const [page] = await transaction
      .insert(helpPages)
      .values({
        brandCode: code,
        language: 'en',
        category: 'atomic',
        title: 'Before',
        markdown: '',
      })
      .returning({ id: helpPages.id });
    if (!page) throw new Error('no help page');
    return page.id;
  });
  await h.harness.app.brands.load();
  await seedDepositChannels(db());
  return { code, helpPageId };
}

type Answer = { statusCode: number; body: { status: boolean; data: unknown } };

async function admin(method: 'POST' | 'PUT', url: string, payload?: object): Promise<Answer> {
  const response = await h.harness.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${operator.token}` },
    ...(payload === undefined ? {} : { payload }),
  });
  return { statusCode: response.statusCode, body: response.json<Answer['body']>() };
}

/** This operator's action rows about the target. */
async function actionsOn(targetType: string, targetId: string) {
  return db()
    .select()
    .from(operatorActions)
    .where(
      and(
        eq(operatorActions.operatorId, operator.id),
        eq(operatorActions.targetType, targetType),
        eq(operatorActions.targetId, targetId),
      ),
    );
}

/**
 * The call with the log broken answers internal and `unchanged` still holds; with the log
 * mended the same call succeeds with one action row about the target. Returns that answer.
 */
async function atomically(
  call: () => Promise<Answer>,
  target: { type: string; id: string },
  unchanged: () => Promise<void>,
): Promise<Answer> {
  await breakLog(true);
  let failed: Answer;
  try {
    failed = await call();
  } finally {
    await breakLog(false);
  }
  expect(failed.statusCode).toBe(500);
  expect(failed.body).toMatchObject({ status: false, data: 'internal' });
  await unchanged();
  expect(await actionsOn(target.type, target.id)).toEqual([]);

  const succeeded = await call();
  expect(succeeded.body.status).toBe(true);
  expect(succeeded.statusCode).toBe(200);
  expect(await actionsOn(target.type, target.id)).toHaveLength(1);
  return succeeded;
}

async function entryActor(idempotencyKey: string) {
  const rows = await db()
    .select({ type: journalEntries.actorType, id: journalEntries.actorId })
    .from(journalEntries)
    .where(eq(journalEntries.idempotencyKey, idempotencyKey));
  return rows;
}

async function walletOf(member: { id: bigint }, brandCode = brand) {
  return h.ledger.balances(brandCode, member.id, 'CNY');
}

async function moneyIn(member: { id: bigint }, amountMinor: bigint) {
  await h.ledger.post({
    brandCode: brand,
    reason: 'deposit',
    idempotencyKey: `test-deposit:${randomUUID()}`,
    actor: { type: 'system', id: 'test' },
    lines: [
      {
        account: { kind: 'house_deposit_clearing', ref: 'bank', currency: 'CNY' },
        amountMinor: -amountMinor,
      },
      { account: { kind: 'member_wallet', memberId: member.id, currency: 'CNY' }, amountMinor },
    ],
  });
}

describe('an operator change and its action-log row are one transaction', () => {
  it('brand contacts', async () => {
    const before = await db()
      .select({ contacts: brands.contacts, revision: brands.revision })
      .from(brands)
      .where(eq(brands.code, brand));
    await atomically(
      () =>
        admin('PUT', `/admin/api/brands/${brand}/contacts`, {
          contacts: [
            { deviceText: 'Telegram', deviceNum: 'https://t.me/x', imageUrl: '', action: 2 },
          ],
        }),
      { type: 'brand', id: brand },
      async () => {
        const now = await db()
          .select({ contacts: brands.contacts, revision: brands.revision })
          .from(brands)
          .where(eq(brands.code, brand));
        expect(now).toEqual(before);
      },
    );
  });

  it('game platform maintenance', async () => {
    const maintenance = async () => {
      const rows = await db()
        .select({ maintenance: gamePlatformSettings.maintenance })
        .from(gamePlatformSettings)
        .where(eq(gamePlatformSettings.platformId, PLATFORM));
      return rows[0]?.maintenance ?? false;
    };
    expect(await maintenance()).toBe(false);
    try {
      await atomically(
        () => admin('PUT', `/admin/api/game/platforms/${PLATFORM}`, { maintenance: true }),
        { type: 'game_platform', id: String(PLATFORM) },
        async () => expect(await maintenance()).toBe(false),
      );
      expect(await maintenance()).toBe(true);
    } finally {
      await admin('PUT', `/admin/api/game/platforms/${PLATFORM}`, { maintenance: false });
    }
  });

  it('turnover waiver', async () => {
    const member = await h.newMember(brand);
    const owed = { brandCode: brand, memberId: member.id, currency: 'CNY' };
    await addTurnover(db(), { ...owed, amountMinor: 50_000n });
    const answer = await atomically(
      () =>
        admin('POST', `/admin/api/members/${member.username}/turnover/waive`, {
          brand,
          reason: 'goodwill',
        }),
      { type: 'member', id: String(member.id) },
      async () => expect(await outstandingTurnover(db(), brand, member.id, 'CNY')).toBe(50_000n),
    );
    expect(answer.body.data).toEqual({ waived: '500.00' });
    expect(await outstandingTurnover(db(), brand, member.id, 'CNY')).toBe(0n);
  });

  it('feedback close', async () => {
    const member = await h.newMember(brand);
    const [ticket] = await db()
      .insert(feedbackTickets)
      .values({ brandCode: brand, memberId: member.id, category: 'deposit', content: 'where?' })
      .returning();
    if (!ticket) throw new Error('no ticket');
    const status = async () =>
      (await db().select().from(feedbackTickets).where(eq(feedbackTickets.id, ticket.id)))[0]
        ?.status;
    await atomically(
      () => admin('POST', `/admin/api/feedback/${ticket.id}/close`, { reason: 'answered' }),
      { type: 'feedback', id: String(ticket.id) },
      async () => expect(await status()).toBe('open'),
    );
    expect(await status()).toBe('closed');
  });

  it('message withdraw', async () => {
    const member = await h.newMember(brand);
    const [message] = await db()
      .insert(memberMessages)
      .values({
        brandCode: brand,
        memberId: member.id,
        category: 'personal',
        title: 'hello',
        body: 'a message',
      })
      .returning();
    if (!message) throw new Error('no message');
    const withdrawnAt = async () =>
      (await db().select().from(memberMessages).where(eq(memberMessages.id, message.id)))[0]
        ?.withdrawnAt;
    await atomically(
      () => admin('POST', `/admin/api/messages/${message.id}/withdraw`, { reason: 'mistake' }),
      { type: 'message', id: String(message.id) },
      async () => expect(await withdrawnAt()).toBeNull(),
    );
    expect(await withdrawnAt()).toBeInstanceOf(Date);
  });

  it('promotion status', async () => {
    const [promotion] = await db()
      .insert(promotions)
      .values({
        brandCode: brand,
        kind: 'display',
        category: 'new',
        title: { en: 'A promotion' },
        status: 'draft',
        startsAt: new Date(),
      })
      .returning();
    if (!promotion) throw new Error('no promotion');
    const status = async () =>
      (await db().select().from(promotions).where(eq(promotions.id, promotion.id)))[0]?.status;
    await atomically(
      () =>
        admin('POST', `/admin/api/promo/promotions/${promotion.id}/status`, { status: 'active' }),
      { type: 'promotion', id: String(promotion.id) },
      async () => expect(await status()).toBe('draft'),
    );
    expect(await status()).toBe('active');
  });

  it('help page', async () => {
    const stored = async () =>
      (await db().select().from(helpPages).where(eq(helpPages.id, helpPageId)))[0];
    expect(await stored()).toMatchObject({ title: 'Before', published: true });
    await atomically(
      () =>
        admin('PUT', `/admin/api/help/pages/${helpPageId}`, { title: 'After', published: false }),
      { type: 'help_page', id: String(helpPageId) },
      async () => expect(await stored()).toMatchObject({ title: 'Before', published: true }),
    );
    expect(await stored()).toMatchObject({ title: 'After', published: false });
  });

  it('deposit confirm: no credit, no turnover, order still pending; the actor is the id', async () => {
    const member = await h.newMember(brand);
    const opened = await memberPost(
      h.harness.app,
      member.token,
      '/api/f/v1/deposit',
      { idempotencyKey: newKey(), channel: 'bank', amount: '1000', payerName: '张三' },
      { host: `${brand}.lobby.test` },
    );
    if (!opened.body.status) throw new Error(`deposit refused: ${String(opened.body.data)}`);
    const { orderNo } = opened.body.data as DepositOrder;
    const order = async () =>
      (await db().select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo)))[0];
    const answer = await atomically(
      () => admin('POST', `/admin/api/deposits/${orderNo}/confirm`, { reason: 'arrived' }),
      { type: 'deposit_order', id: orderNo },
      async () => {
        expect((await order())?.status).toBe('pending');
        expect((await walletOf(member)).walletMinor).toBe(0n);
        expect(await outstandingTurnover(db(), brand, member.id, 'CNY')).toBe(0n);
        expect(await entryActor(`deposit:${orderNo}`)).toEqual([]);
      },
    );
    // Shown by username, recorded by id.
    expect(answer.body.data).toMatchObject({
      orderNo,
      status: 'confirmed',
      decidedBy: operator.username,
    } satisfies Partial<AdminDepositOrder>);
    expect((await order())?.decidedBy).toBe(`operator:${operator.id}`);
    expect((await walletOf(member)).walletMinor).toBe(100_000n);
    expect(await entryActor(`deposit:${orderNo}`)).toEqual([
      { type: 'operator', id: String(operator.id) },
    ]);
  });

  it('deposit reject', async () => {
    const member = await h.newMember(brand);
    const opened = await memberPost(
      h.harness.app,
      member.token,
      '/api/f/v1/deposit',
      { idempotencyKey: newKey(), channel: 'bank', amount: '300', payerName: '张三' },
      { host: `${brand}.lobby.test` },
    );
    if (!opened.body.status) throw new Error(`deposit refused: ${String(opened.body.data)}`);
    const { orderNo } = opened.body.data as DepositOrder;
    const answer = await atomically(
      () => admin('POST', `/admin/api/deposits/${orderNo}/reject`, { reason: 'no money came' }),
      { type: 'deposit_order', id: orderNo },
      async () => {
        const rows = await db()
          .select()
          .from(depositOrders)
          .where(eq(depositOrders.orderNo, orderNo));
        expect(rows[0]?.status).toBe('pending');
      },
    );
    expect(answer.body.data).toMatchObject({
      status: 'rejected',
      decidedBy: operator.username,
    });
  });

  it('withdrawal approve: the money stays locked and the order pending', async () => {
    const member = await h.newMember(brand);
    await moneyIn(member, 80_000n);
    const [account] = await db()
      .insert(payoutAccounts)
      .values({
        brandCode: brand,
        memberId: member.id,
        type: 'bank',
        institution: 'icbc',
        holderName: '张三',
        accountNumber: '6222020000000000',
      })
      .returning();
    if (!account) throw new Error('no payout account');
    const orderNo = `W${Date.now()}${Math.floor(Math.random() * 1_000_000)}`;
    await h.ledger.post(
      {
        brandCode: brand,
        reason: 'withdrawal_request',
        idempotencyKey: `withdrawal:request:${member.id}:${orderNo}`,
        actor: { type: 'member', id: String(member.id) },
        lines: [
          {
            account: { kind: 'member_wallet', memberId: member.id, currency: 'CNY' },
            amountMinor: -50_000n,
          },
          {
            account: { kind: 'member_locked', memberId: member.id, currency: 'CNY' },
            amountMinor: 50_000n,
          },
        ],
      },
      async (transaction, entryId) => {
        await transaction.insert(withdrawalOrders).values({
          orderNo,
          brandCode: brand,
          memberId: member.id,
          payoutAccountId: account.id,
          currency: 'CNY',
          amountMinor: 50_000n,
          status: 'pending',
          idempotencyKey: orderNo,
          requestHash: orderNo,
          requestEntryId: entryId,
        });
      },
    );
    const answer = await atomically(
      () => admin('POST', `/admin/api/withdrawals/${orderNo}/approve`, { note: 'paid' }),
      { type: 'withdrawal', id: orderNo },
      async () => {
        const rows = await db()
          .select()
          .from(withdrawalOrders)
          .where(eq(withdrawalOrders.orderNo, orderNo));
        expect(rows[0]?.status).toBe('pending');
        expect(await walletOf(member)).toMatchObject({
          walletMinor: 30_000n,
          lockedMinor: 50_000n,
        });
        expect(await entryActor(`withdrawal:${orderNo}:decision`)).toEqual([]);
      },
    );
    expect(answer.body.data).toMatchObject({
      status: 'approved',
      decidedBy: operator.username,
    } satisfies Partial<AdminWithdrawal>);
    expect(await walletOf(member)).toMatchObject({ walletMinor: 30_000n, lockedMinor: 0n });
    expect(await entryActor(`withdrawal:${orderNo}:decision`)).toEqual([
      { type: 'operator', id: String(operator.id) },
    ]);
  });

  it('balance adjustment: no money moves without its log row', async () => {
    const member = await h.newMember(brand);
    const key = newKey();
    const answer = await atomically(
      () =>
        admin('POST', `/admin/api/members/${member.username}/adjust`, {
          brand,
          amount: '12.50',
          reason: 'compensation',
          idempotencyKey: key,
        }),
      { type: 'member', id: member.username },
      async () => {
        expect((await walletOf(member)).walletMinor).toBe(0n);
        expect(await entryActor(`adjustment:${member.id}:${key}`)).toEqual([]);
      },
    );
    expect(answer.body.data).toMatchObject({ balance: '12.50', replayed: false });
    expect(await entryActor(`adjustment:${member.id}:${key}`)).toEqual([
      { type: 'operator', id: String(operator.id) },
    ]);
  });
});
