import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * What screening one rating costs (docs/screening.md): content/scripts/measure-screening.ts run in a process
 * of its own, with the server's tsx, before any server is started, so that nothing else competes with it.
 * Its baseline, timed in the same process on the same ratings, is normalization alone.
 */
export function measureScreening(root) {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'content/scripts/measure-screening.ts')],
    { cwd: path.join(root, 'apps/server'), encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
}
