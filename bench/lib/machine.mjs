import { readFileSync } from 'node:fs';

/**
 * The machine's CPU time so far, from /proc/stat's `cpu` line (Linux, in USER_HZ ticks): all of it, and
 * `steal`, the time the hypervisor gave this VM's virtual CPUs to someone else while they had work.
 */
export function machineCpuTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const ticks = fields.map(Number);
  // user nice system idle iowait irq softirq steal (guest and guest_nice are already inside user and nice)
  return { total: ticks.slice(0, 8).reduce((sum, value) => sum + value, 0), steal: ticks[7] ?? 0 };
}

/** The share of the machine's CPU time stolen between two readings, in percent. */
export function stealPercent(before, after) {
  const total = after.total - before.total;
  return total > 0 ? (100 * (after.steal - before.steal)) / total : 0;
}
