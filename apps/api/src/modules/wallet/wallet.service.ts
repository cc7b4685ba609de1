import type { MemberBalance } from '@lobby/contracts';
import { isCurrencyCode, toDecimalString } from '@lobby/money';
import type { Brand } from '../brand/brand.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';

/** The member's view of their money, read from the ledger. */
export class WalletService {
  readonly #ledger: LedgerService;

  constructor(ledger: LedgerService) {
    this.#ledger = ledger;
  }

  async balance(brand: Brand, memberId: bigint): Promise<MemberBalance> {
    const currency = brand.config.currencyCode;
    if (!isCurrencyCode(currency))
      throw new Error(`brand ${brand.config.code}: unknown currency ${currency}`);
    const { walletMinor, lockedMinor, platformsMinor } = await this.#ledger.balances(
      brand.config.code,
      memberId,
      currency,
    );
    return {
      currency,
      balance: toDecimalString(walletMinor, currency),
      locked: toDecimalString(lockedMinor, currency),
      platforms: toDecimalString(platformsMinor, currency),
      total: toDecimalString(walletMinor + lockedMinor + platformsMinor, currency),
    };
  }
}
