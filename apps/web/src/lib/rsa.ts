/**
 * Encrypts sensitive text (a password) with the server's RSA public key before sending it
 * (SPEC.md sections 5 and 8, DESIGN.md section 5): RSA-OAEP with SHA-256 via WebCrypto,
 * result in base64. Failures are not swallowed: a caller must never fall back to sending
 * the plain text, so every error (bad key, text too long) rejects as it came.
 */

const PEM_ARMOUR = /-----(BEGIN|END) [A-Z ]+-----/g;

/** The DER bytes of a PEM public key (SubjectPublicKeyInfo); bare base64 is accepted too. */
export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  if (/-----BEGIN RSA PUBLIC KEY-----/.test(pem)) {
    // PKCS#1 keys need re-wrapping that WebCrypto does not do; the server must serve SPKI.
    throw new TypeError('RSA public key must be SPKI ("BEGIN PUBLIC KEY"), not PKCS#1');
  }
  const base64 = pem.replace(PEM_ARMOUR, '').replace(/\s+/g, '');
  if (base64 === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    throw new TypeError('RSA public key is not valid PEM');
  }
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function encryptWithPublicKey(pem: string, plainText: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    pemToDer(pem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    key,
    new TextEncoder().encode(plainText),
  );
  return bytesToBase64(new Uint8Array(cipher));
}
