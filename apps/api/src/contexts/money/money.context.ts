import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Cache } from '../../cache/index.ts';
import type { Database } from '../../db/client.ts';
import type { Identity } from '../identity/identity.context.ts';
import type { Brand } from '../platform/brand/index.ts';
import type { Platform } from '../platform/platform.context.ts';
import type { Protection } from '../protection/protection.context.ts';
import { DepositService, depositModule } from './deposit/index.ts';
import { LedgerAdminService, LedgerService, ledgerModule } from './ledger/index.ts';
import { PayoutService, payoutModule } from './payout/index.ts';
import { RecordsService, recordsModule } from './records/index.ts';
import { WalletService, walletModule } from './wallet/index.ts';
import {
  AdjustmentService,
  WithdrawalCashier,
  WithdrawalService,
  withdrawalModule,
  type BetTotals,
} from './withdrawal/index.ts';
import { ApprovalService, approvalsModule, type ApprovalExecutor } from './approvals/index.ts';

/** The money context: the ledger and everything that moves a member's money through it. */
export type Money = {
  ledger: LedgerService;
  ledgerAdmin: LedgerAdminService;
  wallet: WalletService;
  deposits: DepositService;
  payouts: PayoutService;
  withdrawals: WithdrawalService;
  /** The withdrawal queue: claims, holds, notes, risk signals. */
  withdrawalCashier: WithdrawalCashier;
  adjustments: AdjustmentService;
  approvals: ApprovalService;
  records: RecordsService;
};

export function createMoney(settings: {
  db: Database;
  cache: Cache;
  platform: Platform;
  identity: Identity;
  /**
   * Player protection: its checks on every money path the member starts (limits, KYC); the
   * risk rules are told of deposits, withdrawals and payout accounts.
   */
  protection: Protection;
  /** Money on its way between the wallet and the game platforms (games). */
  inTransitSql: (member: { brandCode: SQL; memberId: SQL; currency: SQL }) => SQL;
  /** The daily withdrawal count and amount of the member's VIP level (engagement). */
  withdrawalLimits: (
    brand: Brand,
    memberId: bigint,
  ) => Promise<{ dailyCount: number; dailyMaxMinor: bigint | null }>;
  /** Carries out an approved manual resolution of a transfer in transit (games). */
  transferResolution?: ApprovalExecutor;
  /** Valid bets and large wins of members in stretches of time (games): withdrawal risks. */
  betTotals: BetTotals;
  /** Told how many violations each ledger check found (the node's metrics). */
  ledgerChecked?: (violations: number) => void;
}): Money {
  const { db, cache, platform, identity, protection } = settings;
  const { operators } = identity;
  const { risk } = protection;
  const ledger = new LedgerService(db);
  const payouts = new PayoutService({ db, risk });
  const wallet = new WalletService({
    db,
    operators,
    inTransitSql: settings.inTransitSql,
  });
  const withdrawals = new WithdrawalService({
    db,
    ledger,
    payouts,
    operators,
    rsa: platform.rsa,
    cache,
    vip: { withdrawalLimits: settings.withdrawalLimits },
    risk,
    kyc: protection.kyc,
  });
  const adjustments = new AdjustmentService({ db, ledger, operators, audit: platform.audit });
  const approvals = new ApprovalService({
    db,
    brands: platform.brands,
    operators,
    adjustments,
    wallet,
    withdrawals,
    delegated: { transfer_resolution: settings.transferResolution },
  });
  return {
    ledger,
    ledgerAdmin: new LedgerAdminService({
      db,
      ledger,
      operators,
      checked: settings.ledgerChecked,
    }),
    wallet,
    deposits: new DepositService({
      db,
      ledger,
      operators,
      risk,
      kyc: protection.kyc,
      orderGuards: [
        (tx, brand, memberId, amountMinor) =>
          protection.limits.guardDeposit(tx, brand, memberId, amountMinor),
      ],
    }),
    payouts,
    withdrawals,
    withdrawalCashier: new WithdrawalCashier({
      db,
      ledger,
      payouts,
      operators,
      betTotals: settings.betTotals,
      approvals: (orderNos) => approvals.pendingRequests('withdrawal_approval', orderNos),
    }),
    adjustments,
    approvals,
    records: new RecordsService({ db }),
  };
}

export async function registerMoney(
  app: FastifyInstance,
  money: Money,
  settings: { production: boolean },
) {
  await app.register(ledgerModule, { ledgerAdmin: money.ledgerAdmin });
  await app.register(walletModule, { wallet: money.wallet });
  await app.register(depositModule, { deposits: money.deposits, production: settings.production });
  await app.register(payoutModule, { payouts: money.payouts });
  await app.register(withdrawalModule, {
    withdrawals: money.withdrawals,
    cashier: money.withdrawalCashier,
  });
  await app.register(approvalsModule, {
    approvals: money.approvals,
    withdrawals: money.withdrawals,
  });
  await app.register(recordsModule, { records: money.records });
}
