import { ratingAppeals, ratings } from '@exrated/db/schema';
import { postgresClientOf } from '@exrated/db/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ratingInput } from './support/rating-fixtures';
import { routerProcedures } from './support/router-procedures';
import type { HttpBrowser } from './support/test-app';
import { useTrustFlows } from './support/trust-flows';
import {
  expectSameView,
  RELEASE_DELAY_MS,
  type Script,
  type Secret,
  type WorldHandle,
} from './support/two-worlds';

/**
 * What a person sees depends only on what that person did (docs/anonymity.md#non-interference). Each case
 * runs one person's script in two worlds that differ in one secret about a number the person rates or owns,
 * and expects every answer and every text the person got to be the same. Together the scripts call every
 * procedure a person who is not staff can call.
 */

const EX = '+12025550170';
const RATER = '+12025550171';
const STRANGER = '+12025550172';
const EX_PHONES = ['+12025550173', '+12025550174', '+12025550175'];
const OTHER_NUMBERS = ['+12025550176', '+12025550177', '+12025550178'];
const HOUR = 60 * 60 * 1000;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const called = new Set<string>();

async function rateAs(w: WorldHandle, who: ReturnType<WorldHandle['person']>, phone: string, text?: string) {
  return w.mutation(
    who,
    'rating.submit',
    ratingInput({ phoneNumber: phone, ...(text ? { testimonial: text } : {}) }),
  );
}

/** Somebody else proves a phone and rates the ex; returns the rating's id. */
async function strangerRatesTheEx(w: WorldHandle, text?: string) {
  const stranger = w.other('stranger');
  await w.prove(stranger, STRANGER);
  const reply = await rateAs(w, stranger, EX, text);
  expect(reply.error).toBeNull();
  return (reply.data as { ratingId: string }).ratingId;
}

const THREAT = 'I know where you live and I am coming for you.';

const secrets: Record<string, Secret> = {
  'another rating of the number stands, not yet released': async (w) => {
    await strangerRatesTheEx(w);
  },
  'another rating of the number is held by screening': async (w) => {
    const ratingId = await strangerRatesTheEx(w, THREAT);
    const [row] = await w.t.database.db
      .select({ held: ratings.heldReason })
      .from(ratings)
      .where(eq(ratings.id, ratingId));
    expect(row?.held).not.toBeNull();
  },
  'a moderator hid another rating of the number': async (w) => {
    await moderatorDecidesAHeldRating(w, 'hide');
  },
  'a moderator deleted another rating of the number': async (w) => {
    await moderatorDecidesAHeldRating(w, 'delete');
  },
  "another rating's author appealed a moderator's hide, not decided yet": async (w) => {
    await hiddenAndAppealed(w);
  },
  'another rater rated the number, then deleted their account': async (w) => {
    await strangerRatesTheEx(w);
    const stranger = w.other('stranger');
    // Deletion needs a fresh proof.
    await w.prove(stranger, STRANGER);
    expect((await w.mutation(stranger, 'profile.deleteAccount')).error).toBeNull();
  },
};

/** Somebody else's rating of the ex is held by screening, and a moderator decides it; returns its id. */
async function moderatorDecidesAHeldRating(w: WorldHandle, outcome: 'hide' | 'delete') {
  const ratingId = await strangerRatesTheEx(w, THREAT);
  const decided = await w.mutation(await w.admin(), 'admin.decide', {
    kind: 'held_rating',
    id: ratingId,
    outcome,
    reason: 'threats',
    note: 'A threat.',
  });
  expect(decided.error).toBeNull();
  return ratingId;
}

/** A moderator hides somebody else's held rating of the ex and its author appeals; returns the appeal's id. */
async function hiddenAndAppealed(w: WorldHandle) {
  const ratingId = await moderatorDecidesAHeldRating(w, 'hide');
  const appealed = await w.mutation(w.other('stranger'), 'profile.appeal', {
    ratingId,
    text: 'I was only angry, please look again.',
  });
  expect(appealed.error).toBeNull();
  const [appeal] = await w.t.database.db
    .select({ id: ratingAppeals.id })
    .from(ratingAppeals)
    .where(eq(ratingAppeals.ratingId, ratingId));
  if (!appeal) throw new Error('the appeal was not filed');
  return appeal.id;
}

