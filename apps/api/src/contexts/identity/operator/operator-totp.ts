import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * The second factor of operator logins: TOTP (RFC 6238, otplib: SHA-1, six digits, 30-second
 * steps, as every authenticator app reads them), one-time recovery codes, and the address
 * allow-list.
 */

/** The issuer an authenticator app shows beside the operator's name. */
export const TOTP_ISSUER = 'Lobby back office';
/** Recovery codes issued at enrolment. */
export const RECOVERY_CODE_COUNT = 10;
/** Seconds of clock drift accepted either way: one step. */
const DRIFT_SECONDS = 30;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Seals TOTP secrets at rest with AES-256-GCM (`iv.tag.ciphertext`, base64url). */
export class TotpVault {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the TOTP vault needs a 32-byte key');
    this.#key = key;
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
  }

  open(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) throw new Error('a sealed TOTP secret is malformed');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from a QR code. */
export function totpUri(secret: string, username: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret });
}

/**
 * The time step of a right code, or null. A step at or before `afterStep` (the last one
 * accepted) is refused, so a code that has been used, or seen over a shoulder, logs in once.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: DRIFT_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => ({ valid: false as const }));
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Fresh recovery codes, `XXXX-XXXX` from letters and digits that cannot be misread. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from(
      { length: 8 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${characters.slice(0, 4)}-${characters.slice(4)}`;
  });
}

/** What is stored of a recovery code: its hash, whatever case and dash it was typed with. */
export function hashRecoveryCode(code: string): string {
  const normal = code.trim().toUpperCase().replace('-', '');
  return createHash('sha256').update(`lobby-recovery:${normal}`).digest('hex');
}

/** An allow-list entry: an IPv4 or IPv6 address, or a CIDR range of one. */
export function isAllowListEntry(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : 0;
  if (family === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** Whether `ip` may use an operator account with this allow-list (empty: any address). */
export function ipAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const list = new BlockList();
  for (const entry of allowList) {
    if (!isAllowListEntry(entry)) continue;
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
