import { notices } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_NEEDED,
  LINK_NOT_FOUND,
  ONE_RATING_ONLY,
  REVIEW_NOT_FOUND,
} from '../src/services/notices/file-notice';
import { NOTICE_NOT_FOUND } from '../src/services/notices/notice-status';
import { createTestApp, HttpBrowser, UNCAPPED_LIMITS_ENV } from './support/test-app';
import { errorCode, useTrustFlows } from './support/trust-flows';

/**
 * Notices from anyone, each with a reference and a status page. A notice never shows its
 * reporter anything of the rater, and never a text the reporter may not read.
 */

const { t, flows } = useTrustFlows('415554', { env: UNCAPPED_LIMITS_ENV });

const TESTIMONIAL = 'Secret words only the rated person may read.';

interface NoticeStatusReply {
  reference: string;
  reason: string;
  source: string;
  status: string;
  filedAt: string;
  decision: unknown;
}

/** Nothing of the rating's rater, its texts or its phones in a reply a reporter gets. */
function expectNothingOfTheRating(reply: unknown, secrets: string[]) {
  const text = JSON.stringify(reply);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

async function noticeRow(reference: string) {
  const [row] = await t.database.db.select().from(notices).where(eq(notices.reference, reference));
  if (!row) throw new Error(`no notice ${reference}`);
  return row;
}

describe('notice.file from the /r/{id} landing', () => {
  it('takes a notice from whoever holds the link, without unlocking, and answers only a reference', async () => {
    const { newPhone, rate, call, query, provenBrowser } = flows;
    const rated = newPhone();
    const raterPhone = newPhone();
    const rater = await provenBrowser(raterPhone);
    const { ratingId, notificationId } = await rate(rated, { testimonial: TESTIMONIAL }, rater);

    const visitor = new HttpBrowser();
    const filed = await call(visitor, 'notice.file', {
      notificationId,
      reason: 'not_about_me',
      text: 'We never dated, I do not know who this is.',
    });
    expect(filed.error).toBeNull();
    const { reference } = filed.data as { reference: string };
    expect(Object.keys(filed.data as object)).toEqual(['reference']);
    expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);

    const row = await noticeRow(reference);
    expect(row).toMatchObject({
      ratingId,
      source: 'notification_link',
      reason: 'not_about_me',
      text: 'We never dated, I do not know who this is.',
      reporterPhone: null,
      status: 'open',
    });

    // The status page: any browser holding the reference, in any spelling people type it back.
    const typed = `${reference.slice(0, 4).toLowerCase()}-${reference.slice(4, 8)} ${reference.slice(8)}`;
    for (const browser of [visitor, new HttpBrowser()]) {
      const status = await query(browser, 'notice.status', { reference: typed });
      expect(status.error).toBeNull();
      const data = status.data as NoticeStatusReply;
      expect(data).toMatchObject({
        reference,
        reason: 'not_about_me',
        source: 'notification_link',
        status: 'open',
        decision: null,
      });
      expect(Object.keys(data).sort()).toEqual([
        'decision',
        'filedAt',
        'reason',
        'reference',
        'source',
        'status',
      ]);
      expectNothingOfTheRating(data, [TESTIMONIAL, raterPhone, rated, ratingId, notificationId, 'Alex']);
    }
    expectNothingOfTheRating(filed.data, [TESTIMONIAL, raterPhone, rated, ratingId]);
  });

  it('lets a notice describe a threat: rules that hold a rating do not stop a notice about one', async () => {
    const { call, rate, newPhone } = flows;
    const { notificationId } = await rate(newPhone());
    const reply = await call(new HttpBrowser(), 'notice.file', {
      notificationId,
      reason: 'harassment',
      text: "The review says: I know where you live and I'll make you pay.",
    });
    expect(reply.error).toBeNull();
    const { reference } = reply.data as { reference: string };
    expect((await noticeRow(reference)).text).toBe(
      "The review says: I know where you live and I'll make you pay.",
    );
  });

  it('answers a link that names no rating the same way, whatever it is', async () => {
    const { call } = flows;
    const visitor = new HttpBrowser();
    for (const notificationId of ['3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c', 'not-a-link', '/r/123']) {
      const reply = await call(visitor, 'notice.file', { notificationId, reason: 'harassment' });
      expect(errorCode(reply)).toBe('NOT_FOUND');
      expect(reply.error?.message).toBe(LINK_NOT_FOUND);
    }
  });

  it('refuses what it cannot take, naming what is wrong', async () => {
    const { call, rate, newPhone } = flows;
    const { ratingId, notificationId } = await rate(newPhone());
    const visitor = new HttpBrowser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ notificationId, ratingId, reason: 'other' }, ONE_RATING_ONLY],
      [{ reason: 'other' }, DESCRIPTION_NEEDED],
      [{ reason: 'other', text: '   ' }, DESCRIPTION_NEEDED],
      [{ notificationId, reason: 'boring' }, 'Please choose why you are reporting this.'],
      [
        { notificationId, reason: 'other', text: 'x'.repeat(2001) },
        'Your description must be at most 2,000 characters',
      ],
      [
        { notificationId, reason: 'other', text: 'Call me on 415 555 0199 about it' },
        'Your description must not contain contact details (phone numbers, emails, links or @handles).',
      ],
      [
        { reason: 'other', text: 'A review about me', contact: 'later' },
        'Please give an email address or a phone number for the answer, or leave it empty.',
      ],
    ];
    for (const [input, message] of cases) {
      const reply = await call(visitor, 'notice.file', input);
      expect(errorCode(reply)).toBe('BAD_REQUEST');
      expect(reply.error?.message).toBe(message);
    }
    expect(await t.database.db.select().from(notices).where(eq(notices.ratingId, ratingId))).toHaveLength(0);
  });
});

