import { z } from 'zod';

/**
 * Every member API answer is an envelope: `{status: true, data}` on success and
 * `{status: false, data: <error code>, message: <text in the request's lang>}` on failure.
 */
export type SuccessEnvelope<T> = { status: true; data: T };
export type FailureEnvelope = {
  status: false;
  data: string;
  message: string;
  /** Which fields failed validation, when the code is `validation`. */
  fields?: FieldIssue[];
  /** When the refusal is temporary: seconds until trying again makes sense. */
  retryAfterSeconds?: number;
};
export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export const fieldIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), data });
}

export const failureEnvelopeSchema = z.object({
  status: z.literal(false),
  data: z.string().describe('Error code'),
  message: z.string().describe("Error text in the request's language"),
  fields: z.array(fieldIssueSchema).optional(),
  retryAfterSeconds: z.number().int().optional(),
});

/** True when a value has the envelope's shape, whatever its data. */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof (value as { status: unknown }).status === 'boolean' &&
    'data' in value
  );
}
