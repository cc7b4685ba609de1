import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.ts';
import { members } from '../../identity/member/member.schema.ts';
import { operators } from '../../identity/operator/operator.schema.ts';
import { depositOrders } from '../../money/deposit/deposit.schema.ts';
import { LedgerService, type PostingLine } from '../../money/ledger/ledger.service.ts';
import { payoutAccounts } from '../../money/payout/payout.schema.ts';
import { withdrawalOrders } from '../../money/withdrawal/withdrawal.schema.ts';
import { gameTransferQueries, gameTransfers } from '../../games/transfer/transfer.schema.ts';
import { gameBetRecords } from '../../games/bet-records/bet-records.schema.ts';
import {
  giftExchanges,
  promotionClaims,
  promotionGifts,
  promotions,
  signInDays,
} from '../../engagement/promo/promo.schema.ts';
import { seedPromotions } from '../../engagement/promo/promo.seed.ts';
import { vipRewards } from '../../engagement/vip/vip.schema.ts';

/**
 * Test support of the member 360 history tabs (not a test file): one member of the home brand
 * with a history in every tab, made through the ledger where money moves (so the ledger's
 * invariants hold for the other tests sharing a PostgreSQL database) and straight in the tables
 * elsewhere, at fixed times so the lists' order and time filters are known.
 */

export const HOME = 'jinsheng';
const CURRENCY = 'CNY';

export type HistoryMember = {
  id: bigint;
  username: string;
  tag: string;
  deposits: { confirmed: string; rejected: string; submitted: string };
  withdrawal: string;
  accountNumber: string;
  transfers: { settled: bigint; inTransit: bigint };
  bets: string[];
};

