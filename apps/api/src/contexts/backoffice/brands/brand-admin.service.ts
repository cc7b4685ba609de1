import type { AdminBrandContacts, ContactEntry } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { commonError } from '../../../lib/app-error.ts';
import type { OperatorIdentity, OperatorService } from '../../identity/operator/index.ts';
import {
  findBrandContacts,
  updateBrandContacts,
  type BrandContactsRow,
  type BrandRegistry,
} from '../../platform/brand/index.ts';

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
}

function contactsView(row: BrandContactsRow): AdminBrandContacts {
  return {
    brand: row.code,
    contacts: row.contacts,
    revision: row.revision.toString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
