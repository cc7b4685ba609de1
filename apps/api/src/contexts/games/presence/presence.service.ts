import { z } from 'zod';
import { HEARTBEAT_INTERVAL_MS, type Language, type PresenceMember } from '@lobby/contracts';
import { catalogGame, catalogPlatform } from '@lobby/game-protocol';
import type { Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import { commonError } from '../../../lib/app-error.ts';
import type { Brand, BrandRegistry } from '../../platform/brand/index.ts';
import { brandGame, brandPlatform, localized } from '../games/index.ts';
import { findUsername } from './presence.repository.ts';

/**
 * A member counts as online for three heartbeats after their last one: one lost or late
 * heartbeat (a slow network, a busy tab) does not flicker them offline.
 */
export const PRESENCE_TTL_MS = 3 * HEARTBEAT_INTERVAL_MS;

/** Usernames never change, so each node keeps the ones it has looked up (bounded). */
const USERNAME_CACHE_SIZE = 10_000;

/** What the cache holds per online member (JSON). */
const presencePayload = z.object({
  username: z.string(),
  platformId: z.number().int().nullable(),
  gameCode: z.string().nullable(),
  lastSeenAtMs: z.number(),
  ip: z.string(),
  deviceNo: z.string().nullable(),
  clientType: z.number().int().nullable(),
});
type PresencePayload = z.infer<typeof presencePayload>;

export type Heartbeat = {
  brand: Brand;
  memberId: bigint;
  /** The game being played ('' in the lobby). */
  gameCode: string;
  /** The platform of the game ('' or 0 in the lobby). */
  platform: number | '' | undefined;
  ip: string;
  deviceNo: string | null;
  clientType: number | null;
};

export type PresenceReport = {
  brand: string;
  online: number;
  platforms: { platformId: number | null; platformName: string | null; members: number }[];
  members: PresenceMember[];
};

/**
 * Who is online and where, from the member heartbeat (SPEC.md section 7: every 30 s while
 * logged in). It lives in the shared cache, not the database: it is rewritten every 30 s per
 * member, and losing it loses nothing but a minute of the operators' view. With Redis every
 * node sees every member; in process, the one node does.
 */
export class PresenceService {
  readonly #cache: Cache;
  readonly #db: Database;
  readonly #brands: BrandRegistry;
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #usernames = new Map<string, string>();

  constructor(options: {
    cache: Cache;
    db: Database;
    brands: BrandRegistry;
    now?: () => number;
    /** How long a heartbeat keeps a member online (PRESENCE_TTL_MS). */
    ttlMs?: number;
  }) {
    this.#cache = options.cache;
    this.#db = options.db;
    this.#brands = options.brands;
    this.#now = options.now ?? Date.now;
    this.#ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
  }

  /**
   * Records a heartbeat. A platform, when given, must be one the brand offers, and a game one
   * of its games; a game without a platform is refused, since the game code alone is ambiguous.
   */
  async heartbeat(beat: Heartbeat): Promise<void> {
    const platformId = beat.platform === '' || beat.platform === undefined ? 0 : beat.platform;
    let gameCode: string | null = null;
    if (platformId !== 0) {
      brandPlatform(beat.brand, platformId);
      if (beat.gameCode !== '') gameCode = brandGame(beat.brand, platformId, beat.gameCode).code;
    } else if (beat.gameCode !== '') {
      throw commonError('validation', [{ path: 'platform', code: 'required_with_gameid' }]);
    }
    const brandCode = beat.brand.config.code;
    const username = await this.#username(brandCode, beat.memberId);
    const payload: PresencePayload = {
      username,
      platformId: platformId === 0 ? null : platformId,
      gameCode,
      lastSeenAtMs: this.#now(),
      ip: beat.ip,
      deviceNo: beat.deviceNo,
      clientType: beat.clientType,
    };
    await this.#cache.presenceTouch(
      groupOf(brandCode),
      String(beat.memberId),
      JSON.stringify(payload),
      this.#ttlMs,
    );
  }

  /** Takes a member off the list at once (logout). */
  async leave(brandCode: string, memberId: bigint): Promise<void> {
    await this.#cache.presenceRemove(groupOf(brandCode), String(memberId));
  }

  /** The brand's online members, most recently seen first, and how many are on each platform. */
  async report(brandCode: string, language: Language): Promise<PresenceReport> {
    if (!this.#brands.get(brandCode)) throw commonError('unknown_site');
    const entries = await this.#cache.presenceList(groupOf(brandCode));
    const members: PresenceMember[] = [];
    for (const entry of entries) {
      const payload = readPayload(entry.payload);
      // An entry this code cannot read (written by another version) is left to expire.
      if (!payload) continue;
      const platform =
        payload.platformId === null ? undefined : catalogPlatform(payload.platformId);
      const game =
        platform && payload.gameCode !== null
          ? catalogGame(platform.id, payload.gameCode)
          : undefined;
      members.push({
        memberId: entry.member,
        username: payload.username,
        platformId: payload.platformId,
        platformName: platform ? localized(platform.name, language) : null,
        gameCode: payload.gameCode,
        gameName: game ? localized(game.name, language) : null,
        lastSeenAt: new Date(payload.lastSeenAtMs).toISOString(),
        ip: payload.ip,
        deviceNo: payload.deviceNo,
        clientType: payload.clientType,
      });
    }
    members.sort((left, right) => right.lastSeenAt.localeCompare(left.lastSeenAt));
    const counts = new Map<number | null, { platformName: string | null; members: number }>();
    for (const member of members) {
      const count = counts.get(member.platformId);
      if (count) count.members += 1;
      else counts.set(member.platformId, { platformName: member.platformName, members: 1 });
    }
    const platforms = [...counts.entries()]
      .map(([platformId, count]) => ({ platformId, ...count }))
      .sort(
        (left, right) =>
          right.members - left.members || (left.platformId ?? 0) - (right.platformId ?? 0),
      );
    return { brand: brandCode, online: members.length, platforms, members };
  }

  async #username(brandCode: string, memberId: bigint): Promise<string> {
    const key = `${brandCode}:${memberId}`;
    const known = this.#usernames.get(key);
    if (known !== undefined) return known;
    const username = await findUsername(this.#db, brandCode, memberId);
    // The session guard let the member in, so a missing row means it was just removed.
    if (username === undefined) throw commonError('token');
    if (this.#usernames.size >= USERNAME_CACHE_SIZE) {
      const oldest = this.#usernames.keys().next();
      if (!oldest.done) this.#usernames.delete(oldest.value);
    }
    this.#usernames.set(key, username);
    return username;
  }
}

function groupOf(brandCode: string): string {
  return `members:${brandCode}`;
}

function readPayload(text: string): PresencePayload | null {
  try {
    const parsed = presencePayload.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
