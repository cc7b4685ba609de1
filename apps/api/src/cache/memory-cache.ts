import { EventEmitter } from 'node:events';
import type { Cache, PresenceEntry } from './cache.ts';

type Entry = { value: string; expiresAtMs: number | null };

/** Who is present in a group, each with the payload they last reported and when it lapses. */
type PresenceState = { payload: string; expiresAtMs: number };
type PresenceGroup = Map<string, PresenceState>;

/** The in-process cache: correct for one API node, which is what the embedded mode runs. */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly presence = new Map<string, PresenceGroup>();
  private readonly bus = new EventEmitter();
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
    this.bus.setMaxListeners(0);
    // Expired keys are dropped on read; this sweep bounds the memory of keys never read again.
    this.sweepTimer = setInterval(() => this.sweepExpired(), 60_000);
    this.sweepTimer.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs !== null && entry.expiresAtMs <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweepExpired(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAtMs !== null && entry.expiresAtMs <= now) this.entries.delete(key);
    }
    for (const group of this.presence.keys()) this.prunePresence(group);
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.entries.set(key, { value, expiresAtMs: ttlMs === undefined ? null : this.now() + ttlMs });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAtMs: this.now() + ttlMs });
    return true;
  }

  async take(key: string): Promise<string | null> {
    const entry = this.live(key);
    if (!entry) return null;
    this.entries.delete(key);
    return entry.value;
  }

  async delete(key: string): Promise<boolean> {
    const existed = this.live(key) !== undefined;
    this.entries.delete(key);
    return existed;
  }

  async increment(key: string, windowMs: number): Promise<number> {
    return (await this.hit(key, windowMs)).count;
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const entry = this.live(key);
    if (!entry || entry.expiresAtMs === null) {
      this.entries.set(key, { value: '1', expiresAtMs: this.now() + windowMs });
      return { count: 1, resetInMs: windowMs };
    }
    const count = Number(entry.value) + 1;
    entry.value = String(count);
    return { count, resetInMs: entry.expiresAtMs - this.now() };
  }

  async ttlMs(key: string): Promise<number | null> {
    const entry = this.live(key);
    if (!entry || entry.expiresAtMs === null) return null;
    return entry.expiresAtMs - this.now();
  }

  private prunePresence(group: string): PresenceGroup {
    const members = this.presence.get(group) ?? new Map<string, PresenceState>();
    const now = this.now();
    for (const [member, state] of members) if (state.expiresAtMs <= now) members.delete(member);
    if (members.size === 0) this.presence.delete(group);
    return members;
  }

  async presenceTouch(
    group: string,
    member: string,
    payload: string,
    ttlMs: number,
  ): Promise<void> {
    const members = this.presence.get(group) ?? new Map<string, PresenceState>();
    members.set(member, { payload, expiresAtMs: this.now() + ttlMs });
    this.presence.set(group, members);
  }

  async presenceTouchMany(
    group: string,
    entries: { member: string; payload: string; expiresAtMs: number }[],
  ): Promise<void> {
    const members = this.presence.get(group) ?? new Map<string, PresenceState>();
    for (const entry of entries) {
      members.set(entry.member, { payload: entry.payload, expiresAtMs: entry.expiresAtMs });
    }
    this.presence.set(group, members);
  }

  async presenceRemove(group: string, member: string): Promise<void> {
    this.presence.get(group)?.delete(member);
  }

  async presenceList(group: string): Promise<PresenceEntry[]> {
    return [...this.prunePresence(group)]
      .map(([member, state]) => ({ member, ...state }))
      .sort((left, right) => left.expiresAtMs - right.expiresAtMs);
  }

  async presenceCount(group: string): Promise<number> {
    return this.prunePresence(group).size;
  }

  async publish(channel: string, message: string): Promise<void> {
    // Delivered asynchronously, as Redis would, so publishers never run handlers inline.
    queueMicrotask(() => this.bus.emit(channel, message));
  }

  async subscribe(
    channel: string,
    handler: (message: string) => void,
  ): Promise<() => Promise<void>> {
    this.bus.on(channel, handler);
    return async () => {
      this.bus.off(channel, handler);
    };
  }

  /** In process, no message is ever lost. */
  subscriptionEpoch(): number {
    return 0;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.bus.removeAllListeners();
    this.entries.clear();
    this.presence.clear();
  }
}
