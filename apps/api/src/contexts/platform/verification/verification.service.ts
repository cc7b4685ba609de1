import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language, OutboxMessage, VerificationPurpose } from '@lobby/contracts';
import type { Cache } from '../../../cache/index.ts';
import type { Database } from '../../../db/client.ts';
import { appError } from '../../../lib/app-error.ts';
import { maskEmail, maskPhone } from './mask.ts';
import { OutboxProvider, recordOutboxMessage, type MessageProvider } from './message-providers.ts';
import { VERIFICATION_ERRORS } from './verification.errors.ts';
import { verificationMessage } from './verification.messages.ts';
import { listOutboxMessages } from './verification.repository.ts';

/** How long a code may be used. */
export const CODE_TTL_SECONDS = 5 * 60;
/** How long a target waits between two codes. */
export const CODE_RESEND_SECONDS = 60;
/** Codes one target may receive in 24 hours. */
export const CODES_PER_DAY = 10;
/** Wrong tries that burn a code. */
export const CODE_MAX_ATTEMPTS = 5;
/** Messages the dev outbox lists. */
export const DEV_OUTBOX_LIMIT = 20;

const DAY_MS = 24 * 60 * 60_000;

export type VerificationTarget =
  { channel: 'sms'; areaCode: string; phone: string } | { channel: 'email'; email: string };

export type SendCodeResult = {
  /** The target, masked. */
  sentTo: string;
  resendAfterSeconds: number;
  expiresInSeconds: number;
};

/** The form a target is stored and addressed in: `+8613812345678`, or the lower-case address. */
export function targetRecipient(target: VerificationTarget): string {
  return target.channel === 'sms'
    ? `+${target.areaCode.trim()}${target.phone.trim()}`
    : target.email.trim().toLowerCase();
}

function maskTarget(target: VerificationTarget): string {
  return target.channel === 'sms'
    ? maskPhone(target.areaCode, target.phone)
    : maskEmail(target.email);
}

/**
 * Codes are kept hashed, bound to brand, purpose and target, so the cache never holds a usable
 * code and one made for a purpose or target cannot be replayed for another.
 */
function hashCode(brandCode: string, purpose: string, recipient: string, code: string): string {
  return createHash('sha256')
    .update(`${brandCode}\n${purpose}\n${recipient}\n${code}`)
    .digest('hex');
}

function sameHash(left: string, right: string): boolean {
  const leftBytes = Buffer.from(left);
  const rightBytes = Buffer.from(right);
  return leftBytes.length === rightBytes.length && timingSafeEqual(leftBytes, rightBytes);
}

const seconds = (milliseconds: number) => milliseconds / 1000;

/**
 * Six-digit codes by SMS or e-mail for registering, password recovery and binding. A code lasts
 * five minutes, is used once, and is burnt after five wrong tries; a target gets one code a
 * minute per purpose and ten a day, whichever brands ask.
 */
export class VerificationService {
  private readonly db: Database;
  private readonly cache: Cache;
  private readonly providers: { sms: MessageProvider; email: MessageProvider };

  constructor(options: {
    db: Database;
    cache: Cache;
    providers: { sms: MessageProvider; email: MessageProvider };
  }) {
    this.db = options.db;
    this.cache = options.cache;
    this.providers = options.providers;
  }