describe('notice.file from the public Report content page', () => {
  it('takes a description and a contact for the answer from anyone', async () => {
    const { call, query } = flows;
    const reply = await call(new HttpBrowser(), 'notice.file', {
      reason: 'private_information',
      text: 'A review on ExRated says where my sister works.',
      contact: 'sister@example.com',
    });
    expect(reply.error).toBeNull();
    const { reference } = reply.data as { reference: string };
    expect(await noticeRow(reference)).toMatchObject({
      ratingId: null,
      source: 'public_form',
      contact: 'sister@example.com',
    });
    const status = (await query(new HttpBrowser(), 'notice.status', { reference })).data as NoticeStatusReply;
    expect(status).toMatchObject({ source: 'public_form', status: 'open', reason: 'private_information' });
    expectNothingOfTheRating(status, ['sister@example.com', 'where my sister works']);
  });

  it('answers an unknown or malformed reference with NOT_FOUND', async () => {
    for (const reference of ['ABCDEFGHJK12', 'x', '', "'; drop table notices; --"]) {
      const reply = await flows.query(new HttpBrowser(), 'notice.status', { reference });
      expect(errorCode(reply)).toBe('NOT_FOUND');
      expect(reply.error?.message).toBe(NOTICE_NOT_FOUND);
    }
  });
});

describe('profile.reportRating (the Report on a received review)', () => {
  it('files a notice of the same kind; a second Report answers with the open one', async () => {
    const { newPhone, rate, unlockedBrowser, call, query } = flows;
    const phone = newPhone();
    const reported = await rate(phone, { testimonial: 'You are a liar and a cheat.' });
    const other = await rate(phone, { name: 'Sam' });
    const browser = await unlockedBrowser(phone);

    const first = await call(browser, 'profile.reportRating', {
      ratingId: reported.ratingId,
      reason: 'false_claims',
      text: 'None of this happened.',
    });
    expect(first.data).toMatchObject({ status: 'open', reason: 'false_claims', alreadyReported: false });
    const { reference } = first.data as { reference: string };
    const second = await call(browser, 'profile.reportRating', {
      ratingId: reported.ratingId,
      reason: 'other',
    });
    expect(second.data).toEqual({ reference, status: 'open', reason: 'false_claims', alreadyReported: true });
    expect(await noticeRow(reference)).toMatchObject({
      ratingId: reported.ratingId,
      source: 'received_review',
      reporterPhone: phone,
      text: 'None of this happened.',
    });

    const received = (await query(browser, 'profile.ratingsReceived')).data as {
      ratings: Array<{ id: string; reportStatus: string | null }>;
    };
    expect(Object.fromEntries(received.ratings.map((r) => [r.id, r.reportStatus]))).toEqual({
      [reported.ratingId]: 'open',
      [other.ratingId]: null,
    });
    const status = (await query(new HttpBrowser(), 'notice.status', { reference })).data as NoticeStatusReply;
    expect(status).toMatchObject({ source: 'received_review', status: 'open' });
    expectNothingOfTheRating(status, ['You are a liar', phone, reported.ratingId]);
  });

  it('never takes a report of a review the session cannot read, and never tells that it exists', async () => {
    const { newPhone, rate, unlockedBrowser, call } = flows;
    const owner = newPhone();
    const othersRating = await rate(newPhone());
    const hidden = await rate(owner, { name: 'Sam' });
    const admin = await flows.adminBrowser();
    const browser = await unlockedBrowser(owner);
    const { reference } = (
      await call(browser, 'profile.reportRating', { ratingId: hidden.ratingId, reason: 'harassment' })
    ).data as { reference: string };
    const { id } = await noticeRow(reference);
    const decided = await call(admin, 'admin.decide', {
      kind: 'notice',
      id,
      outcome: 'hide',
      reason: 'harassment',
      note: '',
    });
    expect(decided.error).toBeNull();

    for (const ratingId of [othersRating.ratingId, hidden.ratingId, '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c']) {
      for (const path of ['profile.reportRating', 'notice.file']) {
        const reply = await call(browser, path, { ratingId, reason: 'harassment' });
        expect(errorCode(reply)).toBe('NOT_FOUND');
        expect(reply.error?.message).toBe(REVIEW_NOT_FOUND);
      }
    }
  });
});

describe('the notice cap', () => {
  it('counts notices per IP address, whichever form they come from', async () => {
    const capped = await createTestApp({
      env: { ...UNCAPPED_LIMITS_ENV, LIMIT_NOTICES_PER_IP_PER_HOUR: '2' },
    });
    try {
      const input = { reason: 'other' as const, text: 'Someone posted about me.' };
      const first = capped.caller({ ip: '198.51.100.7' });
      await first.trpc.notice.file(input);
      // A fresh cookie from the same address buys nothing.
      await capped.caller({ ip: '198.51.100.7' }).trpc.notice.file(input);
      await expect(capped.caller({ ip: '198.51.100.7' }).trpc.notice.file(input)).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(
          /^Too many reports from your network\. Please try again in \d+ minutes\.$/,
        ),
      });
      await expect(capped.caller({ ip: '198.51.100.8' }).trpc.notice.file(input)).resolves.toMatchObject({
        reference: expect.any(String),
      });
    } finally {
      await capped.close();
    }
  });
});
