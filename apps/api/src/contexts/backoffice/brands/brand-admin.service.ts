import {
  brandComplianceSchema,
  complianceSettingsSchema,
  mergedCompliance,
  COMPLIANCE_PROFILES,
  effectiveCompliance,
  fixedConflicts,
  PROFILE_DEFINITIONS,
  brandSettingsSchema,
  parsePlatformIdList,
  type AdminBrandCompliance,
  type AdminBrandContacts,
  type AdminBrandPlatformList,
  formatPlatformIdList,
  type AdminBrandListItem,
  type AdminBrandSettings,
  type AdminBrandVersion,
  type BrandCompliance,
  type BrandSettings,
  type ContactEntry,
} from '@lobby/contracts';
import { catalogPlatform } from '@lobby/game-protocol';
import { isCurrencyCode } from '@lobby/money';
import type { Database, Executor } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import {
  brandConfigOf,
  brandSnapshot,
  findBrand,
  findBrandCompliance,
  findBrandContacts,
  findBrandPlatforms,
  findBrandVersion,
  insertBrand,
  listBrandVersions,
  listBrandsWithHosts,
  lockBrand,
  snapshotPatch,
  updateBrand,
  updateBrandCompliance,
  updateBrandContacts,
  updateBrandPlatforms,
  type BrandChange,
  type BrandComplianceRow,
  type BrandContactsRow,
  type BrandRegistry,
  type BrandRow,
  type BrandWithHosts,
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
      const after = await updateBrandContacts(
        transaction,
        code,
        contacts,
        changeBy(operator, 'brand_contacts_update', context.reason),
      );
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
      const before = await findBrandPlatforms(transaction, code);
      if (!before) throw commonError('unknown_site');
      const after = await updateBrandPlatforms(
        transaction,
        code,
        formatPlatformIdList(platformIds),
        changeBy(operator, 'brand_platforms_update', context.reason),
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
      const after = await updateBrandCompliance(
        transaction,
        code,
        next,
        changeBy(operator, 'brand_compliance_update', context.reason),
      );
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

  /** The brands of the operator's scope (`null` scope: every brand). */
  async list(scope: readonly string[] | null): Promise<AdminBrandListItem[]> {
    const rows = await listBrandsWithHosts(this.#db);
    return rows
      .filter((row) => scope === null || scope.includes(row.code))
      .map((row) => ({
        code: row.code,
        siteName: row.siteName,
        enabled: row.enabled,
        isDefault: row.isDefault,
        language: row.language,
        currencyCode: row.currencyCode,
        primary: row.theme.primary,
        hosts: row.hosts,
        revision: row.revision.toString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
  }

  /** A brand's settings as stored, enabled or not. */
  async settings(code: string): Promise<AdminBrandSettings> {
    const row = await findBrand(this.#db, code);
    if (!row) throw commonError('unknown_site');
    return settingsView(row);
  }

  /**
   * Replaces a brand's settings (refused when the brand changed since `revision`): versioned,
   * action logged with the fields before and after, served by every node at once.
   */
  async setSettings(
    operator: OperatorIdentity,
    code: string,
    settings: BrandSettings,
    expected: { revision: string; ip: string; reason?: string | undefined },
  ): Promise<AdminBrandSettings> {
    if (!isCurrencyCode(settings.currencyCode)) {
      throw appError(BRAND_ADMIN_ERRORS, 'brand_currency_unknown');
    }
    await this.#db.transaction(async (transaction) => {
      const before = await lockBrand(transaction, code);
      if (!before) throw commonError('unknown_site');
      if (before.revision.toString() !== expected.revision) {
        throw appError(BRAND_ADMIN_ERRORS, 'brand_stale');
      }
      const after = await updateBrand(
        transaction,
        before,
        settings,
        changeBy(operator, 'brand_settings_update', expected.reason),
      );
      await this.#record(transaction, operator, 'brand_settings_update', before, after, {
        ip: expected.ip,
        reason: expected.reason,
      });
    });
    return this.#announced(code);
  }

  /** The brand's kept versions, newest first, and its row as it is now. */
  async versions(
    code: string,
    limit: number,
  ): Promise<{ brand: string; current: Record<string, unknown>; versions: AdminBrandVersion[] }> {
    const current = await findBrand(this.#db, code);
    if (!current) throw commonError('unknown_site');
    const { hosts: _hosts, ...row } = current;
    const versions = await listBrandVersions(this.#db, code, limit);
    return {
      brand: code,
      current: brandSnapshot(row),
      versions: versions.map((version) => ({
        revision: version.revision.toString(),
        action: version.action,
        changedBy: version.changedByName,
        changedAt: version.changedAt.toISOString(),
        reason: version.reason,
        row: version.row,
      })),
    };
  }

  /**
   * Puts a kept version back: a change like any other (versioned, action logged). A version that
   * is no valid brand today is refused; one with another compliance profile needs
   * `compliance.manage` as well.
   */
  async restore(
    operator: OperatorIdentity,
    code: string,
    revision: bigint,
    context: { ip: string; reason: string },
  ): Promise<AdminBrandSettings> {
    await this.#db.transaction(async (transaction) => {
      const before = await lockBrand(transaction, code);
      if (!before) throw commonError('unknown_site');
      const version = await findBrandVersion(transaction, code, revision);
      if (!version) throw appError(BRAND_ADMIN_ERRORS, 'brand_version_unknown');
      const patch = snapshotPatch(version.row);
      const restored = { ...before, ...patch };
      if (!isServable(restored)) throw appError(BRAND_ADMIN_ERRORS, 'brand_version_invalid');
      if (
        JSON.stringify(restored.compliance) !== JSON.stringify(before.compliance) &&
        !operator.permissions.has('compliance.manage')
      ) {
        throw appError(BRAND_ADMIN_ERRORS, 'brand_restore_compliance');
      }
      const after = await updateBrand(
        transaction,
        before,
        patch,
        changeBy(operator, 'brand_version_restore', context.reason),
      );
      await this.#record(transaction, operator, 'brand_version_restore', before, after, {
        ip: context.ip,
        reason: context.reason,
        restoredRevision: revision.toString(),
      });
    });
    return this.#announced(code);
  }

  /**
   * A new brand copied from `from` (its settings, theme, platform list, compliance profile,
   * contacts, statistics and back-office policy) with its own code, name and hosts; never the
   * default brand. Action logged with the new brand's row.
   */
  async create(
    operator: OperatorIdentity,
    input: { from: string; code: string; siteName: string; hosts: string[] },
    context: { ip: string; reason?: string | undefined },
  ): Promise<AdminBrandSettings> {
    await this.#db.transaction(async (transaction) => {
      const source = await findBrand(transaction, input.from);
      if (!source) throw commonError('unknown_site');
      const {
        hosts: _hosts,
        code: _code,
        revision: _revision,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        ...copied
      } = source;
      const row = { ...copied, code: input.code, siteName: input.siteName, isDefault: false };
      const inserted = await insertBrand(transaction, row, input.hosts);
      if (!inserted.ok) {
        if (inserted.reason === 'code_taken')
          throw appError(BRAND_ADMIN_ERRORS, 'brand_code_taken');
        throw appError(BRAND_ADMIN_ERRORS, 'brand_host_taken', { params: { host: inserted.host } });
      }
      await this.#operators.record(transaction, operator, {
        action: 'brand_create',
        brandCode: input.code,
        targetType: 'brand',
        targetId: input.code,
        ...(context.reason ? { reason: context.reason } : {}),
        details: {
          from: input.from,
          after: { siteName: input.siteName, hosts: input.hosts },
        },
        ip: context.ip,
      });
    });
    return this.#announced(input.code);
  }

  /** The action-log row of a settings change or restore: the changed fields before and after. */
  async #record(
    transaction: Executor,
    operator: OperatorIdentity,
    action: string,
    before: BrandRow,
    after: BrandRow,
    context: { ip: string; reason?: string | undefined; restoredRevision?: string },
  ): Promise<void> {
    const left = brandSnapshot(before);
    const right = brandSnapshot(after);
    const changed = Object.keys(right).filter(
      (key) =>
        !['revision', 'updatedAt'].includes(key) &&
        JSON.stringify(left[key]) !== JSON.stringify(right[key]),
    );
    await this.#operators.record(transaction, operator, {
      action,
      brandCode: after.code,
      targetType: 'brand',
      targetId: after.code,
      ...(context.reason ? { reason: context.reason } : {}),
      details: {
        before: Object.fromEntries(changed.map((key) => [key, left[key]])),
        after: Object.fromEntries(changed.map((key) => [key, right[key]])),
        revision: after.revision.toString(),
        ...(context.restoredRevision ? { restoredRevision: context.restoredRevision } : {}),
      },
      ip: context.ip,
    });
  }

  /** After a committed change: this node serves it at once, the others reload; the new view. */
  async #announced(code: string): Promise<AdminBrandSettings> {
    await this.#brands.load();
    await this.#brands.announceChange();
    return this.settings(code);
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

