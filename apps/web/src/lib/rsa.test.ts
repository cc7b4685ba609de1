import { beforeAll, describe, expect, it } from 'vitest';
import { bytesToBase64, encryptWithPublicKey, pemToDer } from './rsa.ts';

let keyPair: CryptoKeyPair;
let publicPem: string;

function toPem(der: ArrayBuffer): string {
  const base64 = bytesToBase64(new Uint8Array(der));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

async function decrypt(base64: string): Promise<string> {
  const cipher = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keyPair.privateKey, cipher);
  return new TextDecoder().decode(plain);
}

beforeAll(async () => {
  keyPair = await crypto.subtle.generateKey(
    {
      name: 'RSA-OAEP',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['encrypt', 'decrypt'],
  );
  publicPem = toPem(await crypto.subtle.exportKey('spki', keyPair.publicKey));
});

describe('encryptWithPublicKey', () => {
  it('encrypts so that the private key decrypts the same text', async () => {
    const cipher = await encryptWithPublicKey(publicPem, 'pa55 word 密码');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(atob(cipher)).toHaveLength(256); // one 2048-bit block
    expect(await decrypt(cipher)).toBe('pa55 word 密码');
  });

  it('gives a different cipher text each time (OAEP is randomised)', async () => {
    const first = await encryptWithPublicKey(publicPem, 'same');
    const second = await encryptWithPublicKey(publicPem, 'same');
    expect(first).not.toBe(second);
    expect(await decrypt(second)).toBe('same');
  });

  it('accepts the key without armour or line breaks, and with CRLF lines', async () => {
    const bare = publicPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    expect(await decrypt(await encryptWithPublicKey(bare, 'x'))).toBe('x');
    const crlf = publicPem.replaceAll('\n', '\r\n');
    expect(await decrypt(await encryptWithPublicKey(crlf, 'y'))).toBe('y');
  });

  it('encrypts an empty text', async () => {
    expect(await decrypt(await encryptWithPublicKey(publicPem, ''))).toBe('');
  });

  it.each([
    ['empty', ''],
    ['armour only', '-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----'],
    ['not base64', '-----BEGIN PUBLIC KEY-----\n%%%%\n-----END PUBLIC KEY-----'],
    ['base64 but not a key', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'],
    ['PKCS#1', '-----BEGIN RSA PUBLIC KEY-----\nMIIBCgKCAQEA\n-----END RSA PUBLIC KEY-----'],
  ])('rejects a bad key: %s', async (_name, pem) => {
    await expect(encryptWithPublicKey(pem, 'secret')).rejects.toThrow();
  });

  it('rejects a text too long for one OAEP block rather than sending anything', async () => {
    // 2048-bit RSA-OAEP with SHA-256 holds at most 256 - 2 * 32 - 2 = 190 bytes.
    await expect(encryptWithPublicKey(publicPem, 'x'.repeat(191))).rejects.toThrow();
    expect(await decrypt(await encryptWithPublicKey(publicPem, 'x'.repeat(190)))).toHaveLength(190);
  });

  it('rejects a key made for another algorithm', async () => {
    const signing = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const ecPem = toPem(await crypto.subtle.exportKey('spki', signing.publicKey));
    await expect(encryptWithPublicKey(ecPem, 'secret')).rejects.toThrow();
  });
});

describe('pemToDer', () => {
  it('decodes base64 between the armour lines', () => {
    expect(
      Array.from(pemToDer('-----BEGIN PUBLIC KEY-----\nAQID\n-----END PUBLIC KEY-----')),
    ).toEqual([1, 2, 3]);
  });

  it('throws a TypeError on text that is not PEM', () => {
    expect(() => pemToDer('hello world!')).toThrow(TypeError);
  });
});
