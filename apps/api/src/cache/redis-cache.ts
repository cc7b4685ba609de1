import { Redis } from 'ioredis';
import type { Cache, PresenceEntry } from './cache.ts';

/**
 * Adds one to a counter and starts its window on the first increment, atomically, so that
 * concurrent nodes never leave a counter without an expiry.
 */
const INCREMENT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** The Redis cache: shared by every API node that points at the same REDIS_URL. */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  private readonly client: Redis;
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Set<(message: string) => void>>();
  /** Bumped whenever the subscriber connection drops or comes back (messages may be lost). */
  private subscriberEpoch = 0;
  private subscriberLive = false;

  private readonly prefix: string;

  constructor(url: string, prefix = 'lobby:') {
    this.prefix = prefix;
    this.client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    // Connection errors surface on the commands that fail; this keeps them off the event loop.
    this.client.on('error', () => undefined);
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  private key(key: string): string {
    return this.prefix + key;
  }

  async get(key: string): Promise<string | null> {
    return this.client.get(this.key(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.client.set(this.key(key), value);
    else await this.client.set(this.key(key), value, 'PX', ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.client.set(this.key(key), value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async take(key: string): Promise<string | null> {
    return this.client.getdel(this.key(key));
  }

  async delete(key: string): Promise<boolean> {
    return (await this.client.del(this.key(key))) > 0;
  }

  async increment(key: string, windowMs: number): Promise<number> {
    return (await this.hit(key, windowMs)).count;
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const [count, ttl] = (await this.client.eval(
      INCREMENT_IN_WINDOW,
      1,
      this.key(key),
      windowMs,
    )) as [number, number];
    return { count: Number(count), resetInMs: Number(ttl) };
  }

  async ttlMs(key: string): Promise<number | null> {
    const ttl = await this.client.pttl(this.key(key));
    return ttl < 0 ? null : ttl;
  }

  // Presence is a sorted set scored by expiry time plus a hash of payloads.
  async presenceTouch(
    group: string,
    member: string,
    payload: string,
    ttlMs: number,
  ): Promise<void> {
    const expiresAtMs = Date.now() + ttlMs;
    await this.client
      .multi()
      .zadd(this.key(`presence:${group}`), expiresAtMs, member)
      .hset(this.key(`presence:${group}:payload`), member, payload)
      .exec();
  }

  async presenceTouchMany(
    group: string,
    entries: { member: string; payload: string; expiresAtMs: number }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const scores: (string | number)[] = [];
    const payloads: string[] = [];
    for (const entry of entries) {
      scores.push(entry.expiresAtMs, entry.member);
      payloads.push(entry.member, entry.payload);
    }
    await this.client
      .multi()
      .zadd(this.key(`presence:${group}`), ...scores)
      .hset(this.key(`presence:${group}:payload`), ...payloads)
      .exec();
  }

  async presenceRemove(group: string, member: string): Promise<void> {
    await this.client
      .multi()
      .zrem(this.key(`presence:${group}`), member)
      .hdel(this.key(`presence:${group}:payload`), member)
      .exec();
  }

  async presenceList(group: string): Promise<PresenceEntry[]> {
    const setKey = this.key(`presence:${group}`);
    const payloadKey = this.key(`presence:${group}:payload`);
    const now = Date.now();
    const expired = await this.client.zrangebyscore(setKey, '-inf', now);
    if (expired.length > 0) {
      await this.client
        .multi()
        .zremrangebyscore(setKey, '-inf', now)
        .hdel(payloadKey, ...expired)
        .exec();
    }
    const flat = await this.client.zrangebyscore(setKey, `(${now}`, '+inf', 'WITHSCORES');
    const members: string[] = [];
    const expiries: number[] = [];
    for (let index = 0; index + 1 < flat.length; index += 2) {
      members.push(flat[index] as string);
      expiries.push(Number(flat[index + 1]));
    }
    if (members.length === 0) return [];
    const payloads = await this.client.hmget(payloadKey, ...members);
    return members.map((member, index) => ({
      member,
      payload: payloads[index] ?? '',
      expiresAtMs: expiries[index] ?? 0,
    }));
  }

  async presenceCount(group: string): Promise<number> {
    return this.client.zcount(this.key(`presence:${group}`), `(${Date.now()}`, '+inf');
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.client.publish(this.key(channel), message);
  }

  async subscribe(
    channel: string,
    handler: (message: string) => void,
  ): Promise<() => Promise<void>> {
    // A connection in subscriber mode can run no other command, hence a second one.
    if (!this.subscriber) {
      this.subscriber = this.client.duplicate();
      this.subscriber.on('error', () => undefined);
      const down = () => {
        if (this.subscriberLive) this.subscriberEpoch++;
        this.subscriberLive = false;
      };
      this.subscriber.on('close', down);
      this.subscriber.on('end', down);
      // ioredis subscribes again on reconnection before it reports ready.
      this.subscriber.on('ready', () => {
        this.subscriberEpoch++;
        this.subscriberLive = true;
      });
      this.subscriber.on('message', (fullChannel: string, message: string) => {
        for (const listener of this.handlers.get(fullChannel) ?? []) listener(message);
      });
    }
    const fullChannel = this.key(channel);
    let listeners = this.handlers.get(fullChannel);
    if (!listeners) {
      listeners = new Set();
      this.handlers.set(fullChannel, listeners);
      await this.subscriber.subscribe(fullChannel);
    }
    listeners.add(handler);
    return async () => {
      listeners.delete(handler);
      if (listeners.size === 0) {
        this.handlers.delete(fullChannel);
        await this.subscriber?.unsubscribe(fullChannel);
      }
    };
  }

  subscriptionEpoch(): number {
    return this.subscriberLive ? this.subscriberEpoch : -1;
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
