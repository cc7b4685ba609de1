import { parseAmount, type CurrencyCode } from '@lobby/money';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { brandCurrency, type Brand } from '../../platform/brand/index.ts';
import {
  changes,
  type OperatorIdentity,
  type OperatorService,
} from '../../identity/operator/index.ts';
import { operatorBrand, type ActionContext, type BrandLookup } from './agent-checks.ts';
import { sortTiers, tierTableProblem, type CommissionTier } from './agent-commission.ts';
import { AGENT_ERRORS } from './agent.errors.ts';
import { listTiers, lockTierTables, replaceTiers, type TierRow } from './agent.repository.ts';
import { tierDto } from './agent.views.ts';

/**
 * Default tiers of a brand in its currency (whole units): a starting table operators replace.
 * Each step asks for more active members and more net revenue and pays a larger share.
 */
export const DEFAULT_TIERS: readonly {
  minActiveMembers: number;
  minNetRevenue: string;
  shareBp: number;
}[] = [
  { minActiveMembers: 3, minNetRevenue: '1', shareBp: 1500 },
  { minActiveMembers: 5, minNetRevenue: '10000', shareBp: 2500 },
  { minActiveMembers: 15, minNetRevenue: '100000', shareBp: 3500 },
  { minActiveMembers: 30, minNetRevenue: '500000', shareBp: 4500 },
];

function tiersInMinor(
  tiers: readonly { minActiveMembers: number; minNetRevenue: string; shareBp: number }[],
  currency: CurrencyCode,
): CommissionTier[] {
  return tiers.map((tier, index) => {
    const parsed = parseAmount(tier.minNetRevenue, currency);
    if (!parsed.ok) {
      throw commonError('validation', [
        { path: `tiers.${index}.minNetRevenue`, code: parsed.error },
      ]);
    }
    return {
      minActiveMembers: tier.minActiveMembers,
      minNetRevenueMinor: parsed.minor,
      shareBp: tier.shareBp,
    };
  });
}

/**
 * Gives every brand without commission tiers the default table: safe at every start and on
 * several nodes at once (one seeding at a time, under the lock that replacing takes too), and
 * it never touches a brand that has tiers. Returns how many brands were seeded.
 */
export async function seedAgentTiers(db: Database, brands: readonly Brand[]): Promise<number> {
  return db.transaction(async (transaction) => {
    await lockTierTables(transaction);
    let seeded = 0;
    for (const brand of brands) {
      const brandCode = brand.config.code;
      if ((await listTiers(transaction, brandCode)).length > 0) continue;
      await replaceTiers(
        transaction,
        brandCode,
        tiersInMinor(DEFAULT_TIERS, brandCurrency(brand)),
        null,
      );
      seeded++;
    }
    return seeded;
  });
}

/** Commission tiers: each brand's table, which operators read and replace as a whole. */
export class AgentTierService {
  readonly #db: Database;
  readonly #operators: OperatorService;
  readonly #brand: BrandLookup;

  constructor(dependencies: { db: Database; operators: OperatorService; brand: BrandLookup }) {
    this.#db = dependencies.db;
    this.#operators = dependencies.operators;
    this.#brand = dependencies.brand;
  }

  async tiers(brandCode: string) {
    const brand = operatorBrand(this.#brand, brandCode);
    return this.#tiersDto(brand, await listTiers(this.#db, brand.config.code));
  }

  #tiersDto(brand: Brand, rows: TierRow[]) {
    const currency = brandCurrency(brand);
    return {
      brand: brand.config.code,
      currency,
      tiers: sortTiers(rows).map((row) => ({
        ...tierDto(row, currency),
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  }

  /** Replaces the brand's tier table as a whole; statements written before keep their share. */
  async replaceTiers(
    operator: OperatorIdentity,
    input: {
      brand: string;
      tiers: { minActiveMembers: number; minNetRevenue: string; shareBp: number }[];
    },
    context: ActionContext,
  ) {
    const brand = operatorBrand(this.#brand, input.brand);
    const brandCode = brand.config.code;
    const tiers = tiersInMinor(input.tiers, brandCurrency(brand));
    if (tierTableProblem(tiers)) throw appError(AGENT_ERRORS, 'agent_tiers_duplicate');
    const rows = await this.#db.transaction(async (transaction) => {
      await lockTierTables(transaction);
      const currency = brandCurrency(brand);
      const table = (rows: TierRow[]) => sortTiers(rows).map((row) => tierDto(row, currency));
      const before = table(await listTiers(transaction, brandCode));
      await replaceTiers(transaction, brandCode, tiers, operator.username);
      const after = await listTiers(transaction, brandCode);
      await this.#operators.record(transaction, operator, {
        action: 'agent_tiers_replace',
        brandCode,
        targetType: 'brand',
        targetId: brandCode,
        details: { tiers: input.tiers, ...changes({ tiers: before }, { tiers: table(after) }) },
        ip: context.ip,
      });
      return after;
    });
    return this.#tiersDto(brand, rows);
  }
}
