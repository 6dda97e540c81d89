import { setDoNotRate } from '@exrated/db/queries';
import type { Context } from '../../context';

/**
 * `profile.setDoNotRate`, the /settings switch 'Do not rate me' for the session's proven phone (DESIGN.md
 * section 5). While on, rating.submit refuses new ratings of the number with the same neutral message as any
 * number that cannot be rated; ratings already given stay (they can be reported). Reversible.
 */
export async function setDoNotRateFor(ctx: Context, viewerPhone: string, doNotRate: boolean) {
  await setDoNotRate(ctx.db, { phone: viewerPhone, doNotRate, now: ctx.now() });
  ctx.audit.log(doNotRate ? 'do_not_rate_on' : 'do_not_rate_off');
  return { doNotRate };
}
