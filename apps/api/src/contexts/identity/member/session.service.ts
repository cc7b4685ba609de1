import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import type { ResolvedSession, SessionResolver } from '../../../plugins/session.ts';
import {
  findLiveSession,
  insertSession,
  revokeMemberSessions,
  revokeSession,
  rotateSessionToken,
  touchSession,
} from './session.repository.ts';

/** A session token is rotated through the `id` header once it is this old. */
export const ROTATE_AFTER_SECONDS = 15 * 60;
/** After a rotation the previous token still works this long, for requests already in flight. */
export const ROTATION_GRACE_SECONDS = 120;
/** Activity refreshes the idle timer at most this often, to spare a write per request. */
const TOUCH_EVERY_SECONDS = 60;

/** 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Member sessions: opaque random tokens stored as SHA-256 hashes, bound to a brand, ended by
 * inactivity (the brand's setting), logout, or a password change; rotated every 15 minutes.
 */
export class SessionService implements SessionResolver {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
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
    const tokenHash = hashSessionToken(token);
    const live = await findLiveSession(this.#db, brandCode, tokenHash, ROTATION_GRACE_SECONDS);
    if (!live) return null;
    const { session } = live;
    if (live.idleSeconds > context.brand.config.settings.sessionIdleMinutes * 60) {
      await revokeSession(this.#db, session.id, 'idle');
      return null;
    }
    const resolved: ResolvedSession = {
      session: { sessionId: String(session.id), memberId: String(session.memberId), brandCode },
    };
    if (live.current && live.ageSinceRotationSeconds > ROTATE_AFTER_SECONDS) {
      const rotated = newSessionToken();
      if (await rotateSessionToken(this.#db, session.id, tokenHash, hashSessionToken(rotated))) {
        resolved.rotatedToken = rotated;
        return resolved;
      }
    }
    if (live.idleSeconds > TOUCH_EVERY_SECONDS) await touchSession(this.#db, session.id);
    return resolved;
  }

  async end(sessionId: bigint, reason: string): Promise<void> {
    await revokeSession(this.#db, sessionId, reason);
  }

  async endAllOfMember(memberId: bigint, reason: string): Promise<number> {
    return revokeMemberSessions(this.#db, memberId, reason);
  }
}
