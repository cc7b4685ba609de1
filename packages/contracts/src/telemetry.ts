import { z } from 'zod';
import { multiline } from './text.ts';
import { CLIENT_ERRORS_PATH } from './site.ts';

/**
 * POST /api/f/v1/client/errors: the browser reports an uncaught error, so operators see front-end
 * failures in the server log next to the request ids. Form-urlencoded like every member call.
 */
export const clientErrorReportBodySchema = z.object({
  message: multiline(z.string().trim().min(1).max(2_000)),
  source: z.string().max(500).optional(),
  line: z.coerce.number().int().min(0).max(10_000_000).optional(),
  column: z.coerce.number().int().min(0).max(10_000_000).optional(),
  stack: multiline(z.string().max(8_000)).optional(),
  /** The page route the member was on. */
  route: z.string().max(500).optional(),
  /** The web app's build, to tell which release broke. */
  release: z.string().max(64).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportBodySchema>;

export const clientErrorReportEndpoint = {
  method: 'POST',
  path: CLIENT_ERRORS_PATH,
  body: clientErrorReportBodySchema,
  response: z.object({ accepted: z.literal(true) }),
} as const;

/** Reports one device may send per minute; more are refused with `rate_limited`. */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 20;
