import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (OWASP's recommended parameters: 19 MiB, 2 iterations, 1 lane, which are the
 * library's defaults). The salt and parameters live in the encoded hash.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 /* argon2id */ });
}

/** A hash of nothing anyone knows, checked when there is no account, so timing tells nothing. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  encodedHash: string | null,
  password: string,
): Promise<boolean> {
  if (encodedHash === null) {
    dummyHash ??= hashPassword(`no-account-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(encodedHash, password);
  } catch {
    return false;
  }
}
