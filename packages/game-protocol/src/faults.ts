import { z } from 'zod';

/**
 * Fault injection of the simulator, configured by a seed so a failing run replays: whether a
 * given call fails is a function of (seed, operation, the call's own key, attempt), not of
 * timing or arrival order. Rates are shares from 0 to 1.
 */
export const faultConfig = z.object({
  seed: z.string().min(1).max(64),
  /** Share of provider calls whose answer never comes in time (applied or not, by the seed). */
  timeoutRate: z.number().min(0).max(1).default(0),
  /** Of the timeouts, the share where the operation was still applied. */
  timeoutAppliedRate: z.number().min(0).max(1).default(0.5),
  /** How long a timed-out answer is held before it is sent (after the caller gave up). */
  timeoutDelayMs: z.number().int().min(0).max(600_000).default(15_000),
  /** Share answered 500 (applied or not, by the same applied share). */
  errorRate: z.number().min(0).max(1).default(0),
  /** Share answered late but within the caller's patience. */
  slowRate: z.number().min(0).max(1).default(0),
  slowDelayMs: z.number().int().min(0).max(60_000).default(1_000),
  /** Seamless callbacks: share sent twice, and share held back so later ones overtake them. */
  duplicateCallbackRate: z.number().min(0).max(1).default(0),
  reorderCallbackRate: z.number().min(0).max(1).default(0),
  /** Platform ids answering 503 maintenance to every call. */
  maintenancePlatformIds: z.array(z.number().int().positive()).default([]),
});
export type FaultConfig = z.infer<typeof faultConfig>;

/** No faults: the default of a simulator started without GAME_SIM_FAULTS. */
export const NO_FAULTS: FaultConfig = faultConfig.parse({ seed: 'none' });
