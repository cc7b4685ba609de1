import type { MemberBalance } from '@lobby/contracts';
import { toDecimalString, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { commonError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { outstandingTurnover, waiveTurnover } from '../turnover/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { findMemberByUsername } from '../../identity/member/index.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';

type InTransitMinor = (
  brandCode: string,
  memberId: bigint,
  currency: CurrencyCode,
) => Promise<bigint>;

/** The member's view of their money, read from the ledger, and the operator's turnover waiver. */
export class WalletService {
  readonly #db: Database;
  readonly #ledger: LedgerService;
  readonly #operators: OperatorService;
  readonly #inTransitMinor: InTransitMinor;

  constructor(dependencies: {
    db: Database;
    ledger: LedgerService;
    operators: OperatorService;
    /** Money on its way between the wallet and the game platforms (the games context knows). */
    inTransitMinor: InTransitMinor;
  }) {
    this.#db = dependencies.db;
    this.#ledger = dependencies.ledger;
    this.#operators = dependencies.operators;
    this.#inTransitMinor = dependencies.inTransitMinor;
  }

  async balance(brand: Brand, memberId: bigint): Promise<MemberBalance> {
    const currency = brandCurrency(brand);
    const [
      { walletMinor, lockedMinor, platformsMinor: bookedMinor },
      inTransitMinor,
      turnoverMinor,
    ] = await Promise.all([
      this.#ledger.balances(brand.config.code, memberId, currency),
      this.#inTransitMinor(brand.config.code, memberId, currency),
      outstandingTurnover(this.#db, brand.config.code, memberId, currency),
    ]);
    // Money on its way to or from a platform is the member's all the same: counting it with the
    // platforms keeps the total steady while a transfer is being confirmed.
    const platformsMinor = bookedMinor + inTransitMinor;
    return {
      currency,
      balance: toDecimalString(walletMinor, currency),
      locked: toDecimalString(lockedMinor, currency),
      platforms: toDecimalString(platformsMinor, currency),
      total: toDecimalString(walletMinor + lockedMinor + platformsMinor, currency),
      turnover: toDecimalString(turnoverMinor, currency),
    };
  }

  /** Clears a member's turnover requirement; recorded with the operator and the reason. */
  async waiveTurnover(
    operator: OperatorIdentity,
    brand: Brand,
    input: { username: string; reason: string; ip: string },
  ): Promise<{ waived: string }> {
    const currency = brandCurrency(brand);
    const member = await findMemberByUsername(
      this.#db,
      brand.config.code,
      input.username.toLowerCase(),
    );
    if (!member) throw commonError('not_found');
    const waived = await this.#db.transaction(async (transaction) => {
      const amountMinor = await waiveTurnover(transaction, {
        brandCode: brand.config.code,
        memberId: member.id,
        currency,
      });
      await this.#operators.record(transaction, operator, {
        action: 'turnover_waive',
        brandCode: brand.config.code,
        targetType: 'member',
        targetId: String(member.id),
        reason: input.reason,
        details: {
          waived: toDecimalString(amountMinor, currency),
          username: member.username,
          // What was waived is what was outstanding.
          before: { outstandingTurnover: toDecimalString(amountMinor, currency) },
          after: { outstandingTurnover: toDecimalString(0n, currency) },
        },
        ip: input.ip,
      });
      return amountMinor;
    });
    return { waived: toDecimalString(waived, currency) };
  }
}
