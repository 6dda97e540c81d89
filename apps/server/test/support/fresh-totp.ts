import { authenticator } from 'otplib';

const STEP_MS = 30_000;
const usedSteps = new Map<string, number>();

/**
 * The code an authenticator app shows for `secret`, of a time step this process has not used yet for it: the
 * server accepts each step once per account (docs/staff.md#logging-in), and it accepts the step after the
 * current one, so a second login within 30 seconds uses that; a third waits for the clock (at most 30 s).
 */
export async function freshTotp(secret: string): Promise<string> {
  const now = Date.now();
  const step = nextStep(secret, now);
  // The server takes a code of one step either side of its own: wait until `step` is at most one ahead.
  const wait = (step - 1) * STEP_MS - now;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  return codeOf(secret, step);
}

function nextStep(secret: string, now: number): number {
  const current = Math.floor(now / STEP_MS);
  return Math.max(current, (usedSteps.get(secret) ?? current - 1) + 1);
}

function codeOf(secret: string, step: number): string {
  usedSteps.set(secret, step);
  return authenticator.clone({ epoch: step * STEP_MS }).generate(secret);
}

/** Like freshTotp, but null instead of waiting when the steps the server takes now are used up. */
export function freeTotp(secret: string): string | null {
  const now = Date.now();
  const step = nextStep(secret, now);
  return step > Math.floor(now / STEP_MS) + 1 ? null : codeOf(secret, step);
}
