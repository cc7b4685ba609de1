import type { Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import {
  inMaintenanceFor,
  listBrandMaintenance,
  listPlatformSettings,
  type BrandMaintenanceRow,
  type PlatformSettingRow,
} from './games.repository.ts';

/** How long a platform's own "maintenance" answer marks it in lists. */
export const REPORTED_MAINTENANCE_MS = 60_000;

const REPORTED_KEY = 'games:reported-maintenance';

/** Platform id to the instant (ms) its reported maintenance mark lapses. */
type ReportedMarks = Record<string, number>;

/**
 * Whether a platform is in maintenance. Two sources: the operator's switches (one for every
 * brand, one per brand), read from the database on every request so a change is in force on
 * every node at once, with no cache to announce to; and the platform's
 * own "maintenance" answer to a call, remembered briefly in the shared cache so the game list
 * shows it to everyone instead of each member finding out by trying. Only the operator's switch
 * stops a launch before the platform is asked: the platform's word is re-checked by asking it.
 */
export class PlatformStatus {
  readonly #db: Database;
  readonly #cache: Cache;
  readonly #now: () => number;

  constructor(options: { db: Database; cache: Cache; now?: () => number }) {
    this.#db = options.db;
    this.#cache = options.cache;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The operator's switches by platform id (for every brand, and the named brand's own), and the
   * platforms that reported maintenance.
   */
  async snapshot(brandCode?: string): Promise<{
    settings: Map<number, PlatformSettingRow>;
    brand: Map<number, BrandMaintenanceRow>;
    reported: Set<number>;
  }> {
    const [rows, brandRows, marks] = await Promise.all([
      listPlatformSettings(this.#db),
      brandCode === undefined ? [] : listBrandMaintenance(this.#db, brandCode),
      this.#marks(),
    ]);
    return {
      settings: new Map(rows.map((row) => [row.platformId, row])),
      brand: new Map(brandRows.map((row) => [row.platformId, row])),
      reported: new Set(Object.keys(marks).map(Number)),
    };
  }

  /** Whether the operator switched the platform to maintenance for every brand or this one. */
  async operatorMaintenance(platformId: number, brandCode: string): Promise<boolean> {
    return inMaintenanceFor(this.#db, brandCode, platformId);
  }

  /**
   * Remembers that the platform answered "maintenance". A read-modify-write of one key: two
   * nodes marking at once may lose one mark, which the next refused call puts back; a mark
   * that only informs a list is not worth a lock.
   */
  async markReported(platformId: number): Promise<void> {
    const marks = await this.#marks();
    marks[String(platformId)] = this.#now() + REPORTED_MAINTENANCE_MS;
    await this.#cache.set(REPORTED_KEY, JSON.stringify(marks), REPORTED_MAINTENANCE_MS);
  }

  /** Forgets a platform's mark (it answered again, or the operator said it is back). */
  async clearReported(platformId: number): Promise<void> {
    const marks = await this.#marks();
    if (!(String(platformId) in marks)) return;
    delete marks[String(platformId)];
    await this.#cache.set(REPORTED_KEY, JSON.stringify(marks), REPORTED_MAINTENANCE_MS);
  }

  /** The live marks: lapsed ones are dropped, anything unreadable counts as none. */
  async #marks(): Promise<ReportedMarks> {
    const text = await this.#cache.get(REPORTED_KEY);
    if (text === null) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return {};
    }
    if (typeof parsed !== 'object' || parsed === null) return {};
    const now = this.#now();
    const marks: ReportedMarks = {};
    for (const [id, until] of Object.entries(parsed)) {
      if (/^[1-9][0-9]{0,5}$/.test(id) && typeof until === 'number' && until > now) {
        marks[id] = until;
      }
    }
    return marks;
  }
}
