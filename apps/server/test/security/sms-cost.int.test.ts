import { notifications } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fitsOneGsm7Segment } from '../../src/services/sms/sms-segments';
import { ratingInput, submitRating, usPhone } from '../support/rating-fixtures';
import { HttpBrowser, useTestApp } from '../support/test-app';
import { latestCode, trpcHttp } from '../support/verification';

/**
 * With a 21-character PUBLIC_URL the rating text was 162–163 characters, so every
 * rating text went out as two SMS segments, twice the price. Over HTTP, with the longest address
 * docs/operations.md#configuration allows (30 characters) and the longest average (10/10), the text a rating
 * gets is one GSM-7 segment.
 */

const PUBLIC_URL = 'https://ratings.exratedapp.com';
const RATER_PHONE = '+14155550191';

const t = useTestApp({ env: { PUBLIC_URL }, overrides: { runDispatcher: false } });

describe('the rating text a submission writes', () => {
  it('is one GSM-7 segment with a 30-character address', async () => {
    expect(PUBLIC_URL).toHaveLength(30);
    // A proven rater: the text of a rating whose author stands behind it.
    const rater = new HttpBrowser();
    await trpcHttp(t, rater, 'mutation', 'verification.send', { phoneNumber: RATER_PHONE });
    await trpcHttp(t, rater, 'mutation', 'verification.check', {
      phoneNumber: RATER_PHONE,
      code: latestCode(t, RATER_PHONE),
    });
    const tens = [1, 2, 3, 4, 5].map((questionId) => ({ questionId, score: 10 }));
    const reply = await submitRating(t, ratingInput({ phoneNumber: usPhone(1), scores: tens }), rater);
    expect(reply.status).toBe(200);
    const [notification] = await t.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(eq(notifications.ratingId, reply.data?.ratingId ?? ''));
    const text = notification?.message ?? '';
    expect(text).toContain(`10/10 on ExRated. See what they said: ${PUBLIC_URL}/r/`);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(fitsOneGsm7Segment(text)).toBe(true);
  });
});
