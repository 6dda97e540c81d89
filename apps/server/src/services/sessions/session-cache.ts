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
 * Session rows read in the last moment, by token hash. A page asks for several things at once (the header's
 * profile, the list, the counts), and each of those queries would otherwise read the same session row: with
 * this, the first one reads it and the others within `maxAgeMs` take that read. Callers ask for a `fresh`
 * read where acting on a stale one would matter (every mutation). A session that is ended, rotated or
 * changed is forgotten at once (`forget`), and a read that was under way while something was forgotten is not
 * held (the generation check), so a revocation is never undone by a slower request. Bounded: the oldest
 * entries go first.
 */
export class SessionCache<S extends CachedSession> {
  private readonly entries = new Map<string, Entry<S>>();
  /** The token hashes held for each session id, so forgetting a session costs its own entries only. */
  private readonly tokensOf = new Map<string, Set<string>>();
  private generation = 0;

  constructor(
    private readonly maxAgeMs: number,
    private readonly capacity = 10_000,
  ) {}

  /**
   * The held read of this token hash (unless `fresh` is asked for), or `load`'s, which is held in turn
   * unless a session was forgotten while it ran.
   */
  async read(
    tokenHash: string,
    now: Date,
    load: () => Promise<S | null>,
    options: { fresh?: boolean } = {},
  ): Promise<S | null> {
    if (!options.fresh) {
      const held = this.get(tokenHash, now);
      if (held) return held;
    }
    const generation = this.generation;
    const session = await load();
    if (session) this.remember(tokenHash, session, now, generation);
    else this.drop(tokenHash);
    return session;
  }

  /** A session this process wrote (its last-seen time): the entry, if any, takes the written row. */
  update(tokenHash: string, session: S) {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.session = session;
  }

  /** Drops every held read of these sessions, and voids the reads under way. */
  forget(ids: readonly string[]) {
    this.generation += 1;
    for (const id of ids) {
      for (const tokenHash of this.tokensOf.get(id) ?? []) this.entries.delete(tokenHash);
      this.tokensOf.delete(id);
    }
  }

  private get(tokenHash: string, now: Date): S | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    const time = now.getTime();
    if (time - entry.readAt >= this.maxAgeMs || entry.session.expiresAt.getTime() <= time) {
      this.drop(tokenHash);
      return null;
    }
    return entry.session;
  }

  private remember(tokenHash: string, session: S, now: Date, generation: number) {
    if (this.maxAgeMs <= 0 || generation !== this.generation) return;
    this.drop(tokenHash);
    this.entries.set(tokenHash, { session, readAt: now.getTime() });
    const tokens = this.tokensOf.get(session.id);
    if (tokens) tokens.add(tokenHash);
    else this.tokensOf.set(session.id, new Set([tokenHash]));
    if (this.entries.size <= this.capacity) return;
    // A Map iterates in insertion order: its first key is the oldest.
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.drop(oldest.value);
  }

  private drop(tokenHash: string) {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const tokens = this.tokensOf.get(entry.session.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.tokensOf.delete(entry.session.id);
  }
}
