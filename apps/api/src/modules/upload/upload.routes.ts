import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  failureEnvelopeSchema,
  UPLOAD_IMAGE_LIMIT_BYTES,
  uploadEndpoint,
  type FieldIssue,
  type UploadPurpose,
} from '@lobby/contracts';
import type { Database } from '../../db/client.ts';
import { commonError } from '../../lib/app-error.ts';
import { envelopeResponses, ok } from '../../lib/envelope.ts';
import { UploadService } from './upload.service.ts';

/** A year: an upload's bytes never change under its id. */
const SERVE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Reads the multipart form of an upload: one `file` part (at most the image limit; more is
 * `body_too_large`) and the `purpose` field. Anything else is `validation`.
 */
async function readUploadForm(
  request: FastifyRequest,
): Promise<{ purpose: UploadPurpose; bytes: Buffer }> {
  if (!request.isMultipart()) throw commonError('unsupported_media_type');
  const fields: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  let bytes: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: UPLOAD_IMAGE_LIMIT_BYTES } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
    } else if (part.fieldname === 'file') {
      bytes = await part.toBuffer();
    } else {
      // The stream must be read for the parser to reach the next part.
      await part.toBuffer();
      issues.push({ path: part.fieldname, code: 'unrecognized_keys' });
    }
  }
  if (bytes === undefined) issues.push({ path: 'file', code: 'required' });
  const parsed = uploadEndpoint.fields.safeParse(fields);
  if (!parsed.success) {
    issues.push(
      ...parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
    );
  }
  if (!parsed.success || bytes === undefined || issues.length > 0) {
    throw commonError('validation', issues);
  }
  return { purpose: parsed.data.purpose, bytes };
}

/**
 * Member image uploads (avatar, feedback) and serving them back. Files are judged by content,
 * stored in the database, and served only on the brand they were uploaded to.
 */
export async function uploadRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
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
      config: { access: 'member' },
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
      const form = await readUploadForm(request);
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
  app.get<{ Params: { id: string } }>(
    `${uploadEndpoint.path}/:id`,
    {
      schema: {
        tags: ['member'],
        summary: 'An uploaded image, as stored',
        params: z.object({ id: z.string().max(64) }),
        response: { '4xx': failureEnvelopeSchema, '5xx': failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const upload = await uploads.read(request.brand.config.code, request.params.id);
      return reply
        .type(upload.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', SERVE_CACHE_CONTROL)
        .header('etag', `"${upload.sha256}"`)
        .send(upload.data);
    },
  );
}
