import { z } from 'zod';
import { HEARTBEAT_INTERVAL_MS, type Language, type PresenceMember } from '@lobby/contracts';
import { catalogGame, catalogPlatform } from '@lobby/game-protocol';
import type { Cache } from '../../../cache/index.ts';
import { commonError } from '../../../lib/app-error.ts';
import type { Brand, BrandRegistry } from '../../platform/brand/index.ts';
import { brandGame, brandPlatform, localized } from '../games/index.ts';

/**
 * A member counts as online for three heartbeats after their last one: one lost or late
 * heartbeat (a slow network, a busy tab) does not flicker them offline.
 */
export const PRESENCE_TTL_MS = 3 * HEARTBEAT_INTERVAL_MS;

/**
 * Heartbeats are written to the cache together, this often: one round trip for every member
 * who beat in the interval, instead of one each. The member's answer does not wait for it.
 */
export const PRESENCE_FLUSH_MS = 250;

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
  /** The member's username, from the session (shown to operators). */
  username: string;
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
  readonly #brands: BrandRegistry;
  readonly #now: () => number;
  readonly #ttlMs: number;
  /** Heartbeats not yet written, by group, then member. */
  readonly #pending = new Map<string, Map<string, { payload: string; expiresAtMs: number }>>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #log: (error: unknown) => void;

  constructor(options: {
    cache: Cache;
    brands: BrandRegistry;
    now?: () => number;
    /** How long a heartbeat keeps a member online (PRESENCE_TTL_MS). */
    ttlMs?: number;
    /** Told when a batch of heartbeats could not be written. */
    onFlushError?: (error: unknown) => void;
  }) {
    this.#cache = options.cache;
    this.#log = options.onFlushError ?? (() => undefined);
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
    const now = this.#now();
    const payload: PresencePayload = {
      username: beat.username,
      platformId: platformId === 0 ? null : platformId,
      gameCode,
      lastSeenAtMs: now,
      ip: beat.ip,
      deviceNo: beat.deviceNo,
      clientType: beat.clientType,
    };
    const group = groupOf(brandCode);
    let members = this.#pending.get(group);
    if (!members) {
      members = new Map();
      this.#pending.set(group, members);
    }
    members.set(String(beat.memberId), {
      payload: JSON.stringify(payload),
      expiresAtMs: now + this.#ttlMs,
    });
    if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), PRESENCE_FLUSH_MS);
      this.#timer.unref();
    }
  }

  /** Writes the heartbeats collected so far, one round trip per brand. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const batches = [...this.#pending.entries()];
    this.#pending.clear();
    const previous = this.#flushing;
    this.#flushing = previous.then(async () => {
      for (const [group, members] of batches) {
        const entries = [...members.entries()].map(([member, entry]) => ({ member, ...entry }));
        await this.#cache.presenceTouchMany(group, entries).catch(this.#log);
      }
    });
    return this.#flushing;
  }

  /** Takes a member off the list at once (logout). */
  async leave(brandCode: string, memberId: bigint): Promise<void> {
    this.#pending.get(groupOf(brandCode))?.delete(String(memberId));
    await this.flush();
    await this.#cache.presenceRemove(groupOf(brandCode), String(memberId));
  }

  /** How many of the brand's members are online now, without reading who (the metrics). */
  async onlineCount(brandCode: string): Promise<number> {
    await this.flush();
    return this.#cache.presenceCount(groupOf(brandCode));
  }

  /** The brand's online members, most recently seen first, and how many are on each platform. */
  async report(brandCode: string, language: Language): Promise<PresenceReport> {
    if (!this.#brands.get(brandCode)) throw commonError('unknown_site');
    await this.flush();
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
