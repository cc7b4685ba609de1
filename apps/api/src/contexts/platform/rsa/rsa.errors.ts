import { defineErrorCodes } from '@lobby/contracts';

export const RSA_ERRORS = defineErrorCodes({
  /** A password that is not RSA-OAEP SHA-256 ciphertext of our public key (a plain one, say). */
  password_encryption: 400,
});