  /** Makes a code, keeps it hashed, and sends it in the member's language. */
  async send(input: {
    brandCode: string;
    siteName: string;
    purpose: VerificationPurpose;
    target: VerificationTarget;
    language: Language;
  }): Promise<SendCodeResult> {
    const { brandCode, purpose, target } = input;
    const recipient = targetRecipient(target);
    const keys = cacheKeys(brandCode, purpose, recipient);

    // The interval and the daily cap are per target across brands (see cacheKeys).
    const resendMs = CODE_RESEND_SECONDS * 1000;
    if (!(await this.cache.setIfAbsent(keys.resend, '1', resendMs))) {
      const left = (await this.cache.ttlMs(keys.resend)) ?? resendMs;
      throw appError(VERIFICATION_ERRORS, 'code_resend_too_soon', {
        retryAfterSeconds: seconds(left),
      });
    }
    const sentToday = await this.cache.increment(keys.daily, DAY_MS);
    if (sentToday > CODES_PER_DAY) {
      await this.cache.delete(keys.resend);
      const left = (await this.cache.ttlMs(keys.daily)) ?? DAY_MS;
      throw appError(VERIFICATION_ERRORS, 'code_daily_limit', { retryAfterSeconds: seconds(left) });
    }

    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.cache.set(
      keys.code,
      hashCode(brandCode, purpose, recipient, code),
      CODE_TTL_SECONDS * 1000,
    );
    await this.cache.delete(keys.attempts);

    const text = verificationMessage({
      language: input.language,
      siteName: input.siteName,
      code,
      minutes: CODE_TTL_SECONDS / 60,
    });
    const message = { brandCode, channel: target.channel, to: recipient, purpose, ...text };
    const provider = this.providers[target.channel];
    try {
      await provider.send(message);
    } catch (error) {
      // Nothing was sent: the member may ask again at once.
      await this.cache.delete(keys.code);
      await this.cache.delete(keys.resend);
      const failure = appError(VERIFICATION_ERRORS, 'code_send_failed');
      failure.cause = error;
      throw failure;
    }
    // The outbox provider's delivery is its record; every other provider's message is recorded
    // too, so operators see what was sent whatever carried it.
    if (!(provider instanceof OutboxProvider)) {
      await recordOutboxMessage(this.db, message, provider.name);
    }
    return {
      sentTo: maskTarget(target),
      resendAfterSeconds: CODE_RESEND_SECONDS,
      expiresInSeconds: CODE_TTL_SECONDS,
    };
  }

  /**
   * Checks a code and uses it up. Throws `code_wrong` when it is wrong, unknown or expired; the
   * fifth wrong try burns it, so even the right code fails afterwards.
   */
  async consume(input: {
    brandCode: string;
    purpose: VerificationPurpose;
    target: VerificationTarget;
    code: string;
  }): Promise<void> {
    const { brandCode, purpose } = input;
    const recipient = targetRecipient(input.target);
    const keys = cacheKeys(brandCode, purpose, recipient);
    const wrong = () => appError(VERIFICATION_ERRORS, 'code_wrong');

    const stored = await this.cache.get(keys.code);
    if (stored === null) throw wrong();
    // Every try is counted before it is compared, so parallel guesses get no more than the
    // allowed number of comparisons between them.
    const attempt = await this.cache.increment(keys.attempts, CODE_TTL_SECONDS * 1000);
    if (attempt > CODE_MAX_ATTEMPTS) {
      await this.cache.delete(keys.code);
      throw wrong();
    }
    const submitted = hashCode(brandCode, purpose, recipient, input.code.trim());
    if (!sameHash(stored, submitted)) {
      if (attempt === CODE_MAX_ATTEMPTS) await this.cache.delete(keys.code);
      throw wrong();
    }
    // Taking it makes the code single use even when two requests carry it at once.
    const taken = await this.cache.take(keys.code);
    await this.cache.delete(keys.attempts);
    if (taken === null || !sameHash(taken, submitted)) throw wrong();
  }
}

function cacheKeys(brandCode: string, purpose: string, recipient: string) {
  return {
    // A code belongs to its brand: one brand's code never opens another brand's account.
    code: `verify:code:${brandCode}:${purpose}:${recipient}`,
    attempts: `verify:attempts:${brandCode}:${purpose}:${recipient}`,
    // The limits belong to the target, one phone or one address whatever brand asks, so that
    // nobody can flood a phone through the brands. The wait between sends is per purpose, so
    // binding an e-mail does not block resetting a password with it a moment later; the daily
    // cap counts every purpose and brand, which bounds floods.
    resend: `verify:resend:${purpose}:${recipient}`,
    daily: `verify:daily:${recipient}`,
  };
}

/**
 * The recipient a dev-outbox query names: `+8613812345678` or `8613812345678` for a phone (area
 * code first), or an e-mail address in any case. Null when it is neither.
 */
export function outboxRecipient(to: string): string | null {
  const text = to.trim();
  if (text.includes('@')) return text.toLowerCase();
  const digits = text.replace(/^\+/, '');
  return /^\d{3,20}$/.test(digits) ? `+${digits}` : null;
}

/** Outside production: the latest messages to a target in a brand, newest first. */
export async function recentOutboxMessages(
  db: Database,
  brandCode: string,
  to: string,
): Promise<OutboxMessage[]> {
  const recipient = outboxRecipient(to);
  if (recipient === null) return [];
  const rows = await listOutboxMessages(db, { brandCode, recipient, limit: DEV_OUTBOX_LIMIT });
  return rows.map((row) => ({
    channel: row.channel,
    to: row.recipient,
    purpose: row.purpose,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}
