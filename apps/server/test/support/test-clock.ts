/**
 * A clock the test moves forward: real time plus what the test added, so back-offs, leases and expiries are
 * checked without waiting. Hand `now` to the app (AppOverrides.now).
 */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    /** Back to real time, e.g. after each test of a file that shares one app. */
    reset() {
      offsetMs = 0;
    },
  };
}

/**
 * A clock that stands still until the test moves it: a wait computed from it is exact (the resend waits),
 * however long the test itself takes.
 */
export function frozenClock() {
  return frozenClockAt(Date.now());
}

/**
 * Caller addresses `${prefix}.1`, `${prefix}.2`, ...: each call a new one, so the per-address caps one test
 * uses up never block another.
 */
export function addressSequence(prefix: string) {
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}.${counter}`;
  };
}

/** A frozen clock that starts at `startMs`: two apps on such clocks write the same moments. */
export function frozenClockAt(startMs: number) {
  let current = startMs;
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}
