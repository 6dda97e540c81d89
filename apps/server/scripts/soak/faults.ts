// The soak's fault window: SNS failing and Redis cut in the middle of the run, then both restored.
import type { ControllableSns } from '../../test/support/controllable-sns';
import type { TcpProxy } from '../../test/support/tcp-proxy';

/** When each fault began and ended (epoch ms; 0 until it happens). */
export interface FaultWindow {
  start: number;
  end: number;
  redisCut: { start: number; end: number };
  snsFailing: { start: number; end: number };
}

/**
 * Schedules the fault centred on a run of `durationMs` from now: SNS refuses publishes for `faultSeconds`, and
 * Redis is cut for the first half of that. Returns the window, filled in as the timers fire, and `cancel`,
 * which clears whichever timers have not fired yet.
 */
export function scheduleFaults(options: {
  sns: ControllableSns;
  redisProxy: TcpProxy;
  durationMs: number;
  faultSeconds: number;
}): { fault: FaultWindow; cancel: () => void } {
  const { sns, redisProxy, durationMs, faultSeconds } = options;
  const faultStartMs = durationMs / 2 - (faultSeconds * 1000) / 2;
  const fault: FaultWindow = {
    start: 0,
    end: 0,
    redisCut: { start: 0, end: 0 },
    snsFailing: { start: 0, end: 0 },
  };
  const timers = [
    setTimeout(() => {
      fault.start = Date.now();
      fault.snsFailing.start = fault.start;
      fault.redisCut.start = fault.start;
      sns.setMode({ kind: 'fail' });
      // Redis down: open connections dropped and new ones refused, as when the server dies.
      redisProxy.cutAll();
      void redisProxy.refuse();
      console.log(`[soak] fault injected: SNS failing ${faultSeconds} s, Redis cut ${faultSeconds / 2} s`);
    }, faultStartMs),
    setTimeout(
      () => {
        void redisProxy.restore().then(() => {
          fault.redisCut.end = Date.now();
          console.log('[soak] Redis restored');
        });
      },
      faultStartMs + (faultSeconds * 1000) / 2,
    ),
    setTimeout(
      () => {
        sns.setMode({ kind: 'ok' });
        fault.snsFailing.end = Date.now();
        fault.end = fault.snsFailing.end;
        console.log('[soak] SNS restored; fault over');
      },
      faultStartMs + faultSeconds * 1000,
    ),
  ];
  return {
    fault,
    cancel: () => {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
