import type { adminMemberProtectionEndpoint, adminRegistrySearchEndpoint } from '@lobby/contracts';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { commonError } from '../../../lib/app-error.ts';
import { memberBrandOf } from '../../identity/member/index.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import type { ExclusionRegistry } from '../../identity/registry/index.ts';
import type { BrandRegistry } from '../../platform/brand/index.ts';
import type { Protection } from '../../protection/protection.context.ts';

type MemberProtection = z.infer<typeof adminMemberProtectionEndpoint.response>;
type RegistryMatches = z.infer<typeof adminRegistrySearchEndpoint.response>;

/**
 * The operators' view of player protection (issue 15): a member's limits, exclusion and
 * reality checks for the member 360, and the exclusion registry searched by identifier.
 */
export class ProtectionAdminService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;
  readonly #protection: Protection;
  readonly #registry: ExclusionRegistry;
  readonly #operators: OperatorService;

  constructor(options: {
    db: Database;
    brands: BrandRegistry;
    protection: Protection;
    registry: ExclusionRegistry;
    operators: OperatorService;
  }) {
    this.#db = options.db;
    this.#brands = options.brands;
    this.#protection = options.protection;
    this.#registry = options.registry;
    this.#operators = options.operators;
  }

  memberBrand(id: string): Promise<string | null> {
    return memberBrandOf(this.#db, BigInt(id));
  }

  async member(id: string): Promise<MemberProtection> {
    const memberId = BigInt(id);
    // The member's brand is also the proof the member exists: one read.
    const brandCode = await memberBrandOf(this.#db, memberId);
    const brand = brandCode ? this.#brands.get(brandCode) : undefined;
    if (!brand) throw commonError('not_found');
    const [limits, exclusion, realityCheck] = await Promise.all([
      this.#protection.limits.view(brand, memberId),
      this.#protection.exclusions.state(brand, memberId),
      this.#protection.play.realityCheck(brand, memberId),
    ]);
    return { limits, exclusion: exclusion.current, realityCheck };
  }

  /**
   * Live registry rows of the identifier, of every brand (the registry keeps the person off all
   * of them): brand and period only. The search itself is action logged.
   */
  async search(
    operator: OperatorIdentity,
    body: { kind: 'phone' | 'email' | 'name_dob' | 'id_number'; value: string },
    ip: string,
  ): Promise<RegistryMatches> {
    const visible = await this.#registry.matches([{ kind: body.kind, value: body.value }]);
    await this.#db.transaction(async (tx) => {
      await this.#operators.record(tx, operator, {
        action: 'exclusion_registry_search',
        targetType: 'exclusion_registry',
        details: { kind: body.kind, matches: visible.length },
        ip,
      });
    });
    return visible.map((match) => ({
      kind: match.kind,
      brand: match.brandCode,
      startsAt: match.startsAt.toISOString(),
      endsAt: match.endsAt?.toISOString() ?? null,
    }));
  }
}
