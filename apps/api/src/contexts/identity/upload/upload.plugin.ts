import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { UploadUrlSigner } from './upload-url-signer.ts';
import { uploadRoutes } from './upload.routes.ts';

/** Member image uploads and serving them back. */
export async function uploadModule(
  app: FastifyInstance,
  options: {
    db: Database;
    signer: UploadUrlSigner;
    onAvatarUploaded(memberId: bigint, url: string): Promise<void>;
  },
) {
  await app.register(uploadRoutes, options);
}
