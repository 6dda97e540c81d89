/** Whose password is being hashed: someone at a browser or on a network the account used, or anyone else. */
export type HashingPriority = 'known' | 'stranger';

/** Thrown by HashingQueue.run when the caller cannot start and its waiting room is full. */
export class HashingBusy extends Error {
  constructor() {
    super('every password hashing slot is busy');
  }
}

export interface HashingLimits {
  /** Hashes running at once in all. */
  slots: number;
  /**
   * How many of them strangers may hold: the rest stay free for known callers. No stranger starts while a
   * known caller's hash runs, so it shares the cores with no more than the strangers already running.
   */
  strangerSlots: number;
  /** Callers that may wait, per priority; one more is turned away at once. */
  rooms: Readonly<Record<HashingPriority, number>>;
}

/**
 * A cap on how many password hashes run at once (docs/staff.md#login-limits): each scrypt takes a thread of
 * libuv's pool and a core for a fifth of a second, so a burst of guesses handed to scrypt all at once queues
 * a staff member's own check behind all of them. Here at most `slots` run, strangers never hold all of them,
 * the others wait in a small room per priority with `known` ones taken first, and a caller finding its room
 * full is turned away at once rather than queued: the wait of anyone admitted stays a few hashes long
 * whatever arrives.
 */
export class HashingQueue {
  private readonly running: Record<HashingPriority, number> = { known: 0, stranger: 0 };
  private readonly waiting: Record<HashingPriority, Array<() => void>> = { known: [], stranger: [] };

  constructor(private readonly limits: HashingLimits) {}

  async run<T>(priority: HashingPriority, task: () => Promise<T>): Promise<T> {
    if (this.canStart(priority)) {
      this.running[priority] += 1;
    } else {
      const room = this.waiting[priority];
      if (room.length >= this.limits.rooms[priority]) throw new HashingBusy();
      // The slot is taken for it by startWaiting(): `running` already counts it when this resolves.
      await new Promise<void>((resolve) => room.push(resolve));
    }
    try {
      return await task();
    } finally {
      this.running[priority] -= 1;
      this.startWaiting();
    }
  }

  private canStart(priority: HashingPriority) {
    const total = this.running.known + this.running.stranger;
    if (total >= this.limits.slots) return false;
    if (priority === 'known') return true;
    return this.running.known === 0 && this.running.stranger < this.limits.strangerSlots;
  }

  private startWaiting() {
    for (const priority of ['known', 'stranger'] as const) {
      const room = this.waiting[priority];
      while (room.length > 0 && this.canStart(priority)) {
        this.running[priority] += 1;
        room.shift()?.();
      }
    }
  }
}
