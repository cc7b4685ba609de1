import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  findRefusedText,
  multilinePathsOf,
  UPLOAD_IMAGE_LIMIT_BYTES,
  type FieldIssue,
} from '@lobby/contracts';
import { commonError } from '../../../lib/app-error.ts';

/**
 * Reads a multipart form carrying one image: one `file` part (at most the image limit; more is
 * `body_too_large`) and the text fields of `fields`. A second file, any other part, or fields
 * the schema refuses are `validation`; a body that is not multipart is `unsupported_media_type`.
 * The image's content is checked later, by the upload service.
 */
export async function readImageForm<Fields extends z.ZodType<Record<string, unknown>>>(
  request: FastifyRequest,
  fields: Fields,
): Promise<z.infer<Fields> & { bytes: Buffer }> {
  if (!request.isMultipart()) throw commonError('unsupported_media_type');
  const values: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  let bytes: Buffer | undefined;
  for await (const part of request.parts({ limits: { fileSize: UPLOAD_IMAGE_LIMIT_BYTES } })) {
    if (part.type === 'field') {
      values[part.fieldname] = part.value;
    } else if (part.fieldname === 'file' && bytes === undefined) {
      bytes = await part.toBuffer();
    } else {
      // The stream must be read for the parser to reach the next part.
      await part.toBuffer();
      issues.push({ path: part.fieldname, code: 'unrecognized_keys' });
    }
  }
  if (bytes === undefined) issues.push({ path: 'file', code: 'required' });
  // The text rule of every request (plugins/input.ts), for the fields of a multipart body.
  const refused = findRefusedText(values, multilinePathsOf(fields));
  if (refused) throw commonError('validation', [refused]);
  const parsed = fields.safeParse(values);
  if (!parsed.success) {
    issues.push(
      ...parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
    );
  }
  if (!parsed.success || bytes === undefined || issues.length > 0) {
    throw commonError('validation', issues);
  }
  return { ...parsed.data, bytes };
}
