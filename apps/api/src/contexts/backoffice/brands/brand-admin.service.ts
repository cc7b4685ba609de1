import {
  brandComplianceSchema,
  complianceSettingsSchema,
  mergedCompliance,
  COMPLIANCE_PROFILES,
  effectiveCompliance,
  fixedConflicts,
  PROFILE_DEFINITIONS,
  type AdminBrandCompliance,
  type AdminBrandContacts,
  type AdminBrandPlatformList,
  type BrandCompliance,
  type ContactEntry,
  formatPlatformIdList,
  parsePlatformIdList,
} from '@lobby/contracts';
import { catalogPlatform } from '@lobby/game-protocol';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import {
  findBrandCompliance,
  findBrandContacts,
  findBrandPlatforms,
  updateBrandCompliance,
  updateBrandContacts,
  updateBrandPlatforms,
  type BrandComplianceRow,
  type BrandContactsRow,
  type BrandRegistry,
} from '../../platform/brand/index.ts';
import { GAMES_ERRORS } from '../../games/games/index.ts';
import { BRAND_ADMIN_ERRORS } from './brand-admin.errors.ts';

/**
 * The operators' side of a brand's configuration: its contact entries. A change bumps the
 * brand's revision, reloads this node's registry before it answers (so the next request here
 * sees it) and tells every other node to reload; each change is in the operator action log.
 */
export class BrandAdminService {
  readonly #db: Database;
  readonly #brands: BrandRegistry;
  readonly #operators: OperatorService;

  constructor(options: { db: Database; brands: BrandRegistry; operators: OperatorService }) {
    this.#db = options.db;
    this.#brands = options.brands;
    this.#operators = options.operators;
  }

  /** The brand's contact entries as stored, enabled brand or not. */
  async contacts(code: string): Promise<AdminBrandContacts> {
    const row = await findBrandContacts(this.#db, code);
    if (!row) throw commonError('unknown_site');
    return contactsView(row);
  }

  /** Replaces the brand's contact entries with `contacts`, in their order. */
  async replaceContacts(
    operator: OperatorIdentity,
    code: string,
    contacts: ContactEntry[],
    context: { ip: string; reason?: string | undefined },
  ): Promise<AdminBrandContacts> {
    const row = await this.#db.transaction(async (transaction) => {
      const before = await findBrandContacts(transaction, code);
      if (!before) throw commonError('unknown_site');
      const after = await updateBrandContacts(transaction, code, contacts);
      if (!after) throw commonError('unknown_site');
      await this.#operators.record(transaction, operator, {
        action: 'brand_contacts_update',
        brandCode: code,
        targetType: 'brand',
        targetId: code,
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          before: { contacts: before.contacts },
          after: { contacts: after.contacts },
          revision: after.revision.toString(),
        },
        ip: context.ip,
      });
      return after;
    });
    // Committed with its log row: serve it on this node at once and tell the others.
    await this.#brands.load();
    await this.#brands.announceChange();
    return contactsView(row);
  }

  /** The brand's compliance profile: stored, effective, fixed parts, every profile's defaults. */
  async compliance(code: string): Promise<AdminBrandCompliance> {
    const row = await findBrandCompliance(this.#db, code);
    if (!row) throw commonError('unknown_site');
    return complianceView(row);
  }

  /**
   * Sets the brand's profile and overrides (issue 15). An override of a part the profile makes
   * mandatory is refused by name; the change is action logged with the effective settings
   * before and after, and every node applies it at once.
   */
  async setCompliance(
    operator: OperatorIdentity,
    code: string,
    next: BrandCompliance,
    context: { ip: string; reason: string },
  ): Promise<AdminBrandCompliance> {
    const conflicts = fixedConflicts(next);
    if (conflicts.length > 0) {
      throw appError(BRAND_ADMIN_ERRORS, 'compliance_fixed', {
        params: { fields: conflicts.join(', ') },
      });
    }
    if (!complianceSettingsSchema.safeParse(mergedCompliance(next)).success) {
      throw appError(BRAND_ADMIN_ERRORS, 'compliance_invalid');
    }
    const row = await this.#db.transaction(async (transaction) => {
      const before = await findBrandCompliance(transaction, code, true);
      if (!before) throw commonError('unknown_site');
      const after = await updateBrandCompliance(transaction, code, next);
      if (!after) throw commonError('unknown_site');
      const beforeView = complianceView(before);
      const afterView = complianceView(after);
      await this.#operators.record(transaction, operator, {
        action: 'brand_compliance_update',
        brandCode: code,
        targetType: 'brand',
        targetId: code,
        reason: context.reason,
        details: {
          before: { profile: beforeView.profile, ...beforeView.effective },
          after: { profile: afterView.profile, ...afterView.effective },
          revision: after.revision.toString(),
        },
        ip: context.ip,
      });
      return after;
    });
    await this.#brands.load();
    await this.#brands.announceChange();
    return complianceView(row);
  }

  /**
   * Replaces the platforms the brand offers and their order (its platform list). Every id must
   * be a platform of the catalog; the brand's members see the new list on every node at once.
   */
  async setPlatforms(
    operator: OperatorIdentity,
    code: string,
    platformIds: number[],
    context: { ip: string; reason?: string | undefined },
  ): Promise<AdminBrandPlatformList> {
    const unknown = platformIds.find((id) => !catalogPlatform(id));
    if (unknown !== undefined) throw appError(GAMES_ERRORS, 'game_platform_not_found');
    const row = await this.#db.transaction(async (transaction) => {
      const before = await findBrandPlatforms(transaction, code, true);
      if (!before) throw commonError('unknown_site');
      const after = await updateBrandPlatforms(
        transaction,
        code,
        formatPlatformIdList(platformIds),
      );
      if (!after) throw commonError('unknown_site');
      await this.#operators.record(transaction, operator, {
        action: 'brand_platforms_update',
        brandCode: code,
        targetType: 'brand',
        targetId: code,
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          before: { platformIds: parsePlatformIdList(before.platformIds) },
          after: { platformIds },
          revision: after.revision.toString(),
        },
        ip: context.ip,
      });
      return after;
    });
    // Committed with its log row: serve it on this node at once and tell the others.
    await this.#brands.load();
    await this.#brands.announceChange();
    return {
      brand: row.code,
      platformIds: parsePlatformIdList(row.platformIds),
      revision: row.revision.toString(),
    };
  }
}

function complianceView(row: BrandComplianceRow): AdminBrandCompliance {
  const stored = brandComplianceSchema.parse(row.compliance);
  return {
    brand: row.code,
    profile: stored.profile,
    overrides: stored.overrides,
    effective: effectiveCompliance(stored),
    fixed: Object.keys(PROFILE_DEFINITIONS[stored.profile].fixed),
    profiles: Object.fromEntries(
      COMPLIANCE_PROFILES.map((profile) => [profile, PROFILE_DEFINITIONS[profile].defaults]),
    ) as AdminBrandCompliance['profiles'],
    revision: row.revision.toString(),
  };
}

function contactsView(row: BrandContactsRow): AdminBrandContacts {
  return {
    brand: row.code,
    contacts: row.contacts,
    revision: row.revision.toString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
