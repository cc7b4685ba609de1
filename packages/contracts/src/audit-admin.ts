import { z } from 'zod';
import { brandCodeSchema } from './brand.ts';
import { dateTimeSchema } from './dates.ts';

/**
 * The significant-event log as an examiner reads it (issue 15, point 9; `audit.read`, JSON or
 * CSV, bearer token): logins, locks, limit changes, exclusions, KYC decisions, large wins,
 * balance adjustments, game availability and operator permission changes, each row with the hash
 * of the one before it in its chain and its own, so an export can be checked outside Lobby.
 * Within the operator's brands; the platform's own chain (operator permission changes, brand '')
 * only for operators of every brand. Oldest first, by id.
 */

/** What the log records, each written with the change it describes. */
export const AUDIT_EVENT_KINDS = [
  'member_login',
  'member_login_failed',
  'member_locked',
  'member_unlocked',
  'member_money_frozen',
  'member_money_unfrozen',
  'member_closed',
  'balance_adjusted',
  'large_win',
  'limit_changed',
  'time_out',
  'self_exclusion',
  'kyc_decision',
  'game_availability_changed',
  'operator_permissions_changed',
  /** The site's RSA key replaced (npm run rsa:rotate): what was re-keyed, by the system. */
  'rsa_key_rotated',
] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** The longest range one read or export covers: a year and a day (a leap year's reporting year). */
export const AUDIT_RANGE_MAX_DAYS = 367;

const eventKindSchema = z.enum(AUDIT_EVENT_KINDS);

const eventFilterFields = z.object({
  /** Inclusive. */
  from: dateTimeSchema,
  /** Exclusive. */
  to: dateTimeSchema,
  /** One brand; '' or absent: every brand in the operator's scope. */
  brand: z.union([brandCodeSchema, z.literal('')]).optional(),
  kind: eventKindSchema.optional(),
  memberId: z.coerce
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'id')
    .optional(),
});

/** `from` before `to`, at most AUDIT_RANGE_MAX_DAYS apart. */
function withinRange<S extends z.ZodType<{ from: string; to: string }>>(schema: S): S {
  return schema
    .refine((query) => Date.parse(query.from) < Date.parse(query.to), {
      message: 'from: before to',
      path: ['from'],
    })
    .refine(
      (query) =>
        Date.parse(query.to) - Date.parse(query.from) <= AUDIT_RANGE_MAX_DAYS * 24 * 3_600_000,
      { message: `to: at most ${AUDIT_RANGE_MAX_DAYS} days after from`, path: ['to'] },
    );
}

export const adminAuditEventSchema = z.object({
  id: z.string(),
  /** The chain: a brand's code, or '' for the platform's own events. */
  chain: z.string(),
  /** The event's place in its chain, from 1. */
  seq: z.string(),
  occurredAt: z.string(),
  kind: z.string(),
  brand: z.string().nullable(),
  memberId: z.string().nullable(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** Hex SHA-256 of the previous event of the chain (the chain's genesis hash for the first). */
  prevHash: z.string(),
  /** Hex SHA-256 of this event's canonical content and prevHash. */
  hash: z.string(),
});
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;

/** A page of events in [from, to): the next page asks for the events after the last id seen. */
export const adminAuditEventsEndpoint = {
  method: 'GET',
  path: '/admin/api/audit-events',
  query: withinRange(
    eventFilterFields.extend({
      afterId: z.coerce
        .string()
        .regex(/^[1-9]\d{0,17}$/, 'id')
        .optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
  ),
  response: z.array(adminAuditEventSchema),
} as const;

/**
 * The same range as CSV, as the other exports (exports-admin.ts): oldest first, details as
 * JSON, every export itself in the action log.
 */
export const adminAuditEventsExportEndpoint = {
  method: 'GET',
  path: '/admin/api/audit-events/export',
  query: withinRange(eventFilterFields),
  columns: [
    'id',
    'chain',
    'seq',
    'occurred_at',
    'kind',
    'brand',
    'member_id',
    'actor_type',
    'actor_id',
    'details',
    'prev_hash',
    'hash',
  ],
} as const;
