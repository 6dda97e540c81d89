import { setDoNotRate } from '@exrated/db/queries';
import type { Context } from '../../context';

/**
 * `profile.setDoNotRate`, the /settings switch 'Do not rate me' for the session's proven phone
 * (docs/data-rights.md). While on, every rating of the number that comes to stand is accepted from its author
 * like any other and withheld from the number, and turning it on withholds those still waiting for their
 * release time (docs/anonymity.md); ratings that already reached the number stay (they can be reported).
 * Reversible.
 */
export async function setDoNotRateFor(ctx: Context, viewerPhone: string, doNotRate: boolean) {
  await setDoNotRate(ctx.db, { phone: viewerPhone, doNotRate, now: ctx.now() });
  ctx.audit.log(doNotRate ? 'do_not_rate_on' : 'do_not_rate_off');
  return { doNotRate };
}
