import { z } from 'zod';
import { multiline } from './text.ts';
import { brandCodeSchema } from './brand.ts';

/**
 * Operator calls of the games issue (JSON, bearer token): the maintenance switch of each game
 * platform, and who is online where (presence from the member heartbeat).
 */

export const adminGamePlatformSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.number().int(),
  /** 1 transfer wallet, 2 seamless. */
  wallet: z.union([z.literal(1), z.literal(2)]),
  /** Position in the brand's list (from 1), or null when no brand was named or it is off there. */
  sort: z.number().int().nullable(),
  /** The operator's switch: members cannot enter the platform's games while it is on. */
  maintenance: z.boolean(),
  /** The platform itself answered "maintenance" within the last minute. */
  reportedMaintenance: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type AdminGamePlatform = z.infer<typeof adminGamePlatformSchema>;

export const adminGamePlatformsEndpoint = {
  method: 'GET',
  path: '/admin/api/game/platforms',
  query: z.object({
    /** A brand: its enabled platforms in its order; absent or empty: every platform by id. */
    brand: z.union([brandCodeSchema, z.literal('')]).optional(),
  }),
  response: z.array(adminGamePlatformSchema),
} as const;

export const adminSetGamePlatformEndpoint = {
  method: 'PUT',
  path: '/admin/api/game/platforms/:id',
  params: z.object({ id: z.coerce.number().int().min(1).max(999_999) }),
  body: z.object({
    maintenance: z.boolean(),
    /** Why, for the action log. */
    reason: multiline(z.string().trim().max(200)).optional(),
  }),
  response: adminGamePlatformSchema,
} as const;

export const presenceMemberSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  /** The platform and game of the member's last heartbeat; null in the lobby. */
  platformId: z.number().int().nullable(),
  platformName: z.string().nullable(),
  gameCode: z.string().nullable(),
  gameName: z.string().nullable(),
  lastSeenAt: z.string(),
  ip: z.string(),
  deviceNo: z.string().nullable(),
  /** The `d` header of the heartbeat (24 for the web). */
  clientType: z.number().int().nullable(),
});
export type PresenceMember = z.infer<typeof presenceMemberSchema>;

export const adminPresenceEndpoint = {
  method: 'GET',
  path: '/admin/api/presence',
  query: z.object({ brand: brandCodeSchema }),
  response: z.object({
    brand: z.string(),
    online: z.number().int(),
    /** Members per platform, the lobby (platformId null) included, most members first. */
    platforms: z.array(
      z.object({
        platformId: z.number().int().nullable(),
        platformName: z.string().nullable(),
        members: z.number().int(),
      }),
    ),
    /** Most recently seen first. */
    members: z.array(presenceMemberSchema),
  }),
} as const;

/**
 * A maintenance switch as the console shows it: on or off, why, who switched it and when (null
 * who and when: never switched).
 */
export const maintenanceSwitchSchema = z.object({
  on: z.boolean(),
  reason: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MaintenanceSwitch = z.infer<typeof maintenanceSwitchSchema>;

/** A catalog platform as one brand has it: offered or not, its place, and its maintenance. */
export const adminBrandGamePlatformSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.number().int(),
  /** 1 transfer wallet, 2 seamless. */
  wallet: z.union([z.literal(1), z.literal(2)]),
  /** How many games the platform has. */
  games: z.number().int(),
  /** Whether the brand offers it (in its platform list). */
  enabled: z.boolean(),
  /** Position in the brand's list (from 1); null when the brand does not offer it. */
  sort: z.number().int().nullable(),
  /** The switch for every brand. */
  globalMaintenance: maintenanceSwitchSchema,
  /** The switch for this brand only. */
  brandMaintenance: maintenanceSwitchSchema,
  /** The platform itself answered "maintenance" within the last minute. */
  reportedMaintenance: z.boolean(),
  /** What the brand's members see: any of the three. */
  inMaintenance: z.boolean(),
});
export type AdminBrandGamePlatform = z.infer<typeof adminBrandGamePlatformSchema>;

const brandPlatformParamsSchema = z.object({
  code: brandCodeSchema,
  id: z.coerce.number().int().min(1).max(999_999),
});

/**
 * Every catalog platform as the brand has it: the brand's offered platforms first, in its order,
 * then the others by id; with both maintenance switches and the platform's own report.
 */
export const adminBrandGamePlatformsEndpoint = {
  method: 'GET',
  path: '/admin/api/brands/:code/game-platforms',
  params: z.object({ code: brandCodeSchema }),
  response: z.array(adminBrandGamePlatformSchema),
} as const;

/**
 * Switches a platform's maintenance on or off for ONE brand: that brand's members cannot enter
 * it (launch, transfer in) and see it in maintenance; other brands are unaffected. In force on
 * every node at once; action logged.
 */
export const adminSetBrandPlatformMaintenanceEndpoint = {
  method: 'PUT',
  path: '/admin/api/brands/:code/platforms/:id/maintenance',
  params: brandPlatformParamsSchema,
  body: z.object({
    maintenance: z.boolean(),
    /** Why, for the action log and the console. */
    reason: multiline(z.string().trim().max(200)).optional(),
  }),
  response: adminBrandGamePlatformSchema,
} as const;

export const adminGameSchema = z.object({
  platformId: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.number().int(),
  hot: z.boolean(),
  icon: z.string(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

/** The games of a platform (read-only: the catalog), filtered by code or name in any language. */
export const adminPlatformGamesEndpoint = {
  method: 'GET',
  path: '/admin/api/game/platforms/:id/games',
  params: z.object({ id: z.coerce.number().int().min(1).max(999_999) }),
  query: z.object({
    q: z.string().trim().max(64).default(''),
    hot: z.enum(['', 'true', 'false']).default(''),
  }),
  response: z.object({
    platformId: z.number().int(),
    platformName: z.string(),
    total: z.number().int(),
    games: z.array(adminGameSchema),
  }),
} as const;
