import { createHmac, timingSafeEqual } from 'node:crypto';
import { uploadEndpoint } from '@lobby/contracts';

/** Signed addresses last until the end of the next whole hour: one to two hours. */
const WINDOW_SECONDS = 3600;
/** Identity documents' addresses last until the end of the next five minutes: five to ten. */
const DOCUMENT_WINDOW_SECONDS = 300;

/**
 * Signed addresses of private uploads (feedback images). An `<img>` cannot send the member's
 * token header or an operator's bearer token, so the answers that show such an image (the
 * owner's ticket, the operator's view of it) carry an address signed for that image with an
 * expiry. The expiry is rounded to the hour so the address stays the same between calls and
 * the browser can cache the image.
 */
export class UploadUrlSigner {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length < 32) throw new Error('upload url key must be at least 32 bytes');
    this.#key = key;
  }

  /** The signed address of an upload. */
  sign(id: string, now: Date = new Date()): string {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const expires = (Math.floor(nowSeconds / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
    return `${uploadEndpoint.path}/${id}?expires=${expires}&signature=${this.#signature(id, expires)}`;
  }

  /** True when the signature is this id's, with this expiry, and the expiry is still ahead. */
  verify(
    id: string,
    expires: string | undefined,
    signature: string | undefined,
    now: Date = new Date(),
  ): boolean {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
    const expiresSeconds = Number(expires);
    if (expiresSeconds * 1000 <= now.getTime()) return false;
    const expected = Buffer.from(this.#signature(id, expiresSeconds));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * The short-lived address of an identity document (purpose `kyc`), bound to its brand: it
   * names the brand (the operator console is not served on the brand's host), expires within
   * five to ten minutes, and only this signature serves such an image to someone other than its
   * owner. Issued only by answers that checked the reader: the owner, or an operator holding
   * `kyc.review` in the brand.
   */
  signDocument(id: string, brandCode: string, now: Date = new Date()): string {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const expires =
      (Math.floor(nowSeconds / DOCUMENT_WINDOW_SECONDS) + 2) * DOCUMENT_WINDOW_SECONDS;
    const signature = this.#signature(`document:${brandCode}:${id}`, expires);
    return `${uploadEndpoint.path}/${id}?brand=${encodeURIComponent(brandCode)}&expires=${expires}&signature=${signature}`;
  }

  /** True when the signature is a document address of this id and brand, not yet expired. */
  verifyDocument(
    id: string,
    brandCode: string,
    expires: string | undefined,
    signature: string | undefined,
    now: Date = new Date(),
  ): boolean {
    return this.verify(`document:${brandCode}:${id}`, expires, signature, now);
  }

  #signature(id: string, expires: number): string {
    return createHmac('sha256', this.#key).update(`${id}:${expires}`).digest('base64url');
  }
}
