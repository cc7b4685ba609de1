import type { z } from 'zod';
import {
  failureEnvelopeSchema,
  successEnvelopeSchema,
  type SuccessEnvelope,
} from '@lobby/contracts';

/** The success envelope of a route's answer. */
export function ok<T>(data: T): SuccessEnvelope<T> {
  return { status: true, data };
}

/**
 * Response schemas of a route: its data in the success envelope, and the failure envelope for
 * every error status, so both are validated, serialised and documented in OpenAPI.
 */
export function envelopeResponses<T extends z.ZodType>(data: T) {
  return {
    200: successEnvelopeSchema(data),
    '4xx': failureEnvelopeSchema,
    '5xx': failureEnvelopeSchema,
  };
}