/** Who made a brand change and why, as its version keeps it. */
function changeBy(
  operator: OperatorIdentity,
  action: string,
  reason: string | undefined,
): BrandChange {
  return {
    action,
    operatorId: operator.operatorId,
    operatorName: operator.username,
    reason: reason ? reason : null,
  };
}

/** Whether a row would be served: its public config, compliance and back office all parse. */
function isServable(row: BrandRow): boolean {
  try {
    brandConfigOf(row);
    return (
      brandComplianceSchema.safeParse(row.compliance).success && isCurrencyCode(row.currencyCode)
    );
  } catch {
    return false;
  }
}

function settingsView(row: BrandWithHosts): AdminBrandSettings {
  const settings = {
    siteName: row.siteName,
    tagline: row.tagline,
    language: row.language,
    enabled: row.enabled,
    theme: row.theme,
    avatarUrl: row.avatarUrl,
    currencyIconUrl: row.currencyIconUrl,
    currencyCode: row.currencyCode,
    currencySymbol: row.currencySymbol,
    statistics: row.statistics,
    settings: row.settings,
  };
  // Stored settings read with their defaults filled (fields added later).
  const parsed = brandSettingsSchema.safeParse(settings);
  return {
    brand: row.code,
    settings: parsed.success ? parsed.data : (settings as AdminBrandSettings['settings']),
    hosts: row.hosts,
    isDefault: row.isDefault,
    platformIds: parsePlatformIdList(row.platformIds),
    revision: row.revision.toString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
