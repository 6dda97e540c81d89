import { setDoNotRate } from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';
import { longestReleaseDelayMs } from '../rating/release-time';
import { requireFreshProof } from '../sessions/proof-lease';

/**
 * `profile.setDoNotRate`, the /settings switch 'Do not rate me' for the session's proven phone
 * (docs/data-rights.md). While on, every rating of the number that comes to stand is accepted from its author
 * like any other and withheld from the number, and turning it on withholds those still waiting for their
 * release time (docs/anonymity.md); ratings that already reached the number stay (they can be reported).
 * Reversible; turning it off opens the number to ratings again, so it needs a proof within its lease
 * (docs/security.md#sessions). Ratings given after it goes off reach the number no earlier than the longest
 * release delay later: one that arrives sooner would tell the owner it was given after the switch. Turning
 * it off when it is not on changes nothing (setDoNotRate), lest the owner date the ratings already waiting.
 */
export async function setDoNotRateFor(
  ctx: Context & { session: DeviceSession; viewerPhone: string },
  doNotRate: boolean,
) {
  const now = ctx.now();
  if (!doNotRate) requireFreshProof(ctx.session, now);
  await setDoNotRate(
    ctx.db,
    doNotRate
      ? { phone: ctx.viewerPhone, now, doNotRate }
      : {
          phone: ctx.viewerPhone,
          now,
          doNotRate,
          liftNotBefore: new Date(now.getTime() + longestReleaseDelayMs(ctx.config.release)),
        },
  );
  ctx.audit.log(doNotRate ? 'do_not_rate_on' : 'do_not_rate_off');
  return { doNotRate };
}
