import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  UPLOAD_IMAGE_LIMIT_BYTES,
  UPLOAD_IMAGE_TYPES,
  uploadEndpoint,
  type UploadPurpose,
} from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { appError, commonError } from '../../../lib/app-error.ts';
import { UPLOAD_ERRORS } from './upload.errors.ts';
import { findUpload, insertUpload } from './upload.repository.ts';

export type StoredUpload = { id: string; url: string; contentType: string };

const ID_PATTERN = /^[0-9a-f]{32}$/;
const ACCEPTED_TYPES: readonly string[] = UPLOAD_IMAGE_TYPES;
/**
 * Purposes whose files only their owner and operators may see; avatars are public. Chat images
 * are stored by the chat module (a guest has no member id), and shown to the conversation's
 * visitor and the operators through signed addresses.
 */
const PRIVATE_PURPOSES: readonly string[] = [
  ...(['feedback', 'kyc'] satisfies UploadPurpose[]),
  'chat',
];
/**
 * Identity documents (KYC): besides their owner, only the short-lived address bound to their brand
 * (UploadUrlSigner.signDocument) reads them; the hour-long address of other private images does
 * not.
 */
const DOCUMENT_PURPOSES: readonly string[] = ['kyc'] satisfies UploadPurpose[];

/** Where an upload is served. */
export function uploadUrl(id: string): string {
  return `${uploadEndpoint.path}/${id}`;
}

/**
 * The image type of some bytes, judged by their content alone: the name and the type the
 * browser declared are ignored, so a script renamed `.png` or an SVG (which can carry script)
 * never passes as an image. Null when the content is not an accepted image.
 */
export async function detectImageType(bytes: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected && ACCEPTED_TYPES.includes(detected.mime) ? detected.mime : null;
}

/**
 * Member images (avatars, feedback screenshots), kept in the database so every node serves
 * them. `onAvatarUploaded` lets the member module point the member's avatar at a new picture.
 */
export class UploadService {
  private readonly db: Database;
  private readonly onAvatarUploaded: (memberId: bigint, url: string) => Promise<void>;

  constructor(options: {
    db: Database;
    onAvatarUploaded: (memberId: bigint, url: string) => Promise<void>;
  }) {
    this.db = options.db;
    this.onAvatarUploaded = options.onAvatarUploaded;
  }

  /** Stores an image; refuses other content with `upload_type` and big ones with `body_too_large`. */
  async store(input: {
    brandCode: string;
    memberId: bigint;
    purpose: UploadPurpose;
    bytes: Buffer;
  }): Promise<StoredUpload> {
    if (input.bytes.length > UPLOAD_IMAGE_LIMIT_BYTES) throw commonError('body_too_large');
    const contentType = await detectImageType(input.bytes);
    if (contentType === null) throw appError(UPLOAD_ERRORS, 'upload_type');
    const id = randomBytes(16).toString('hex');
    await insertUpload(this.db, {
      id,
      brandCode: input.brandCode,
      memberId: input.memberId,
      purpose: input.purpose,
      contentType,
      byteSize: input.bytes.length,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      data: input.bytes,
    });
    const url = uploadUrl(id);
    if (input.purpose === 'avatar') await this.onAvatarUploaded(input.memberId, url);
    return { id, url, contentType };
  }

  /**
   * An upload of the brand, for serving; `not_found` for unknown ids and other brands' files.
   * Feedback images are private: only a signed address (UploadUrlSigner) or the owner's own
   * session reads them, and anyone else gets the same `not_found` as for a missing file.
   * Identity documents need the document address (`documentSigned`) or the owner's session.
   */
  async read(
    brandCode: string,
    id: string,
    access: { memberId: bigint | null; signed: boolean; documentSigned?: boolean } = {
      memberId: null,
      signed: false,
    },
  ): Promise<{
    contentType: string;
    data: Buffer;
    sha256: string;
    isPrivate: boolean;
    isDocument: boolean;
  }> {
    const upload = ID_PATTERN.test(id) ? await findUpload(this.db, brandCode, id) : null;
    if (!upload) throw commonError('not_found');
    const isPrivate = PRIVATE_PURPOSES.includes(upload.purpose);
    const isDocument = DOCUMENT_PURPOSES.includes(upload.purpose);
    const isOwner = upload.memberId !== null && upload.memberId === access.memberId;
    const signed = isDocument ? access.documentSigned === true : access.signed;
    if (isPrivate && !signed && !isOwner) throw commonError('not_found');
    return {
      contentType: upload.contentType,
      data: upload.data,
      sha256: upload.sha256,
      isPrivate,
      isDocument,
    };
  }
}
