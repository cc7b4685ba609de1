import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureEnvelopeSchema, uploadEndpoint } from '@lobby/contracts';
import type { Database } from '../../../db/client.ts';
import { commonError } from '../../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../../lib/envelope.ts';
import { readImageForm } from './image-form.ts';
import type { UploadUrlSigner } from './upload-url-signer.ts';
import { UploadService } from './upload.service.ts';

/** A year: an upload's bytes never change under its id. */
const SERVE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Private images stay out of shared caches; the browser keeps them as long as the signature. */
const PRIVATE_CACHE_CONTROL = 'private, max-age=3600';
/** Identity documents are kept by no cache at all. */
const DOCUMENT_CACHE_CONTROL = 'private, no-store';

/**
 * Member image uploads (avatar, feedback) and serving them back. Files are judged by content,
 * stored in the database, and served only on the brand they were uploaded to.
 */
export async function uploadRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    /** Checks the signed addresses of private uploads (feedback images). */
    signer: UploadUrlSigner;
    /** Called after an avatar is stored, with the member and the picture's address. */
    onAvatarUploaded(memberId: bigint, url: string): Promise<void>;
  },
) {
  const uploads = new UploadService({
    db: options.db,
    onAvatarUploaded: (memberId, url) => options.onAvatarUploaded(memberId, url),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    uploadEndpoint.path,
    {
      config: { access: 'member', rateLimitBucket: 'upload' },
      schema: {
        tags: ['member'],
        summary: 'Upload an image (PNG, JPEG, WebP, GIF; 2 MB): multipart `file` and `purpose`',
        consumes: ['multipart/form-data'],
        response: envelopeResponses(uploadEndpoint.response),
      },
    },
    async (request) => {
      const member = request.member;
      if (!member) throw commonError('token');
      const form = await readImageForm(request, uploadEndpoint.fields);
      return ok(
        await uploads.store({
          brandCode: request.brand.config.code,
          memberId: BigInt(member.memberId),
          purpose: form.purpose,
          bytes: form.bytes,
        }),
      );
    },
  );

  // Untyped replies: the answer is the image's bytes, which no envelope schema describes.
  app.get<{
    Params: { id: string };
    Querystring: { brand?: string; expires?: string; signature?: string };
  }>(
    `${uploadEndpoint.path}/:id`,
    {
      // A member session, when sent, lets the owner read a private image without a signature.
      config: { access: 'optional' },
      schema: {
        tags: ['member'],
        summary:
          'An uploaded image, as stored. Feedback images need the signed address their ticket ' +
          'answers (expires, signature) or the owner session; identity documents the ' +
          'short-lived address naming their brand (brand, expires, signature)',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({
          brand: z.string().max(32).optional(),
          expires: z.string().max(16).optional(),
          signature: z.string().max(64).optional(),
        }),
        response: { '4xx': failureEnvelopeSchema, '5xx': failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { brand, expires, signature } = request.query;
      // A document address names its brand: read there, and only with that signature.
      const upload = await uploads.read(brand ?? request.brand.config.code, id, {
        memberId: request.member ? BigInt(request.member.memberId) : null,
        signed: brand === undefined && options.signer.verify(id, expires, signature),
        documentSigned:
          brand !== undefined && options.signer.verifyDocument(id, brand, expires, signature),
      });
      return reply
        .type(upload.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header(
          'cache-control',
          upload.isDocument
            ? DOCUMENT_CACHE_CONTROL
            : upload.isPrivate
              ? PRIVATE_CACHE_CONTROL
              : SERVE_CACHE_CONTROL,
        )
        .header('etag', `"${upload.sha256}"`)
        .send(upload.data);
    },
  );
}
