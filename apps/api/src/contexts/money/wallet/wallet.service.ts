import type { MemberBalance } from '@lobby/contracts';
import type { SQL } from 'drizzle-orm';
import { toDecimalString } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { commonError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import { waiveTurnover } from '../turnover/index.ts';
import { findMemberByUsername } from '../../identity/member/index.ts';
import {
  memberBalanceReader,
  type MemberBalanceReader,
  type MemberCurrencySql,
} from './wallet.repository.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';

type InTransitSql = (member: MemberCurrencySql) => SQL;

/** The member's view of their money, read from the ledger, and the operator's turnover waiver. */
export class WalletService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  readonly #readBalance: MemberBalanceReader;

  constructor(dependencies: {
    db: Database;
    operators: OperatorService;
    /**
     * Money on its way between the wallet and the game platforms: the games context writes that
     * part of the balance read.
     */
    inTransitSql: InTransitSql;
  }) {
    this.#db = dependencies.db;
    this.#operators = dependencies.operators;
    this.#readBalance = memberBalanceReader(dependencies.db, dependencies.inTransitSql);
  }

  async balance(brand: Brand, memberId: bigint): Promise<MemberBalance> {
    const currency = brandCurrency(brand);
    const {
      walletMinor,
      lockedMinor,
      platformsMinor: bookedMinor,
      inTransitMinor,
      turnoverMinor,
    } = await this.#readBalance({ brandCode: brand.config.code, memberId, currency });
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
