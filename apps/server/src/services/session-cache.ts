/** What the cache needs of a session row. */
export interface CachedSession {
  id: string;
  expiresAt: Date;
}

interface Entry<S> {
  session: S;
  readAt: number;
}

/**
 * Sessions read from the database in the last moment, by token hash. A page asks for several things at once
 * (the header's profile, the list, the counts), and every one of those requests would otherwise read the same
 * session row: with this, the first one reads it and the others within `maxAgeMs` take that read. A session
 * that is ended, rotated or changed in this process is forgotten at once (`forget`), and a read that was under
 * way while something was forgotten is not kept (the generation check), so a revocation is never undone by a
 * slower request. Another process learns of it within `maxAgeMs` (as it learns of a changed admin setting):
 * the only window this opens is a logout or deletion on one instance being seen by another instance up to
 * `maxAgeMs` later. Bounded: the oldest entries go first.
 */
export class SessionCache<S extends CachedSession> {
  private readonly entries = new Map<string, Entry<S>>();
  private generation = 0;

  constructor(
    private readonly maxAgeMs: number,
    private readonly capacity = 10_000,
  ) {}

  /** The session read for this token hash, if read recently enough and not expired at `now`. */
  private get(tokenHash: string, now: Date): S | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    const time = now.getTime();
    if (time - entry.readAt >= this.maxAgeMs || entry.session.expiresAt.getTime() <= time) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.session;
  }

  /** The held read of this token hash, or `load`'s, held in turn unless something was forgotten meanwhile. */
  async read(tokenHash: string, now: Date, load: () => Promise<S | null>): Promise<S | null> {
    const held = this.get(tokenHash, now);
    if (held) return held;
    const generation = this.generation;
    const session = await load();
    if (session) this.remember(tokenHash, session, now, generation);
    return session;
  }

  private remember(tokenHash: string, session: S, now: Date, generation: number) {
    if (this.maxAgeMs <= 0 || generation !== this.generation) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { session, readAt: now.getTime() });
    if (this.entries.size <= this.capacity) return;
    // A Map iterates in insertion order: its first key is the oldest.
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }

  /** A session this process wrote (its last-seen time): the entry, if any, takes the written row. */
  update(tokenHash: string, session: S) {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.session = session;
  }

  /** Drops every session `matches` picks, and voids the reads under way. */
  forget(matches: (session: S) => boolean) {
    this.generation += 1;
    for (const [tokenHash, entry] of this.entries) {
      if (matches(entry.session)) this.entries.delete(tokenHash);
    }
  }
}
