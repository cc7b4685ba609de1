/**
 * Short-lived shared state: throttles, captcha and code stores, presence and pub/sub. One
 * interface, two implementations: in-process (single node, the embedded default) and Redis
 * (any number of API nodes). Values are strings; callers encode what they store.
 */
export type PresenceEntry = { member: string; payload: string; expiresAtMs: number };

export interface Cache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets only when the key is absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step, so a single-use value is used once even under races. */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<boolean>;
  /** Adds one to a counter whose window starts at its first increment; returns the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  /** `increment`, also telling how long the window has left (what a rate limit answers). */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Milliseconds until the key expires; null when it is absent or never expires. */
  ttlMs(key: string): Promise<number | null>;

  /** Marks `member` present in `group` until ttlMs from now, with a payload (where they are). */
  presenceTouch(group: string, member: string, payload: string, ttlMs: number): Promise<void>;
  /** presenceTouch for many members at once (one round trip), each with its own expiry. */
  presenceTouchMany(
    group: string,
    entries: { member: string; payload: string; expiresAtMs: number }[],
  ): Promise<void>;
  presenceRemove(group: string, member: string): Promise<void>;
  /** Members present now, oldest expiry first. */
  presenceList(group: string): Promise<PresenceEntry[]>;
  /** How many members are present now (without reading them). */
  presenceCount(group: string): Promise<number>;

  publish(channel: string, message: string): Promise<void>;
  /** Calls handler for each message on the channel until the returned function is called. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Whether subscriptions can be trusted to have seen every message: -1 while they cannot (the
   * subscriber connection is down or reconnecting), else a number that changes each time they
   * may have missed some (a reconnection). What a node caches on the strength of invalidation
   * messages it must drop when the number changes, and not use while it is -1.
   */
  subscriptionEpoch(): number;

  ping(): Promise<void>;
  close(): Promise<void>;
}