const ownerSecrets: Record<string, Secret> = {
  "the number's owner proved it and did nothing more": async (w) => {
    await w.prove(w.other('owner'), EX);
  },
  'a moderator kept another rating of the number on appeal, so it stands': async (w) => {
    const appealId = await hiddenAndAppealed(w);
    const kept = await w.mutation(await w.admin(), 'admin.decide', {
      kind: 'appeal',
      id: appealId,
      outcome: 'keep',
      reason: 'within_terms',
      note: 'On a second look it does not break the terms.',
    });
    expect(kept.error).toBeNull();
  },
  "the number's owner turned on 'Do not rate me'": async (w) => {
    const owner = w.other('owner');
    await w.prove(owner, EX);
    expect((await w.mutation(owner, 'profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
  },
  "the number's owner opted out of texts": async (w) => {
    const owner = w.other('owner');
    await w.prove(owner, EX);
    expect((await w.mutation(owner, 'profile.setTextsOptIn', { optIn: false })).error).toBeNull();
  },
  'another rating of the number was released to it': async (w) => {
    await strangerRatesTheEx(w);
  },
  "the number's owner proved it, rated two exes and deleted their account": async (w) => {
    const owner = w.other('owner');
    await w.prove(owner, EX);
    for (const number of ['+12025550186', '+12025550187']) {
      expect((await rateAs(w, owner, number)).error).toBeNull();
    }
    expect((await w.mutation(owner, 'profile.deleteAccount')).error).toBeNull();
  },
};

/**
 * A rater who rates the ex and reads everything a rater can read, before and after the other rating's
 * release and a day later, then leaves.
 */
const rater: Script = async (w) => {
  const me = w.person('rater');
  await w.query(me, 'rating.questions');
  await w.query(me, 'rating.relationshipTypes');
  await w.query(me, 'rating.anonymity');
  await w.query(me, 'verification.defaultCountry');
  await w.query(me, 'transparency.report');
  await w.prove(me, RATER);
  await w.secret();
  await rateAs(w, me, EX);
  await w.query(me, 'profile.me');
  await w.query(me, 'profile.ratingsGiven');
  await w.mutation(me, 'telemetry.track', { action: 'onboarding_step_completed' });
  await w.mutation(me, 'telemetry.reportError', { message: 'A button did nothing.' });
  const filed = await w.mutation(me, 'notice.file', {
    reason: 'other',
    text: 'A review of a friend of mine looks made up.',
  });
  const reference = (filed.data as { reference?: string } | undefined)?.reference ?? 'NONE';
  await w.query(me, 'notice.status', { reference });
  await w.advance(RELEASE_DELAY_MS + HOUR);
  await w.query(me, 'profile.ratingsGiven');
  await w.query(me, 'transparency.report');
  await rateAs(w, me, EX);
  await rateAs(w, me, OTHER_NUMBERS[0] ?? '');
  await w.query(me, 'profile.ratingsReceived');
  await w.mutation(me, 'profile.updateName', { name: 'Sam' });
  await w.mutation(me, 'profile.setTextsOptIn', { optIn: false });
  await w.mutation(me, 'profile.setTextsOptIn', { optIn: true });
  await w.mutation(me, 'profile.setDoNotRate', { doNotRate: true });
  await w.mutation(me, 'profile.setDoNotRate', { doNotRate: false });
  const given = await w.query(me, 'profile.ratingsGiven');
  const firstId = (given.data as { ratings: Array<{ id: string }> }).ratings.at(-1)?.id ?? MISSING_ID;
  await w.mutation(me, 'profile.appeal', { ratingId: firstId, text: 'It is a fair review.' });
  await w.mutation(me, 'profile.reportRating', { ratingId: MISSING_ID, reason: 'other' });
  // Export and deletion need a code proven within minutes: the rater proves the number again first.
  await w.prove(me, RATER);
  await w.mutation(me, 'profile.exportData');
  await w.advance(25 * HOUR);
  await w.query(me, 'profile.ratingsGiven');
  await w.query(me, 'transparency.report');
  await w.query(me, 'notice.status', { reference });
  await w.mutation(me, 'profile.savePhone', { phoneNumber: RATER });
  await w.prove(me, RATER);
  await w.mutation(me, 'profile.deleteAccount');
  await w.query(me, 'profile.me');
  await w.mutation(me, 'profile.logout');
};

/**
 * The ex probes their own number (the daily ceiling's oracle): three phones of theirs rate it, each reads its
 * own list, then the ex proves the number and reads all they can, within the other rating's release delay.
 */
const ex: Script = async (w) => {
  const me = w.person('ex');
  await w.secret();
  for (const [index, phone] of EX_PHONES.entries()) {
    const probe = w.person(`probe ${index}`);
    await w.prove(probe, phone);
    await rateAs(w, probe, EX);
    await w.query(probe, 'profile.ratingsGiven');
    await w.mutation(probe, 'profile.exportData');
    await w.advance(10 * 60 * 1000);
  }
  await w.prove(me, EX);
  await rateAs(w, me, OTHER_NUMBERS[1] ?? '');
  await rateAs(w, me, OTHER_NUMBERS[2] ?? '');
  await w.query(me, 'profile.me');
  await w.query(me, 'profile.ratingsReceived');
  await w.mutation(me, 'profile.setDoNotRate', { doNotRate: true });
  await w.mutation(me, 'profile.setDoNotRate', { doNotRate: false });
  await w.mutation(me, 'profile.exportData');
  await w.mutation(me, 'notification.visit', { id: MISSING_ID });
  await w.mutation(me, 'notification.optOut', { id: MISSING_ID });
  await w.mutation(me, 'notice.file', { notificationId: MISSING_ID, reason: 'not_about_me' });
  await w.advance(HOUR);
  await w.query(me, 'profile.ratingsReceived');
  await w.query(me, 'transparency.report');
};

/**
 * The ex probes their number across release times: two phones of theirs rate it and reach it, a third rates it
 * once they did (the daily ceiling now counts what reached the number), and the ex reads it all. Only for
 * secrets that never reach the number: what reaches it, the ex may see.
 */
const exAcrossReleases: Script = async (w) => {
  const me = w.person('ex');
  await w.secret();
  const probes = EX_PHONES.map((phone, index) => ({ phone, browser: w.person(`probe ${index}`) }));
  for (const probe of probes.slice(0, 2)) {
    await w.prove(probe.browser, probe.phone);
    await rateAs(w, probe.browser, EX);
  }
  await w.advance(RELEASE_DELAY_MS + HOUR);
  const third = probes[2];
  if (!third) throw new Error('three probes');
  await w.prove(third.browser, third.phone);
  await rateAs(w, third.browser, EX);
  await w.query(third.browser, 'profile.ratingsGiven');
  await w.prove(me, EX);
  await rateAs(w, me, OTHER_NUMBERS[1] ?? '');
  await rateAs(w, me, OTHER_NUMBERS[2] ?? '');
  await w.query(me, 'profile.ratingsReceived');
  await w.advance(RELEASE_DELAY_MS + HOUR);
  await w.query(me, 'profile.ratingsReceived');
  await w.query(me, 'profile.me');
};

describe('a rater reads the same whatever anyone else did to the number', () => {
  for (const [name, secret] of Object.entries({ ...secrets, ...ownerSecrets })) {
    it(name, async () => {
      for (const path of await expectSameView(rater, secret)) called.add(path);
    });
  }
});

describe('the ex reads the same whatever happened to their number that has not reached them', () => {
  for (const [name, secret] of Object.entries(secrets)) {
    it(name, async () => {
      for (const path of await expectSameView(ex, secret)) called.add(path);
    });
  }
});

describe('the ex probing across release times reads the same whatever never reached them', () => {
  for (const name of [
    'another rating of the number is held by screening',
    'a moderator hid another rating of the number',
  ]) {
    const secret = secrets[name];
    if (!secret) throw new Error(`no secret '${name}'`);
    it(name, async () => {
      for (const path of await expectSameView(exAcrossReleases, secret)) called.add(path);
    });
  }
});

/**
 * The daily ceiling from the rater's side: three other ratings reached the number before the rater's, so the
 * ceiling holds theirs (silently) and a moderator keeps it. The rater reads their list before and after.
 */
const raterUnderTheCeiling: Script = async (w) => {
  const me = w.person('rater');
  await w.prove(me, RATER);
  await w.secret('before');
  await w.advance(RELEASE_DELAY_MS + HOUR);
  const rated = await rateAs(w, me, EX);
  await w.query(me, 'profile.ratingsGiven');
  const ratingId = (rated.data as { ratingId: string }).ratingId;
  await w.secret(`decide ${ratingId}`);
  await w.query(me, 'profile.ratingsGiven');
  await w.mutation(me, 'profile.appeal', { ratingId, text: 'Please look again.' });
};

const othersReachedTheNumber: Secret = async (w, step) => {
  if (step === 'before') {
    for (const [index, phone] of ['+12025550181', '+12025550182', '+12025550183'].entries()) {
      const other = w.other(`earlier rater ${index}`);
      await w.prove(other, phone);
      expect((await rateAs(w, other, EX)).error).toBeNull();
    }
  }
  if (step.startsWith('decide ')) {
    const admin = await w.admin();
    const decided = await w.mutation(admin, 'admin.decide', {
      kind: 'held_rating',
      id: step.slice('decide '.length),
      outcome: 'keep',
      reason: 'within_terms',
      note: 'Fine.',
    });
    expect(decided.error).toBeNull();
  }
};

describe('a rater whose rating the daily ceiling holds reads the same as one it does not', () => {
  it('three other ratings reached the number and a moderator kept the one the ceiling held', async () => {
    for (const path of await expectSameView(raterUnderTheCeiling, othersReachedTheNumber)) called.add(path);
  });
});

/**
 * A stranger types the number into the forms that text a code (as the unlock form invites anyone to): asks
 * for a code, guesses one, asks again inside a minute and after it. The number's own waits and daily ceiling
 * protect its phone; what the stranger is told comes from the stranger's own asking.
 */
const strangerAsksForTheNumbersCodes: Script = async (w) => {
  const me = w.person('stranger');
  await w.prove(me, STRANGER);
  await w.secret();
  await w.mutation(me, 'verification.send', { phoneNumber: EX });
  await w.mutation(me, 'verification.check', { phoneNumber: EX, code: '000000' });
  await w.advance(30_000);
  await w.mutation(me, 'verification.send', { phoneNumber: EX });
  await w.advance(31_000);
  await w.mutation(me, 'verification.send', { phoneNumber: EX });
  await w.mutation(me, 'verification.check', { phoneNumber: EX, code: '000000' });
  await w.query(me, 'profile.me');
  // Their export holds their own activity: what they asked, not what became of it.
  await w.mutation(me, 'profile.exportData');
  await w.advance(10 * 60 * 1000);
  await w.mutation(me, 'verification.send', { phoneNumber: EX });
  await w.query(me, 'profile.me');
};

const codeSecrets: Record<string, Secret> = {
  "the number's owner asked for a code and has not used it yet": async (w) => {
    const owner = w.other('owner');
    expect((await w.mutation(owner, 'verification.send', { phoneNumber: EX })).error).toBeNull();
  },
  "the number's owner proved the number a moment ago": async (w) => {
    await w.prove(w.other('owner'), EX);
  },
  "the number's owner asked for codes again and again": async (w) => {
    const owner = w.other('owner');
    for (let attempt = 0; attempt < 3; attempt++) {
      await w.mutation(owner, 'verification.send', { phoneNumber: EX });
    }
  },
};

describe("a stranger asking for the number's codes reads the same whatever its owner did", () => {
  for (const [name, secret] of Object.entries(codeSecrets)) {
    it(name, async () => {
      const paths = await expectSameView(strangerAsksForTheNumbersCodes, secret, { codeWaits: 'production' });
      for (const path of paths) called.add(path);
    });
  }
});

describe("'Do not rate me' does the same work whatever waits behind it", () => {
  const { t, flows } = useTrustFlows('415559', {
    env: { RELEASE_DELAY_MIN_MINUTES: '60', RELEASE_DELAY_SPREAD_MINUTES: '0', RELEASE_QUIET_HOURS: 'off' },
  });

  /** The statements turning the switch on and off sends, as text with its parameters left out. */
  async function statementsOfSwitch(owner: HttpBrowser) {
    const client = postgresClientOf(t.database.db);
    const spy = vi.spyOn(client, 'unsafe');
    try {
      expect((await flows.call(owner, 'profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
      expect((await flows.call(owner, 'profile.setDoNotRate', { doNotRate: false })).error).toBeNull();
      return spy.mock.calls.map(([text]) => String(text));
    } finally {
      spy.mockRestore();
    }
  }

  it('the same statements with and without a rating waiting for its release', async () => {
    // Statements are counted on the postgres.js client: the suites always run on a Postgres server.
    expect(t.database.url).not.toBeNull();
    const alone = await statementsOfSwitch(await flows.provenBrowser());
    const waitedFor = flows.newPhone();
    const owner = await flows.provenBrowser(waitedFor);
    await flows.rate(waitedFor);
    expect(await statementsOfSwitch(owner)).toEqual(alone);
  });
});

it('together the scripts call every procedure a person who is not staff can call', () => {
  const personal = [...routerProcedures().keys()].filter(
    (path) => !path.startsWith('admin.') && !path.startsWith('staff.'),
  );
  expect(personal.filter((path) => !called.has(path))).toEqual([]);
});
