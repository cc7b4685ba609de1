import { createHash, randomBytes } from 'node:crypto';
import type { Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import type { MemberSession, ResolvedSession, SessionResolver } from '../../../plugins/session.ts';
import {
  findLiveSession,
  insertSession,
  revokeMemberSessions,
  revokeSession,
  rotateSessionToken,
  touchSessions,
  type LiveSession,
} from './session.repository.ts';

/** A session token is rotated through the `id` header once it is this old. */
export const ROTATE_AFTER_SECONDS = 15 * 60;
/** After a rotation the previous token still works this long, for requests already in flight. */
export const ROTATION_GRACE_SECONDS = 120;
/** Activity refreshes the idle timer in the database at most this often per session and node. */
export const TOUCH_EVERY_SECONDS = 60;
/** How often a node writes the touches it has collected, in one statement. */
const TOUCH_FLUSH_MS = 5_000;
/**
 * A cached session not confirmed by the database for this long is read again: the bound on how
 * long a revocation whose message was lost could go unnoticed. Active sessions are confirmed
 * by every touch flush, so they rarely reach it.
 */
const VERIFIED_FOR_MS = 2 * (TOUCH_EVERY_SECONDS * 1000 + TOUCH_FLUSH_MS);
/** Sessions a node keeps in memory at most (about 300 bytes each). */
const CACHE_SIZE = 250_000;
/**
 * The channel on which every node hears that a member's sessions must be read again (the
 * member id): whoever changes member_sessions or a member's status publishes it after commit.
 */
export const REVOKED_CHANNEL = 'member-sessions-revoked';

/** 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a node remembers of a session the database confirmed. */
type Cached = {
  session: MemberSession;
  id: bigint;
  /** The token is the current one (else the previous one, within its grace). */
  current: boolean;
  rotatedAtMs: number;
  /** For a previous token: when its grace ends. */
  graceEndsAtMs: number;
  /** The latest activity this node knows of. */
  lastSeenMs: number;
  /** When the database last recorded activity for it (as far as this node knows). */
  touchedMs: number;
  /** When the database last confirmed it live. */
  verifiedMs: number;
};

/**
 * Member sessions: opaque random tokens stored as SHA-256 hashes, bound to a brand, ended by
 * inactivity (the brand's setting), logout, a password change or an operator; rotated every 15
 * minutes. The database is the record. Each node keeps the sessions it has confirmed in memory
 * so that a request costs no database round trip; a revocation is published on the shared
 * cache's pub/sub, and every node drops the member's sessions at once (decision 0016).
 */
export class SessionService implements SessionResolver {
  readonly #db: Database;
  readonly #cache: Cache | undefined;
  readonly #now: () => number;
  /** By token hash. */
  readonly #sessions = new Map<string, Cached>();
  /** Token hashes by member id, to drop a member's sessions. */
  readonly #byMember = new Map<string, Set<string>>();
  /** Sessions whose activity is to be written, by session id. */
  readonly #touches = new Map<bigint, Cached>();
  /** Bumped by every revocation this node hears of: a read begun before it must not be kept. */
  #revocations = 0;
  #epoch = -1;
  #timer: NodeJS.Timeout | undefined;
  #unsubscribe: (() => Promise<void>) | undefined;
  #flushing: Promise<void> | undefined;

  /** Without a cache every request reads the database (tests of the store itself). */
  constructor(db: Database, options: { cache?: Cache; now?: () => number } = {}) {
    this.#db = db;
    this.#cache = options.cache;
    this.#now = options.now ?? Date.now;
  }

  /** Hears revocations from every node and starts writing touches; until then nothing is cached. */
  async start(): Promise<void> {
    if (!this.#cache || this.#unsubscribe) return;
    this.#unsubscribe = await this.#cache.subscribe(REVOKED_CHANNEL, (memberId) => {
      this.#forgetLocally(memberId);
    });
    this.#timer = setInterval(() => void this.flushTouches(), TOUCH_FLUSH_MS);
    this.#timer.unref();
  }

  /** Writes what is pending and stops listening. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.flushTouches();
    await this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#clear();
  }

  async create(input: {
    brandCode: string;
    memberId: bigint;
    ip: string;
    deviceNo: string | null;
    userAgent: string | null;
  }): Promise<{ token: string; sessionId: bigint }> {
    const token = newSessionToken();
    const row = await insertSession(this.#db, {
      ...input,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      tokenHash: hashSessionToken(token),
    });
    return { token, sessionId: row.id };
  }

  async resolve(
    token: string,
    context: { brand: { config: { code: string; settings: { sessionIdleMinutes: number } } } },
  ): Promise<ResolvedSession | null> {
    if (token.length > 128) return null;
    const brandCode = context.brand.config.code;
    const idleMs = context.brand.config.settings.sessionIdleMinutes * 60_000;
    const tokenHash = hashSessionToken(token);
    const now = this.#now();
    const cached = this.#usable() ? this.#sessions.get(tokenHash) : undefined;
    if (cached) {
      if (cached.session.brandCode !== brandCode) return null;
      // Anything that may have changed (idle, due for rotation, grace over, long unconfirmed)
      // is decided on the database's record, below.
      const fresh =
        now - cached.lastSeenMs <= idleMs &&
        now - cached.verifiedMs <= VERIFIED_FOR_MS &&
        (cached.current
          ? now - cached.rotatedAtMs <= ROTATE_AFTER_SECONDS * 1000
          : now < cached.graceEndsAtMs);
      if (fresh) {
        cached.lastSeenMs = now;
        if (now - cached.touchedMs > TOUCH_EVERY_SECONDS * 1000)
          this.#touches.set(cached.id, cached);
        return { session: cached.session };
      }
    }
    return this.#resolveFromDatabase(tokenHash, brandCode, idleMs);
  }

  async #resolveFromDatabase(
    tokenHash: string,
    brandCode: string,
    idleMs: number,
  ): Promise<ResolvedSession | null> {
    const revocationsBefore = this.#revocations;
    const live = await findLiveSession(this.#db, brandCode, tokenHash, ROTATION_GRACE_SECONDS);
    if (!live) {
      this.#drop(tokenHash);
      return null;
    }
    const { session } = live;
    if (live.idleSeconds * 1000 > idleMs) {
      await this.end(session.id, 'idle');
      return null;
    }
    const resolved: ResolvedSession = {
      session: {
        sessionId: String(session.id),
        memberId: String(session.memberId),
        brandCode,
        username: live.username,
      },
    };
    const now = this.#now();
    let touched = now - live.idleSeconds * 1000;
    if (live.current && live.ageSinceRotationSeconds > ROTATE_AFTER_SECONDS) {
      const rotated = newSessionToken();
      const rotatedHash = hashSessionToken(rotated);
      if (await rotateSessionToken(this.#db, session.id, tokenHash, rotatedHash)) {
        resolved.rotatedToken = rotated;
        if (this.#revocations === revocationsBefore) {
          this.#remember(rotatedHash, live, resolved.session, { current: true, rotatedAtMs: now });
          this.#remember(tokenHash, live, resolved.session, {
            current: false,
            graceEndsAtMs: now + ROTATION_GRACE_SECONDS * 1000,
          });
        }
        return resolved;
      }
    }
    if (live.idleSeconds > TOUCH_EVERY_SECONDS) {
      await touchSessions(this.#db, [session.id]);
      touched = now;
    }
    if (this.#revocations === revocationsBefore) {
      this.#remember(tokenHash, live, resolved.session, { touchedMs: touched });
    }
    return resolved;
  }

  /** Ends one session (logout, idle); every node drops its member's cached sessions. */
  async end(sessionId: bigint, reason: string): Promise<void> {
    const memberId = await revokeSession(this.#db, sessionId, reason);
    if (memberId !== undefined) await this.forgetMember(memberId);
  }

  async endAllOfMember(memberId: bigint, reason: string): Promise<number> {
    const ended = await revokeMemberSessions(this.#db, memberId, reason);
    await this.forgetMember(memberId);
    return ended;
  }

  /**
   * Tells every node to read the member's sessions from the database again: call it after the
   * transaction that revoked them or disabled the member has committed.
   */
  async forgetMember(memberId: bigint): Promise<void> {
    this.#forgetLocally(String(memberId));
    await this.#cache?.publish(REVOKED_CHANNEL, String(memberId));
  }

  /**
   * Writes the activity collected since the last flush in one statement; a session the
   * database no longer holds live is dropped (the backstop should a revocation message be lost).
   */
  async flushTouches(): Promise<void> {
    if (this.#flushing) return this.#flushing;
    if (this.#touches.size === 0) return;
    const batch = [...this.#touches.values()];
    this.#touches.clear();
    const startedMs = this.#now();
    this.#flushing = touchSessions(
      this.#db,
      batch.map((entry) => entry.id),
    )
      .then((liveIds) => {
        const live = new Set(liveIds);
        for (const entry of batch) {
          if (live.has(entry.id)) {
            entry.touchedMs = startedMs;
            entry.verifiedMs = startedMs;
          } else this.#forgetLocally(entry.session.memberId);
        }
      })
      .catch(() => {
        // The database is unreachable: these stay unconfirmed, and are read again in time.
      })
      .finally(() => {
        this.#flushing = undefined;
      });
    return this.#flushing;
  }

  /** Drops everything this node remembers (as a new node would start). */
  forgetAll(): void {
    this.#clear();
  }

  #usable(): boolean {
    if (!this.#cache || !this.#unsubscribe) return false;
    const epoch = this.#cache.subscriptionEpoch();
    if (epoch !== this.#epoch) {
      // Messages may have been missed: nothing remembered can be trusted.
      this.#clear();
      this.#epoch = epoch;
    }
    return epoch >= 0;
  }

  #remember(
    tokenHash: string,
    live: LiveSession,
    session: MemberSession,
    overrides: Partial<Pick<Cached, 'current' | 'rotatedAtMs' | 'graceEndsAtMs' | 'touchedMs'>>,
  ): void {
    if (!this.#usable()) return;
    const now = this.#now();
    if (this.#sessions.size >= CACHE_SIZE) {
      const oldest = this.#sessions.keys().next();
      if (!oldest.done) this.#drop(oldest.value);
    }
    this.#drop(tokenHash);
    this.#sessions.set(tokenHash, {
      session,
      id: live.session.id,
      current: live.current,
      rotatedAtMs: now - live.ageSinceRotationSeconds * 1000,
      graceEndsAtMs: live.current
        ? 0
        : live.session.rotatedAt.getTime() + ROTATION_GRACE_SECONDS * 1000,
      lastSeenMs: now,
      touchedMs: now,
      verifiedMs: now,
      ...overrides,
    });
    let hashes = this.#byMember.get(session.memberId);
    if (!hashes) {
      hashes = new Set();
      this.#byMember.set(session.memberId, hashes);
    }
    hashes.add(tokenHash);
  }

  #drop(tokenHash: string): void {
    const entry = this.#sessions.get(tokenHash);
    if (!entry) return;
    this.#sessions.delete(tokenHash);
    this.#touches.delete(entry.id);
    const hashes = this.#byMember.get(entry.session.memberId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.#byMember.delete(entry.session.memberId);
  }

  #forgetLocally(memberId: string): void {
    this.#revocations++;
    for (const tokenHash of [...(this.#byMember.get(memberId) ?? [])]) this.#drop(tokenHash);
  }

  #clear(): void {
    this.#revocations++;
    this.#sessions.clear();
    this.#byMember.clear();
    this.#touches.clear();
  }
}
