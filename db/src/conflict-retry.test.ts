import { describe, expect, it } from 'vitest';
import { retryOnConflict } from './conflict-retry';

function postgresError(code: string): Error {
  return Object.assign(new Error(`pg ${code}`), { code });
}

/** How many times retryOnConflict ran work that always fails with `code` before it passed the error on. */
async function runsOfWorkThatAlwaysFails(code: string) {
  let runs = 0;
  await expect(
    retryOnConflict(async () => {
      runs += 1;
      throw postgresError(code);
    }),
  ).rejects.toThrow(`pg ${code}`);
  return runs;
}

describe('retryOnConflict', () => {
  it('runs again after a deadlock or a serialization failure, also when wrapped', async () => {
    const failures = [postgresError('40P01'), new Error('query failed', { cause: postgresError('40001') })];
    let runs = 0;
    const result = await retryOnConflict(async () => {
      runs += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(3);
  });

  it('gives up after three runs, and at once on any other error', async () => {
    expect(await runsOfWorkThatAlwaysFails('40P01')).toBe(3);
    expect(await runsOfWorkThatAlwaysFails('23505')).toBe(1);
  });
});
