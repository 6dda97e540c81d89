/**
 * Viewers (a device session with the phone it proved) already known to have given the ratings that unlock
 * what others said about them. Unlocking never reverts (ratings are never deleted, hiding one does not
 * change who gave it), so once a count has reached the threshold it is not asked of the database again:
 * one query less on every request of an unlocked viewer. Bounded; the oldest entries go first and are
 * simply counted again.
 */
export class UnlockedViewers {
  private readonly keys = new Set<string>();

  constructor(private readonly capacity = 10_000) {}

  has(sessionId: string, provenPhone: string): boolean {
    return this.keys.has(keyOf(sessionId, provenPhone));
  }

  add(sessionId: string, provenPhone: string) {
    this.keys.add(keyOf(sessionId, provenPhone));
    if (this.keys.size <= this.capacity) return;
    // A Set iterates in insertion order: its first key is the oldest.
    const oldest = this.keys.values().next();
    if (!oldest.done) this.keys.delete(oldest.value);
  }
}

function keyOf(sessionId: string, provenPhone: string) {
  return `${sessionId} ${provenPhone}`;
}
