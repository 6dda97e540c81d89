// The soak's pacing: operations started on a fixed open-loop schedule, with a cap on how many run at once.
import { sleep } from './client';
import type { Scenario } from './traffic';

/**
 * Starts `totalOps` scenarios, one every `intervalMs` from `runStart`, and waits for all of them; an operation
 * due while `maxInFlight` are still running is shed (skipped) rather than delayed. Returns the number shed.
 */
export async function runOpenLoop(options: {
  runStart: number;
  totalOps: number;
  intervalMs: number;
  maxInFlight: number;
  chooseScenario: () => Scenario | undefined;
}): Promise<{ shed: number }> {
  const { runStart, totalOps, intervalMs, maxInFlight, chooseScenario } = options;
  const running = new Set<Promise<unknown>>();
  let shed = 0;
  let inFlight = 0;

  // A steady open-loop schedule: one operation every 1/rate seconds, bounded by totalOps.
  for (let index = 0; index < totalOps; index += 1) {
    const due = runStart + index * intervalMs;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    if (inFlight >= maxInFlight) {
      shed += 1;
      continue;
    }
    inFlight += 1;
    const task = (chooseScenario()?.run() ?? Promise.resolve()).finally(() => {
      inFlight -= 1;
      running.delete(task);
    });
    running.add(task);
  }
  await Promise.allSettled([...running]);
  return { shed };
}
