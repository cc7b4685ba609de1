import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import { RsaKeys } from './rsa.service.ts';

const encrypt = (pem: string, text: string) =>
  publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(text),
  ).toString('base64');

describe('RsaKeys', () => {
  it('decrypts what the public key encrypted with OAEP SHA-256', () => {
    const keys = RsaKeys.generate();
    expect(keys.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(keys.decrypt(encrypt(keys.publicKeyPem, 'Secret123'))).toBe('Secret123');
  });

  it('refuses plain text, garbage and another key with password_encryption', () => {
    const keys = RsaKeys.generate();
    const other = RsaKeys.generate();
    for (const input of ['Secret123', 'AAAA', encrypt(other.publicKeyPem, 'x')]) {
      expect(() => keys.decrypt(input)).toThrow(AppError);
      try {
        keys.decrypt(input);
      } catch (error) {
        expect((error as AppError).code).toBe('password_encryption');
      }
    }
  });

  it('keeps the pair in a 0600 file, the same pair on the next start', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lobby-rsa-')), 'keys', 'rsa-private.pem');
    const first = RsaKeys.loadOrCreate(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = RsaKeys.loadOrCreate(file);
    expect(second.publicKeyPem).toBe(first.publicKeyPem);
    expect(second.decrypt(encrypt(first.publicKeyPem, 'again'))).toBe('again');
  });

  it('never shows its private key in JSON', () => {
    const keys = RsaKeys.generate();
    expect(JSON.stringify({ keys })).not.toMatch(/PRIVATE KEY/);
  });

  it('reads a PEM RSA key, refuses another kind, and names a pair by its public key only', () => {
    const keys = RsaKeys.generate();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const read = RsaKeys.fromPem(pem);
    expect(read.fingerprint).toBe(RsaKeys.fromPem(pem).fingerprint);
    expect(read.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(read.fingerprint).not.toBe(keys.fingerprint);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => RsaKeys.fromPem(ec)).toThrow(/not an RSA private key \(ec\)/);
    expect(() => RsaKeys.fromPem('not a key')).toThrow();
  });
});
