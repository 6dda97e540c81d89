import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Sessions another instance ended or changed: every instance drops its held reads of them. */
export interface ForgottenSessions {
  kind: 'device' | 'admin';
  ids: string[];
}

/** How the instances of one deployment tell each other which held session reads to drop. */
export interface SessionBroadcast {
  publish(message: ForgottenSessions): Promise<void>;
  /** `onMessage` runs for what the other instances publish, never for this one's own messages. */
  subscribe(onMessage: (message: ForgottenSessions) => void): void;
  close(): Promise<void>;
}

/**
 * Redis pub/sub on the deployment's key prefix, so a logout on one instance reaches the others in about a
 * network round trip instead of the cache's 2 s. A message lost (Redis down, a reconnect) only falls back to
 * those 2 s: nothing here is needed for correctness within that bound, so failures are logged, not thrown.
 */
export class RedisSessionBroadcast implements SessionBroadcast {
  private readonly channel: string;
  private readonly instance = randomUUID();
  private subscriber: Redis | null = null;

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = `${keyPrefix}sessions:forgotten`;
  }

  async publish(message: ForgottenSessions): Promise<void> {
    try {
      await this.redis.publish(this.channel, JSON.stringify({ from: this.instance, ...message }));
    } catch (error) {
      this.log.warn({ err: error }, 'telling the other instances of an ended session failed');
    }
  }

  subscribe(onMessage: (message: ForgottenSessions) => void) {
    // Its own connection (a subscribed one runs no other command) that connects at once and queues SUBSCRIBE
    // until it is up; ioredis subscribes again by itself after a reconnect.
    const subscriber = this.redis.duplicate({ lazyConnect: false, enableOfflineQueue: true });
    this.subscriber = subscriber;
    subscriber.on('error', (error) => this.log.warn({ err: error }, 'session broadcast subscriber'));
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      const message = parseMessage(text);
      if (message && message.from !== this.instance) onMessage({ kind: message.kind, ids: message.ids });
    });
    subscriber.subscribe(this.channel).catch((error: unknown) => {
      this.log.warn({ err: error }, 'subscribing to ended sessions failed');
    });
  }

  async close() {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}

function parseMessage(text: string): (ForgottenSessions & { from: string }) | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { from, kind, ids } = value as Record<string, unknown>;
    if (typeof from !== 'string' || (kind !== 'device' && kind !== 'admin')) return null;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return null;
    return { from, kind, ids };
  } catch {
    return null;
  }
}
