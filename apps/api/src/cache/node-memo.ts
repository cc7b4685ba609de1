import type { Cache } from './cache.ts';

/**
 * Values a node computes from the database and keeps in memory, grouped (a brand) and keyed (a
 * member), which every node drops at once when one of them announces a change through the
 * shared cache's pub/sub. The writer announces after its transaction commits. A value is kept
 * only while the subscription is live (Cache.subscriptionEpoch), never one whose load overlapped
 * an announcement, and at most `maxAgeMs` (the bound should a message be lost).
 */
export class NodeMemo<V> {
  readonly #cache: Cache;
  readonly #channel: string;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #groups = new Map<string, Map<string, { value: V; loadedMs: number }>>();
  #size = 0;
  #announcements = 0;
  #epoch = -1;
  #unsubscribe: (() => Promise<void>) | undefined;

  constructor(options: {
    cache: Cache;
    channel: string;
    maxEntries: number;
    maxAgeMs: number;
    now?: () => number;
  }) {
    this.#cache = options.cache;
    this.#channel = options.channel;
    this.#maxEntries = options.maxEntries;
    this.#maxAgeMs = options.maxAgeMs;
    this.#now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    if (this.#unsubscribe) return;
    this.#unsubscribe = await this.#cache.subscribe(this.#channel, (message) => {
      const separator = message.indexOf('\n');
      if (separator < 0) return;
      const key = message.slice(separator + 1);
      this.#dropLocally(message.slice(0, separator), key === '' ? undefined : key);
    });
  }

  async stop(): Promise<void> {
    await this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#clear();
  }

  /** The kept value, or `load()`'s (kept when nothing was announced meanwhile). */
  async get(group: string, key: string, load: () => Promise<V>): Promise<V> {
    const usable = this.#usable();
    const now = this.#now();
    const kept = usable ? this.#groups.get(group)?.get(key) : undefined;
    if (kept && now - kept.loadedMs <= this.#maxAgeMs) return kept.value;
    const before = this.#announcements;
    const value = await load();
    if (usable && this.#announcements === before && this.#usable())
      this.#keep(group, key, value, now);
    return value;
  }

  /** Every node drops the key (or the whole group); call it after the change has committed. */
  async changed(group: string, key?: string): Promise<void> {
    this.#dropLocally(group, key);
    await this.#cache.publish(this.#channel, `${group}\n${key ?? ''}`);
  }

  #usable(): boolean {
    if (!this.#unsubscribe) return false;
    const epoch = this.#cache.subscriptionEpoch();
    if (epoch !== this.#epoch) {
      this.#clear();
      this.#epoch = epoch;
    }
    return epoch >= 0;
  }

  #keep(group: string, key: string, value: V, loadedMs: number): void {
    if (this.#size >= this.#maxEntries) this.#clear();
    let entries = this.#groups.get(group);
    if (!entries) {
      entries = new Map();
      this.#groups.set(group, entries);
    }
    if (!entries.has(key)) this.#size++;
    entries.set(key, { value, loadedMs });
  }

  #dropLocally(group: string, key: string | undefined): void {
    this.#announcements++;
    const entries = this.#groups.get(group);
    if (!entries) return;
    if (key === undefined) {
      this.#size -= entries.size;
      this.#groups.delete(group);
    } else if (entries.delete(key)) this.#size--;
  }

  #clear(): void {
    this.#announcements++;
    this.#groups.clear();
    this.#size = 0;
  }
}
