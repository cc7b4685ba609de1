import { createHash, randomBytes } from 'node:crypto';
import {
  catalogGame,
  catalogPlatform,
  type CatalogGame,
  type CatalogPlatform,
  type LaunchResponse,
} from '@lobby/game-protocol';
import type { SimDatabase } from '../db/database.ts';
import {
  consumeLaunch,
  findLaunch,
  findLiveSession,
  insertLaunch,
  insertSession,
} from './session.repository.ts';

export const LAUNCH_TTL_MS = 10 * 60_000;
export const SESSION_TTL_MS = 12 * 60 * 60_000;

export type Lang = 'zh-CN' | 'zh-TW' | 'en';
const LANGS: readonly string[] = ['zh-CN', 'zh-TW', 'en'];

function asLang(text: string): Lang {
  return LANGS.includes(text) ? (text as Lang) : 'en';
}

/** A live play session: who plays which game, in which language. */
export type PlaySession = {
  platform: CatalogPlatform;
  game: CatalogGame;
  player: string;
  lang: Lang;
  returnUrl: string | null;
};

/** Launch tokens and session ids are 256 random bits; only their SHA-256 is stored. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export type OpenedLaunch =
  | { kind: 'opened'; sessionId: string; session: PlaySession }
  /** The token was used or expired: the page says so in the launch's language. */
  | { kind: 'gone'; lang: Lang }
  | { kind: 'unknown' };

/** One-time launch URLs and the play sessions they open. */
export class SessionService {
  readonly #database: SimDatabase;
  readonly #publicUrl: string;

  constructor(database: SimDatabase, publicUrl: string) {
    this.#database = database;
    this.#publicUrl = publicUrl;
  }

  async createLaunch(input: {
    platformId: number;
    player: string;
    gameCode: string;
    lang: Lang;
    returnUrl: string | undefined;
    now: Date;
  }): Promise<LaunchResponse> {
    const token = newSecret();
    const expiresAt = new Date(input.now.getTime() + LAUNCH_TTL_MS);
    await insertLaunch(this.#database, {
      token_hash: hashOf(token),
      platform_id: input.platformId,
      player: input.player,
      game_code: input.gameCode,
      lang: input.lang,
      return_url: input.returnUrl ?? null,
      created_at: input.now,
      expires_at: expiresAt,
    });
    return { url: `${this.#publicUrl}/play/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The platform and language of a launch, without consuming it (maintenance pages). */
  async peekLaunch(token: string): Promise<{ platformId: number; lang: Lang } | null> {
    if (!SECRET_PATTERN.test(token)) return null;
    const launch = await findLaunch(this.#database, hashOf(token));
    return launch ? { platformId: launch.platform_id, lang: asLang(launch.lang) } : null;
  }

  /** Consumes a launch token (once) and opens a play session for it. */
  async openLaunch(token: string, now: Date): Promise<OpenedLaunch> {
    if (!SECRET_PATTERN.test(token)) return { kind: 'unknown' };
    const tokenHash = hashOf(token);
    return this.#database.transaction(async (tx): Promise<OpenedLaunch> => {
      const launch = await consumeLaunch(tx, tokenHash, now);
      if (!launch) {
        const known = await findLaunch(tx, tokenHash);
        return known ? { kind: 'gone', lang: asLang(known.lang) } : { kind: 'unknown' };
      }
      const sessionId = newSecret();
      await insertSession(tx, {
        session_hash: hashOf(sessionId),
        platform_id: launch.platform_id,
        player: launch.player,
        game_code: launch.game_code,
        lang: launch.lang,
        return_url: launch.return_url,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      });
      const session = toSession(launch);
      if (!session) return { kind: 'unknown' };
      return { kind: 'opened', sessionId, session };
    });
  }

  /** The live session of an id, or null (unknown or expired). */
  async resolve(sessionId: string, now: Date): Promise<PlaySession | null> {
    if (!SECRET_PATTERN.test(sessionId)) return null;
    const row = await findLiveSession(this.#database, hashOf(sessionId), now);
    return row ? toSession(row) : null;
  }
}

function toSession(row: {
  platform_id: number;
  game_code: string;
  player: string;
  lang: string;
  return_url: string | null;
}): PlaySession | null {
  const platform = catalogPlatform(row.platform_id);
  const game = catalogGame(row.platform_id, row.game_code);
  if (!platform || !game) return null;
  return {
    platform,
    game,
    player: row.player,
    lang: asLang(row.lang),
    returnUrl: row.return_url,
  };
}
