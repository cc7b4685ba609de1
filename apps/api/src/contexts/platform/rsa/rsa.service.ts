import {
  constants,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { appError } from '../../../lib/app-error.ts';
import { RSA_ERRORS } from './rsa.errors.ts';

/**
 * The key pair that browsers encrypt passwords with (RSA-OAEP, SHA-256). The private key never
 * leaves this object: it is not logged, not serialised, not sent.
 */
export class RsaKeys {
  readonly publicKeyPem: string;
  readonly #privateKey: KeyObject;

  constructor(privateKey: KeyObject) {
    this.#privateKey = privateKey;
    this.publicKeyPem = createPublicKey(privateKey)
      .export({ type: 'spki', format: 'pem' })
      .toString();
  }

  /** A fresh pair in memory (tests, or a node that is given no key). */
  static generate(): RsaKeys {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return new RsaKeys(privateKey);
  }

  /**
   * The pair kept in `file` (PKCS#8 PEM, mode 0600), created on first start. Several API nodes
   * must share one file (or RSA_PRIVATE_KEY) so that any node can read what a browser encrypted.
   */
  static loadOrCreate(file: string): RsaKeys {
    if (existsSync(file)) {
      return new RsaKeys(createPrivateKey(readFileSync(file, 'utf8')));
    }
    const keys = RsaKeys.generate();
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, keys.#privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
      flag: 'wx',
    });
    chmodSync(file, 0o600);
    return keys;
  }

  /** The pair of a PKCS#8 (or PKCS#1) PEM private key; throws on anything but an RSA key. */
  static fromPem(pem: string): RsaKeys {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') {
      throw new Error(`not an RSA private key (${key.asymmetricKeyType ?? 'unknown type'})`);
    }
    return new RsaKeys(key);
  }

  /**
   * The public key's SHA-256 (over its SPKI DER, hex): names the pair in logs and events
   * without showing anything secret.
   */
  get fingerprint(): string {
    const der = createPublicKey(this.publicKeyPem).export({ type: 'spki', format: 'der' });
    return createHash('sha256').update(der).digest('hex');
  }

  /**
   * The plain text of a browser's RSA-OAEP SHA-256 base64 ciphertext. Anything else, a plain
   * password included, is refused with `password_encryption`.
   */
  decrypt(base64: string): string {
    try {
      const plain = privateDecrypt(
        { key: this.#privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64, 'base64'),
      );
      return plain.toString('utf8');
    } catch {
      throw appError(RSA_ERRORS, 'password_encryption');
    }
  }

  /**
   * A secret for another purpose (`label`), derived from the private key: every node that shares
   * the key file shares it, and no second secret needs configuring. The key itself never leaves.
   */
  deriveSecret(label: string): Buffer {
    const der = this.#privateKey.export({ type: 'pkcs8', format: 'der' });
    return createHmac('sha256', der).update(`lobby:${label}`).digest();
  }

  /** Keeps the private key out of logs and JSON. */
  toJSON(): { publicKeyPem: string } {
    return { publicKeyPem: this.publicKeyPem };
  }
}
