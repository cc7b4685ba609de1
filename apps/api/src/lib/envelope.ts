import { z } from 'zod';
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
 * Response schemas of a route that answers an SVG image: the picture, and the failure envelope
 * for every error status, so OpenAPI lists what it can answer.
 */
export function svgResponses() {
  return {
    200: z.string().describe('An SVG image (image/svg+xml)'),
    '4xx': failureEnvelopeSchema,
    '5xx': failureEnvelopeSchema,
  };
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
