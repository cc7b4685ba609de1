import type { FaultConfig } from '@lobby/game-protocol';
import type { SimDatabase } from '../db/database.ts';
import { sleep } from '../errors.ts';
import { nextAttempt } from './attempts.repository.ts';
import {
  decideCallbackFaults,
  decideProviderFault,
  providerFaultsActive,
  type CallbackFaults,
  type FaultDecision,
  type ProviderOperation,
} from './fault-plan.ts';

/**
 * The simulator's current fault configuration and the state decisions need: the attempt number
 * of each call key, counted in the database so a restart continues the same sequence.
 */
export class FaultInjector {
  #config: FaultConfig;
  readonly #database: SimDatabase;
  readonly #closing = new AbortController();

  constructor(database: SimDatabase, config: FaultConfig) {
    this.#database = database;
    this.#config = config;
  }

  get config(): FaultConfig {
    return this.#config;
  }

  set(config: FaultConfig): void {
    this.#config = config;
  }

  inMaintenance(platformId: number): boolean {
    return this.#config.maintenancePlatformIds.includes(platformId);
  }

  /** The fault of this call (counting it as the key's next attempt while faults are on). */
  async decide(
    platformId: number,
    operation: ProviderOperation,
    key: string,
  ): Promise<FaultDecision> {
    const config = this.#config;
    if (!providerFaultsActive(config)) return { kind: 'none' };
    const attempt = await nextAttempt(this.#database, platformId, operation, key);
    return decideProviderFault(config, operation, `${platformId}:${key}`, attempt);
  }

  callbackFaults(transactionId: string, copyNumber: number): CallbackFaults {
    return decideCallbackFaults(this.#config, transactionId, copyNumber);
  }

  /** Holds an answer; shutdown releases every held answer at once. */
  hold(ms: number): Promise<void> {
    return sleep(ms, this.#closing.signal);
  }

  close(): void {
    this.#closing.abort();
  }
}