export async function memberWithHistory(
  harness: TestApp,
  operatorUsername: string,
): Promise<HistoryMember> {
  const db = harness.database.db;
  const ledger = new LedgerService(db);
  const tag = randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase();
  const username = `hist${tag.toLowerCase()}`;
  const [member] = await db
    .insert(members)
    .values({
      brandCode: HOME,
      username,
      usernameKey: username,
      passwordHash: 'x',
      inviteCode: `H${tag}`,
    })
    .returning({ id: members.id });
  const memberId = member!.id;
  const [operator] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.username, operatorUsername));
  const actor = { type: 'operator' as const, id: String(operator!.id) };
  const wallet = { kind: 'member_wallet' as const, memberId, currency: CURRENCY } as const;
  const line = (account: PostingLine['account'], amountMinor: bigint): PostingLine => ({
    account,
    amountMinor,
  });
  const at = (text: string) => new Date(text);

  // Deposits: one confirmed (its money in the wallet), one rejected, one waiting.
  const deposits = {
    confirmed: `D${tag}1`,
    rejected: `D${tag}2`,
    submitted: `D${tag}3`,
  };
  const deposit = await ledger.post({
    brandCode: HOME,
    reason: 'deposit',
    idempotencyKey: `deposit:${deposits.confirmed}`,
    actor,
    memo: deposits.confirmed,
    lines: [
      line({ kind: 'house_deposit_clearing', currency: CURRENCY }, -10_000n),
      line(wallet, 10_000n),
    ],
  });
  const order = {
    brandCode: HOME,
    memberId,
    currency: CURRENCY,
    requestHash: 'x',
  };
  await db.insert(depositOrders).values([
    {
      ...order,
      orderNo: deposits.confirmed,
      channelCode: 'bank',
      channelType: 'bank',
      amountMinor: 10_000n,
      status: 'confirmed',
      idempotencyKey: randomUUID(),
      ledgerEntryId: deposit.entryId,
      decidedBy: `operator:${operator!.id}`,
      decidedAt: at('2026-01-05T11:00:00Z'),
      createdAt: at('2026-01-05T10:00:00Z'),
    },
    {
      ...order,
      orderNo: deposits.rejected,
      channelCode: 'online',
      channelType: 'online',
      amountMinor: 5_000n,
      status: 'rejected',
      idempotencyKey: randomUUID(),
      reason: 'no payment arrived',
      decidedBy: 'gateway:sandbox',
      decidedAt: at('2026-01-06T11:00:00Z'),
      createdAt: at('2026-01-06T10:00:00Z'),
    },
    {
      ...order,
      orderNo: deposits.submitted,
      channelCode: 'bank',
      channelType: 'bank',
      amountMinor: 3_000n,
      status: 'submitted',
      idempotencyKey: randomUUID(),
      createdAt: at('2026-01-07T10:00:00Z'),
    },
  ]);

  // A withdrawal under review: 20.00 locked from the wallet.
  const accountNumber = `6222${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 9_000 + 1_000)}`;
  const [account] = await db
    .insert(payoutAccounts)
    .values({
      brandCode: HOME,
      memberId,
      type: 'bank',
      institution: 'icbc',
      holderName: '张三丰',
      accountNumber,
    })
    .returning({ id: payoutAccounts.id });
  const withdrawal = `W${tag}1`;
  const request = await ledger.post({
    brandCode: HOME,
    reason: 'withdrawal_request',
    idempotencyKey: `withdrawal:request:${memberId}:${tag}`,
    actor: { type: 'member', id: String(memberId) },
    memo: withdrawal,
    lines: [
      line(wallet, -2_000n),
      line({ kind: 'member_locked', memberId, currency: CURRENCY }, 2_000n),
    ],
  });
  await db.insert(withdrawalOrders).values({
    ...order,
    orderNo: withdrawal,
    payoutAccountId: account!.id,
    amountMinor: 2_000n,
    status: 'pending',
    idempotencyKey: randomUUID(),
    requestEntryId: request.entryId,
    createdAt: at('2026-01-08T10:00:00Z'),
  });

  // Transfers: 10.00 into platform 9 (settled), 5.00 toward platform 1 (its outcome unknown, one
  // status query made). Each order is written with its entry, as the transfer module does.
  const transfer = (platformId: number, orderNo: string, amountMinor: bigint, createdAt: Date) =>
    ledger.post(
      {
        brandCode: HOME,
        reason: 'game_transfer_in_reserve',
        idempotencyKey: `transfer:${orderNo}:reserve`,
        actor: { type: 'member', id: String(memberId) },
        memo: orderNo,
        lines: [
          line(wallet, -amountMinor),
          line(
            { kind: 'house_in_transit', ref: String(platformId), currency: CURRENCY },
            amountMinor,
          ),
        ],
      },
      async (transaction, entryId) => {
        await transaction.insert(gameTransfers).values({
          ...order,
          orderNo,
          platformId,
          direction: 'in',
          amountMinor,
          status: 'in_transit',
          idempotencyKey: randomUUID(),
          checkAttempts: 2,
          nextCheckAt: new Date(Date.now() + 60_000),
          lastError: 'timeout',
          reserveEntryId: entryId,
          createdAt,
        });
      },
    );
  const settledNo = `G${tag}1`;
  await transfer(9, settledNo, 1_000n, at('2026-03-10T10:00:00Z'));
  await ledger.post(
    {
      brandCode: HOME,
      reason: 'game_transfer_in',
      idempotencyKey: `transfer:${settledNo}:final`,
      actor: { type: 'system', id: 'transfer' },
      memo: settledNo,
      lines: [
        line({ kind: 'house_in_transit', ref: '9', currency: CURRENCY }, -1_000n),
        line({ kind: 'member_platform', memberId, ref: '9', currency: CURRENCY }, 1_000n),
      ],
    },
    async (transaction, entryId) => {
      await transaction
        .update(gameTransfers)
        .set({
          status: 'success',
          finalEntryId: entryId,
          nextCheckAt: null,
          lastError: null,
          checkAttempts: 0,
          finishedAt: at('2026-03-10T10:00:01Z'),
        })
        .where(eq(gameTransfers.orderNo, settledNo));
    },
  );
  const transitNo = `G${tag}2`;
  await transfer(1, transitNo, 500n, at('2026-03-11T10:00:00Z'));
  const [settled] = await db
    .select({ id: gameTransfers.id })
    .from(gameTransfers)
    .where(eq(gameTransfers.orderNo, settledNo));
  const [inTransit] = await db
    .select({ id: gameTransfers.id })
    .from(gameTransfers)
    .where(eq(gameTransfers.orderNo, transitNo));
  await db.insert(gameTransferQueries).values({
    transferId: inTransit!.id,
    askedAt: at('2026-03-11T10:00:30Z'),
    source: 'sweep',
    answer: 'timeout',
    latencyMs: 5_000,
  });

  // Rewards: a paid claim (its bonus in the wallet), a sign-in, an item gift, a VIP rebate.
  await seedPromotions(db);
  const promotionOf = async (kind: 'deposit_bonus' | 'sign_in' | 'gift') => {
    const [row] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.brandCode, HOME), eq(promotions.kind, kind)))
      .limit(1);
    return row!.id;
  };
  const bonus = await ledger.post({
    brandCode: HOME,
    reason: 'promo_bonus',
    idempotencyKey: `promo:claim:test:${tag}`,
    actor,
    memo: 'promotion',
    lines: [line({ kind: 'house_promotions', currency: CURRENCY }, -800n), line(wallet, 800n)],
  });
  const depositPromotion = await promotionOf('deposit_bonus');
  await db.insert(promotionClaims).values({
    brandCode: HOME,
    promotionId: depositPromotion,
    memberId,
    status: 'paid',
    depositOrderNo: deposits.confirmed,
    depositMinor: 10_000n,
    rewardMinor: 800n,
    reviewedBy: operatorUsername,
    ledgerEntryId: bonus.entryId,
    currency: CURRENCY,
    createdAt: at('2026-02-01T10:00:00Z'),
    decidedAt: at('2026-02-02T10:00:00Z'),
  });
  await db.insert(signInDays).values({
    brandCode: HOME,
    promotionId: await promotionOf('sign_in'),
    memberId,
    day: '2026-02-03',
    kind: 'sign',
    streak: 1,
    rewardMinor: 100n,
    currency: CURRENCY,
    createdAt: at('2026-02-03T10:00:00Z'),
  });
  const giftPromotion = await promotionOf('gift');
  const [gift] = await db
    .select({ id: promotionGifts.id })
    .from(promotionGifts)
    .where(and(eq(promotionGifts.promotionId, giftPromotion), eq(promotionGifts.kind, 'item')))
    .limit(1);
  await db.insert(giftExchanges).values({
    brandCode: HOME,
    promotionId: giftPromotion,
    giftId: gift!.id,
    memberId,
    idempotencyKey: randomUUID(),
    turnoverCostMinor: 300_000n,
    currency: CURRENCY,
    status: 'pending_delivery',
    createdAt: at('2026-02-04T10:00:00Z'),
  });
  await db.insert(vipRewards).values({
    brandCode: HOME,
    memberId,
    kind: 'rebate',
    level: 1,
    period: '2026-02-05',
    currency: CURRENCY,
    amountMinor: 150n,
    createdAt: at('2026-02-05T10:00:00Z'),
  });

  // An operator's adjustment, the newest movement.
  await ledger.post({
    brandCode: HOME,
    reason: 'adjustment',
    idempotencyKey: `adjustment:${memberId}:${tag}`,
    actor,
    memo: 'goodwill',
    lines: [line({ kind: 'house_adjustments', currency: CURRENCY }, -500n), line(wallet, 500n)],
  });

  // Settled rounds: two live-casino rounds on platform 9, a sports bet on platform 1.
  const bets = [`R${tag}1`, `R${tag}2`, `R${tag}3`];
  const round = {
    brandCode: HOME,
    memberId,
    currency: CURRENCY,
    placedAt: at('2026-03-01T09:00:00Z'),
  };
  await db.insert(gameBetRecords).values([
    {
      ...round,
      platformId: 9,
      roundId: bets[0]!,
      gameCode: 'baccarat',
      category: 2,
      betMinor: 1_000n,
      validBetMinor: 1_000n,
      payoutMinor: 1_950n,
      settledAt: at('2026-03-01T10:00:00Z'),
    },
    {
      ...round,
      platformId: 9,
      roundId: bets[1]!,
      gameCode: 'roulette',
      category: 2,
      betMinor: 500n,
      validBetMinor: 500n,
      payoutMinor: 0n,
      settledAt: at('2026-03-02T10:00:00Z'),
    },
    {
      ...round,
      platformId: 1,
      roundId: bets[2]!,
      gameCode: 'sportsbook',
      category: 6,
      betMinor: 2_000n,
      validBetMinor: 1_800n,
      payoutMinor: 0n,
      settledAt: at('2026-03-03T10:00:00Z'),
    },
  ]);

  return {
    id: memberId,
    username,
    tag,
    deposits,
    withdrawal,
    accountNumber,
    transfers: { settled: settled!.id, inTransit: inTransit!.id },
    bets,
  };
}
