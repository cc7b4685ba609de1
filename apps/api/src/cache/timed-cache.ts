import type { Cache, PresenceEntry } from './cache.ts';

/** Told how long each cache call took (seconds), by operation; failed calls included. */
export type CacheObserver = (operation: string, durationSeconds: number) => void;

/**
 * A cache that times every call to the one it wraps (decision 0024: the cache latency series).
 * Subscriptions, ping and close pass through untimed: they are not the request path.
 */
export class TimedCache implements Cache {
  readonly #inner: Cache;
  readonly #observe: CacheObserver;

  constructor(inner: Cache, observe: CacheObserver) {
    this.#inner = inner;
    this.#observe = observe;
  }

  get kind(): Cache['kind'] {
    return this.#inner.kind;
  }

  async #timed<T>(operation: string, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await call();
    } finally {
      this.#observe(operation, (performance.now() - started) / 1000);
    }
  }

  get(key: string): Promise<string | null> {
    return this.#timed('get', () => this.#inner.get(key));
  }

  set(key: string, value: string, ttlMs?: number): Promise<void> {
    return this.#timed('set', () => this.#inner.set(key, value, ttlMs));
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.#timed('set_if_absent', () => this.#inner.setIfAbsent(key, value, ttlMs));
  }

  take(key: string): Promise<string | null> {
    return this.#timed('take', () => this.#inner.take(key));
  }

  delete(key: string): Promise<boolean> {
    return this.#timed('delete', () => this.#inner.delete(key));
  }

  increment(key: string, windowMs: number): Promise<number> {
    return this.#timed('increment', () => this.#inner.increment(key, windowMs));
  }

  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    return this.#timed('hit', () => this.#inner.hit(key, windowMs));
  }

  ttlMs(key: string): Promise<number | null> {
    return this.#timed('ttl', () => this.#inner.ttlMs(key));
  }

  presenceTouch(group: string, member: string, payload: string, ttlMs: number): Promise<void> {
    return this.#timed('presence_touch', () =>
      this.#inner.presenceTouch(group, member, payload, ttlMs),
    );
  }

  presenceTouchMany(
    group: string,
    entries: { member: string; payload: string; expiresAtMs: number }[],
  ): Promise<void> {
    return this.#timed('presence_touch_many', () => this.#inner.presenceTouchMany(group, entries));
  }

  presenceRemove(group: string, member: string): Promise<void> {
    return this.#timed('presence_remove', () => this.#inner.presenceRemove(group, member));
  }

  presenceList(group: string): Promise<PresenceEntry[]> {
    return this.#timed('presence_list', () => this.#inner.presenceList(group));
  }

  presenceCount(group: string): Promise<number> {
    return this.#timed('presence_count', () => this.#inner.presenceCount(group));
  }

  publish(channel: string, message: string): Promise<void> {
    return this.#timed('publish', () => this.#inner.publish(channel, message));
  }

  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>> {
    return this.#inner.subscribe(channel, handler);
  }

  subscriptionEpoch(): number {
    return this.#inner.subscriptionEpoch();
  }

  ping(): Promise<void> {
    return this.#inner.ping();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}
