// Attacks by the holder of a forwarded /r/ link (docs/anonymity.md#non-interference): what they read, their
// export included, depends on what they did with the link, never on what the number's owner did.
import { logs } from '@exrated/db/schema';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actorsOf } from '../support/actors';
import { ratingInput } from '../support/rating-fixtures';
import { NO_RESEND_WAITS, UNCAPPED_LIMITS_ENV, useTestApp } from '../support/test-app';
import { latestCode } from '../support/verification';

const t = useTestApp({
  env: { ...UNCAPPED_LIMITS_ENV, TRUST_PROXY: 'true' },
  codeStoreOptions: NO_RESEND_WAITS,
});
const { actor, prove } = actorsOf(t, (phone) => latestCode(t, phone));

let line = 0;
function newPhone() {
  line += 1;
  return `+1415559${String(line).padStart(4, '0')}`;
}

function linkOf(phone: string) {
  const text = t.sms.outbox().find((message) => message.to === phone && message.kind !== 'verification');
  const id = text ? /\/r\/([0-9a-f-]{36})/.exec(text.body)?.[1] : undefined;
  if (!id) throw new Error(`no rating text to ${phone}`);
  return id;
}

describe('the opt-out of a forwarded link', () => {
  // `notification.optOut` logged `alreadyOptedOut` in the visitor's own entry, which their export shows:
  // the holder of a forwarded link learnt whether the owner had switched texts off or replied STOP.
  it('exports the holder of a forwarded link the same opt-out entry whether or not the owner had opted out', async () => {
    const rater = actor('203.0.113.33', 'rater-agent');
    await prove(rater, newPhone());
    const quiet = newPhone();
    const opted = newPhone();
    for (const phone of [quiet, opted]) {
      expect((await rater.call('rating.submit', ratingInput({ phoneNumber: phone }))).error).toBeNull();
    }
    await t.textsSent();
    // The secret: one owner switched rating texts off in /settings.
    const owner = actor('203.0.113.34', 'owner-agent');
    await prove(owner, opted);
    expect((await owner.call('profile.setTextsOptIn', { optIn: false })).error).toBeNull();

    const holder = actor('192.0.2.34', 'link-holder-agent');
    await prove(holder, newPhone());
    for (const phone of [quiet, opted]) {
      expect((await holder.call('notification.optOut', { id: linkOf(phone) })).error).toBeNull();
    }
    const exported = await holder.call('profile.exportData');
    expect(exported.error).toBeNull();
    const entries = (exported.data as { activity: Array<{ action: string; details: unknown }> }).activity
      .filter((entry) => entry.action.startsWith('sms_opt_out'))
      .map((entry) => JSON.stringify(entry.details).replace(/[0-9a-f-]{36}/g, '<link>'));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toBe(entries[1]);
  });

  it("keeps what became of the number in the number's own entries, for the operators", async () => {
    const rater = actor('203.0.113.35', 'rater-agent');
    await prove(rater, newPhone());
    const rated = newPhone();
    expect((await rater.call('rating.submit', ratingInput({ phoneNumber: rated }))).error).toBeNull();
    await t.textsSent();
    const holder = actor('192.0.2.35', 'link-holder-agent');
    const id = linkOf(rated);
    for (let tap = 0; tap < 2; tap += 1) {
      expect((await holder.call('notification.optOut', { id })).error).toBeNull();
    }
    const aboutNumber = await t.database.db
      .select({ details: logs.details })
      .from(logs)
      .where(and(eq(logs.phoneNumber, rated), eq(logs.action, 'sms_opt_out_recorded'), isNull(logs.userId)))
      .orderBy(asc(logs.createdAt));
    expect(aboutNumber.map((entry) => entry.details)).toEqual([
      { notificationId: id, source: 'link', alreadyOptedOut: false },
      { notificationId: id, source: 'link', alreadyOptedOut: true },
    ]);
  });
});
