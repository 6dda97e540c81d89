// Attack run 2: non-interference probes over HTTP. Each test builds two worlds that differ only in a secret
// about a number the attacker does not own, runs the attacker's script in both, and compares everything the
// attacker sees (status, body, headers, texts to the attacker's own phones). 'held:' holds a probe that did not
// tell the worlds apart; 'fixed:' one that did on the code it was written against (docs/anonymity.md lists what
// is known to remain).
import { recordSmsOptOut } from '@exrated/db/queries';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, actorsOf } from '../support/actors';
import { ratingInput } from '../support/rating-fixtures';
import { createTestApp, type TestApp, testAdminLogin } from '../support/test-app';
import { frozenClockAt } from '../support/test-clock';
import { latestCode, type TrpcHttpReply } from '../support/verification';

// A Wednesday, 15:00 UTC: daytime in every rated zone, far from a week's or a month's edge.
const START = Date.UTC(2026, 11, 2, 15, 0, 0);
const MINUTE = 60_000;

const TARGET = '+12025550177';
const OTHER_EX_1 = '+12025550178';
const OTHER_EX_2 = '+12025550179';
const ATTACKER_PHONE = '+16465557001';
const ATTACKER_PHONE_2 = '+16465557002';
const STRANGER_PHONE = '+16465557003';
const STRANGER_PHONE_2 = '+16465557004';

// Audit entries carry the real time of the test run, not the app's clock: a stamp after the frozen day is the
// run's, and equal in meaning in both worlds.
const REAL_TIME = /"20(2[7-9]|[3-9]\d)-[^"]*"|"2026-12-0[3-9]T[^"]*"|"2026-12-[1-3]\dT[^"]*"/g;
const NOTICE_REFERENCE = /"[0-9A-Z]{12}"/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const VOLATILE_HEADERS = new Set(['date', 'x-request-id', 'request-id', 'set-cookie', 'etag']);

interface World {
  t: TestApp;
  clock: ReturnType<typeof frozenClockAt>;
  actor(ip: string, userAgent?: string, browser?: Actor['browser']): Actor;
  prove(person: Actor, phone: string): Promise<void>;
  rate(person: Actor, phone: string): Promise<string>;
  /** rating.submit of `phone` as it answers, whatever it answers. */
  submit(person: Actor, phone: string): Promise<TrpcHttpReply>;
  /** What an answer shows, with ids numbered in order of appearance (random ids differ between worlds). */
  seen(reply: TrpcHttpReply): unknown;
  /** The texts the attacker's phones got, with ids numbered. */
  inbox(phones: readonly string[]): unknown;
}

const opened: TestApp[] = [];
afterEach(async () => {
  while (opened.length > 0) await opened.pop()?.close();
});

async function world(env: Record<string, string> = {}): Promise<World> {
  const clock = frozenClockAt(START);
  const t = await createTestApp({ env: { TRUST_PROXY: '1', ...env }, overrides: { now: clock.now } });
  opened.push(t);
  const { actor, prove, rate } = actorsOf(t, (phone) => latestCode(t, phone));
  const ids = new Map<string, string>();
  const scrub = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value ?? null)
        .replace(REAL_TIME, '"<run-time>"')
        .replace(NOTICE_REFERENCE, (reference) => {
          const known = ids.get(reference);
          if (known) return known;
          const name = `"<ref${ids.size}>"`;
          ids.set(reference, name);
          return name;
        })
        .replace(UUID, (id) => {
          const known = ids.get(id);
          if (known) return known;
          const name = `<id${ids.size}>`;
          ids.set(id, name);
          return name;
        }),
    );
  return {
    t,
    clock,
    actor: (ip, userAgent = 'attacker-browser', browser) => actor(ip, userAgent, browser),
    prove,
    // A second between ratings: ratings of one moment list in id order, which differs between worlds.
    async rate(person, phone) {
      const id = await rate(person, phone);
      clock.advance(1000);
      return id;
    },
    async submit(person, phone) {
      const reply = await person.call('rating.submit', ratingInput({ phoneNumber: phone }));
      clock.advance(1000);
      return reply;
    },
    seen(reply) {
      const headers = Object.fromEntries(
        Object.entries(reply.response.headers).filter(([name]) => !VOLATILE_HEADERS.has(name)),
      );
      const cookies = reply.response.cookies.map((cookie) => ({ ...cookie, value: cookie.value === '' }));
      return scrub({ status: reply.status, data: reply.data, error: reply.error, headers, cookies });
    },
    inbox(phones) {
      return scrub(
        t.sms
          .outbox()
          .filter((message) => phones.includes(message.to))
          .map((message) => ({
            to: message.to,
            kind: message.kind,
            body: message.body.replace(/(?<![\w-])\d{6}(?![\w-])/g, '<code>'),
          })),
      );
    },
  };
}

/** Runs `secret` in world B only, then `attack` in both; the attacker's observations must match. */
async function twoWorlds(
  options: { env?: Record<string, string>; setup?: (w: World) => Promise<void> },
  secret: (w: World) => Promise<void>,
  attack: (w: World) => Promise<unknown[]>,
) {
  const a = await world(options.env);
  const b = await world(options.env);
  await options.setup?.(a);
  await options.setup?.(b);
  await secret(b);
  // The secret took B's clock forward; the attacker acts at the same moments in both worlds.
  const lag = b.clock.now().getTime() - a.clock.now().getTime();
  if (lag > 0) a.clock.advance(lag);
  if (lag < 0) b.clock.advance(-lag);
  await a.t.textsSent();
  await b.t.textsSent();
  const seenA = await attack(a);
  const seenB = await attack(b);
  await a.t.textsSent();
  await b.t.textsSent();
  expect(seenB).toEqual(seenA);
}

/** An attacker who proved their own phone and rated two other exes (unlocked), behind their own address. */
async function unlockedAttacker(w: World, phone = ATTACKER_PHONE, ip = '198.51.100.7') {
  const attacker = w.actor(ip);
  await w.prove(attacker, phone);
  await w.rate(attacker, OTHER_EX_1);
  await w.rate(attacker, OTHER_EX_2);
  return attacker;
}

async function owner(w: World, ip = '192.0.2.50') {
  const person = w.actor(ip, 'owner-browser');
  await w.prove(person, TARGET);
  return person;
}

async function strangerRates(w: World, phone: string, ip: string) {
  const stranger = w.actor(ip, 'stranger-browser');
  await w.prove(stranger, phone);
  return w.rate(stranger, TARGET);
}

describe('held: verification.send to the target while the owner has a live code', () => {
  it('answers the attacker the same whether or not the owner asked for a code a moment ago', async () => {
    await twoWorlds(
      {},
      async (b) => {
        const person = b.actor('192.0.2.50', 'owner-browser');
        await person.call('verification.send', { phoneNumber: TARGET });
        b.clock.advance(20_000);
      },
      async (w) => {
        if (!w.clock) throw new Error('no clock');
        const attacker = w.actor('198.51.100.7');
        const seen = [w.seen(await attacker.call('verification.send', { phoneNumber: TARGET }))];
        w.clock.advance(61_000);
        seen.push(w.seen(await attacker.call('verification.send', { phoneNumber: TARGET })));
        seen.push(w.seen(await attacker.query('profile.me')));
        return seen;
      },
    );
  });
});

describe('held: verification.send to a number that got its codes of the day from others', () => {
  it('answers the attacker the same whether or not the number used up its daily codes', async () => {
    await twoWorlds(
      {},
      async (b) => {
        for (let index = 0; index < 12; index += 1) {
          const person = b.actor(`192.0.2.${60 + index}`, 'owner-browser');
          await person.call('verification.send', { phoneNumber: TARGET });
          b.clock.advance(61 * MINUTE);
        }
      },
      async (w) => {
        const attacker = w.actor('198.51.100.7');
        const seen = [w.seen(await attacker.call('verification.send', { phoneNumber: TARGET }))];
        seen.push(w.seen(await attacker.call('verification.check', { phoneNumber: TARGET, code: '000000' })));
        return seen;
      },
    );
  });
});

describe('held: verification.check on the target after others guessed at its code', () => {
  it('answers wrong guesses alike whether or not the code is live or locked by others', async () => {
    await twoWorlds(
      {},
      async (b) => {
        const person = b.actor('192.0.2.50', 'owner-browser');
        await person.call('verification.send', { phoneNumber: TARGET });
        const stranger = b.actor('192.0.2.99', 'stranger-browser');
        for (let index = 0; index < 6; index += 1) {
          await stranger.call('verification.check', { phoneNumber: TARGET, code: '111111' });
        }
      },
      async (w) => {
        const attacker = w.actor('198.51.100.7');
        const seen: unknown[] = [];
        for (let index = 0; index < 3; index += 1) {
          seen.push(
            w.seen(await attacker.call('verification.check', { phoneNumber: TARGET, code: '123456' })),
          );
        }
        return seen;
      },
    );
  });
});

describe('held: verification.send to a number that replied STOP', () => {
  it('answers the attacker the same whether or not the owner replied STOP', async () => {
    await twoWorlds(
      {},
      async (b) => {
        await recordSmsOptOut(b.t.database.db, { phoneNumber: TARGET, source: 'reply' });
        await b.t.app.services.sessions.endProofsOf(TARGET);
      },
      async (w) => {
        const attacker = w.actor('198.51.100.7');
        return [w.seen(await attacker.call('verification.send', { phoneNumber: TARGET }))];
      },
    );
  });
});

/** The attacker rates the target and reads every page of their own that could carry the rating's fate. */
async function rateTargetAndLook(w: World, attacker: Actor) {
  const seen = [w.seen(await w.submit(attacker, TARGET))];
  await w.t.textsSent();
  seen.push(w.seen(await attacker.query('profile.me')));
  seen.push(w.seen(await attacker.query('profile.ratingsGiven')));
  seen.push(w.seen(await attacker.query('profile.ratingsReceived')));
  seen.push(w.seen(await attacker.call('profile.exportData')));
  seen.push(w.inbox([ATTACKER_PHONE]));
  return seen;
}

describe("held: rating.submit of a number whose owner turned on 'Do not rate me'", () => {
  it("shows the attacker the same whether or not 'Do not rate me' is on", async () => {
    await twoWorlds(
      {},
      async (b) => {
        const person = await owner(b);
        expect((await person.call('profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
      },
      async (w) => rateTargetAndLook(w, await unlockedAttacker(w)),
    );
  });
});

describe('held: rating.submit of a number whose owner switched texts off in /settings', () => {
  it('shows the attacker the same whether or not texts are off', async () => {
    await twoWorlds(
      {},
      async (b) => {
        const person = await owner(b);
        expect((await person.call('profile.setTextsOptIn', { optIn: false })).error).toBeNull();
      },
      async (w) => rateTargetAndLook(w, await unlockedAttacker(w)),
    );
  });
});

describe('held: rating.submit of a number over its daily ceiling', () => {
  it('shows the attacker the same whether or not others rated the number today', async () => {
    await twoWorlds(
      { env: { LIMIT_RATINGS_PER_NUMBER_PER_DAY: '1' } },
      async (b) => {
        await strangerRates(b, STRANGER_PHONE, '192.0.2.80');
        await strangerRates(b, STRANGER_PHONE_2, '192.0.2.81');
      },
      async (w) => {
        const attacker = await unlockedAttacker(w);
        const seen = await rateTargetAndLook(w, attacker);
        const given = (await attacker.query('profile.ratingsGiven')).data as {
          ratings: Array<{ id: string }>;
        };
        for (const rating of given.ratings) {
          seen.push(
            w.seen(
              await attacker.call('profile.appeal', { ratingId: rating.id, text: 'Please look again.' }),
            ),
          );
        }
        return seen;
      },
    );
  });
});

describe('held: rating.submit of a number over its daily text cap', () => {
  it('shows the attacker the same whether or not the number got its texts of the day', async () => {
    await twoWorlds(
      { env: { LIMIT_RATING_TEXTS_PER_RECIPIENT_PER_DAY: '1' } },
      async (b) => {
        await strangerRates(b, STRANGER_PHONE, '192.0.2.80');
        await strangerRates(b, STRANGER_PHONE_2, '192.0.2.81');
      },
      async (w) => rateTargetAndLook(w, await unlockedAttacker(w)),
    );
  });
});

/** After the attacker's rating of the target stands, `secret` runs in world B; then the attacker looks again. */
async function afterAttackerRated(secret: (w: World) => Promise<void>) {
  const attackers = new Map<World, { attacker: Actor; ratingId: string }>();
  await twoWorlds(
    {
      setup: async (w) => {
        const attacker = await unlockedAttacker(w);
        const ratingId = await w.rate(attacker, TARGET);
        attackers.set(w, { attacker, ratingId });
        await w.t.textsSent();
      },
    },
    secret,
    async (w) => {
      const entry = attackers.get(w);
      if (!entry) throw new Error('no attacker');
      const { attacker, ratingId } = entry;
      const stranger = w.actor('203.0.113.77', 'stranger-browser');
      return [
        w.seen(await attacker.query('profile.me')),
        w.seen(await attacker.query('profile.ratingsGiven')),
        w.seen(await attacker.call('profile.appeal', { ratingId, text: 'It was fair.' })),
        w.seen(await attacker.call('notice.file', { ratingId, reason: 'other', text: 'Checking this one.' })),
        w.seen(
          await attacker.call('notice.file', {
            notificationId: ratingId,
            reason: 'other',
            text: 'A link check.',
          }),
        ),
        w.seen(await attacker.call('notification.visit', { id: ratingId })),
        w.seen(await stranger.call('notification.visit', { id: ratingId })),
        w.seen(await w.submit(attacker, TARGET)),
        w.seen(await attacker.query('transparency.report')),
        w.seen(await attacker.call('profile.exportData')),
        w.inbox([ATTACKER_PHONE]),
      ];
    },
  );
}

/** The owner, proven and unlocked, finds the one received rating and returns its id. */
async function ownerUnlocked(w: World) {
  const person = await owner(w);
  await w.rate(person, '+12025550190');
  await w.rate(person, '+12025550191');
  const received = (await person.query('profile.ratingsReceived')).data as { ratings: Array<{ id: string }> };
  const rating = received.ratings[0];
  if (!rating) throw new Error('the owner sees no rating');
  return { person, ratingId: rating.id };
}

describe('held: the owner reported the attacker’s rating', () => {
  it('shows the attacker the same whether or not the owner filed a notice', async () => {
    await afterAttackerRated(async (b) => {
      const { person, ratingId } = await ownerUnlocked(b);
      const reply = await person.call('profile.reportRating', {
        ratingId,
        reason: 'harassment',
        text: 'Not true.',
      });
      expect(reply.error).toBeNull();
    });
  });
});

describe('held: the owner deleted their account after being rated', () => {
  it('shows the attacker the same whether or not the owner deleted the account', async () => {
    await afterAttackerRated(async (b) => {
      const person = await owner(b);
      expect((await person.call('profile.deleteAccount')).error).toBeNull();
    });
  });
});

describe("held: the owner turned on 'Do not rate me' after being rated", () => {
  it('shows the attacker the same whether or not the switch went on afterwards', async () => {
    await afterAttackerRated(async (b) => {
      const person = await owner(b);
      expect((await person.call('profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    });
  });
});

describe('held: the owner replied STOP after being rated', () => {
  it('shows the attacker the same whether or not the owner replied STOP', async () => {
    await afterAttackerRated(async (b) => {
      await recordSmsOptOut(b.t.database.db, { phoneNumber: TARGET, source: 'reply' });
      await b.t.app.services.sessions.endProofsOf(TARGET);
    });
  });
});

describe('held: the owner opened the /r/{id} link and opted out there', () => {
  it('shows the attacker the same whether or not the owner visited and opted out', async () => {
    await afterAttackerRated(async (b) => {
      const text = b.t.sms
        .outbox()
        .find((message) => message.to === TARGET && message.kind !== 'verification');
      const id = text ? /\/r\/([0-9a-f-]{36})/.exec(text.body)?.[1] : undefined;
      if (!id) throw new Error('no rating text to the target');
      const person = b.actor('192.0.2.50', 'owner-browser');
      expect((await person.call('notification.visit', { id })).error).toBeNull();
      expect((await person.call('notification.optOut', { id })).error).toBeNull();
    });
  });
});

describe('held: a moderator hid the stranger’s rating of the target', () => {
  it('shows the attacker the same transparency page and rating answers whether or not a moderator acted', async () => {
    await afterAttackerRated(async (b) => {
      const ratingId = await strangerRates(b, STRANGER_PHONE, '192.0.2.80');
      const { person } = await ownerUnlocked(b);
      const reported = await person.call('profile.reportRating', {
        ratingId,
        reason: 'harassment',
        text: 'Lies.',
      });
      expect(reported.error).toBeNull();
      const admin = b.actor('192.0.2.200', 'admin-browser');
      expect((await admin.call('admin.login', testAdminLogin())).error).toBeNull();
      const queue = await admin.query('admin.queue', { kind: 'notice' });
      const item = firstNotice(queue.data);
      const decided = await admin.call('admin.decide', {
        kind: 'notice',
        id: item,
        outcome: 'hide',
        reason: 'harassment',
        note: 'Hidden after the notice.',
      });
      expect(decided.error).toBeNull();
    });
  });
});

/** The id of the first notice item anywhere in a queue answer. */
function firstNotice(value: unknown): string {
  return firstItem(value, 'notice');
}

/** The id of the first item of `kind` anywhere in a queue answer. */
function firstItem(value: unknown, kind: string): string {
  const stack = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (Array.isArray(next)) stack.push(...next);
    else if (next && typeof next === 'object') {
      const record = next as Record<string, unknown>;
      if (record.kind === kind && typeof record.id === 'string') return record.id;
      stack.push(...Object.values(record));
    }
  }
  throw new Error(`no ${kind} in the queue`);
}

describe('held: profile.savePhone of the target', () => {
  it('answers the attacker the same whether or not the target has a proven profile with switches on', async () => {
    await twoWorlds(
      {},
      async (b) => {
        const person = await owner(b);
        await person.call('profile.updateName', { name: 'Sam' });
        await person.call('profile.setDoNotRate', { doNotRate: true });
      },
      async (w) => {
        const attacker = w.actor('198.51.100.7');
        return [
          w.seen(await attacker.call('profile.savePhone', { phoneNumber: TARGET })),
          w.seen(await attacker.query('profile.me')),
          w.seen(await attacker.call('profile.setDoNotRate', { doNotRate: false })),
          w.seen(await attacker.query('profile.ratingsGiven')),
        ];
      },
    );
  });
});

describe('held: the target asked for and used a code (proved the number)', () => {
  it('answers the attacker’s probes the same whether or not the number was ever proven', async () => {
    await twoWorlds(
      {},
      async (b) => {
        await owner(b);
        b.clock.advance(30 * MINUTE);
      },
      async (w) => {
        const attacker = await unlockedAttacker(w);
        const fresh = w.actor('198.51.100.8');
        return [
          ...(await rateTargetAndLook(w, attacker)),
          w.seen(await fresh.call('profile.savePhone', { phoneNumber: TARGET })),
          w.seen(await fresh.call('verification.send', { phoneNumber: TARGET })),
          w.seen(await fresh.query('profile.me')),
        ];
      },
    );
  });
});

describe('held: the ex polls before the release time', () => {
  it('shows the rated person nothing of a rating before its release', async () => {
    const owners = new Map<World, Actor>();
    await twoWorlds(
      {
        env: { RELEASE_DELAY_MIN_MINUTES: '720', RELEASE_DELAY_SPREAD_MINUTES: '720' },
        setup: async (w) => {
          const person = await owner(w);
          await w.rate(person, '+12025550190');
          await w.rate(person, '+12025550191');
          owners.set(w, person);
        },
      },
      async (b) => {
        await strangerRates(b, STRANGER_PHONE, '192.0.2.80');
      },
      async (w) => {
        const person = owners.get(w);
        if (!person) throw new Error('no owner');
        const seen: unknown[] = [];
        for (let step = 0; step < 6; step += 1) {
          seen.push(w.seen(await person.query('profile.me')));
          seen.push(w.seen(await person.query('profile.ratingsReceived')));
          seen.push(w.seen(await person.call('profile.exportData')));
          w.clock.advance(MINUTE);
        }
        await w.t.textsSent();
        seen.push(w.inbox([TARGET]));
        return seen;
      },
    );
  });
});

describe('held: a shared browser after the earlier person logged out', () => {
  it('hands the next prover nothing of the earlier person', async () => {
    const browsers = new Map<World, Actor>();
    await twoWorlds(
      {
        setup: async (w) => {
          browsers.set(w, w.actor('198.51.100.30', 'library-pc'));
        },
      },
      async (b) => {
        const earlier = browsers.get(b);
        if (!earlier) throw new Error('no browser');
        await b.prove(earlier, STRANGER_PHONE);
        await b.rate(earlier, TARGET);
        await b.rate(earlier, OTHER_EX_1);
        await earlier.call('profile.setDoNotRate', { doNotRate: true });
        await earlier.call('profile.logout');
        b.clock.advance(5 * MINUTE);
      },
      async (w) => {
        const shared = browsers.get(w);
        if (!shared) throw new Error('no browser');
        const next = w.actor('198.51.100.30', 'library-pc', shared.browser);
        const seen = [w.seen(await next.query('profile.me'))];
        await w.prove(next, ATTACKER_PHONE);
        seen.push(w.seen(await next.query('profile.me')));
        seen.push(w.seen(await next.query('profile.ratingsGiven')));
        seen.push(w.seen(await next.call('profile.exportData')));
        return seen;
      },
    );
  });
});

describe('held: a proof is a lease', () => {
  it('ends the power of a session that proved a number once the owner proves it elsewhere', async () => {
    const w = await world();
    const borrowed = w.actor('198.51.100.7');
    await w.prove(borrowed, TARGET);
    await w.rate(borrowed, OTHER_EX_1);
    await w.rate(borrowed, OTHER_EX_2);
    expect((await borrowed.query('profile.ratingsReceived')).error).toBeNull();
    w.clock.advance(2 * MINUTE);
    const person = w.actor('192.0.2.50', 'owner-browser');
    await w.prove(person, TARGET);
    for (const [kind, path, input] of [
      ['query', 'profile.ratingsReceived', undefined],
      ['mutation', 'profile.exportData', undefined],
      ['mutation', 'profile.setDoNotRate', { doNotRate: false }],
      ['mutation', 'profile.setTextsOptIn', { optIn: true }],
      ['mutation', 'profile.deleteAccount', undefined],
    ] as const) {
      const reply = kind === 'query' ? await borrowed.query(path, input) : await borrowed.call(path, input);
      expect(reply.error, path).not.toBeNull();
    }
    expect(((await borrowed.query('profile.me')).data as { isVerified: boolean }).isVerified).toBe(false);
  });

  it('ends the power of every session of a number that replied STOP', async () => {
    const w = await world();
    const borrowed = w.actor('198.51.100.7');
    await w.prove(borrowed, TARGET);
    await recordSmsOptOut(w.t.database.db, { phoneNumber: TARGET, source: 'reply' });
    await w.t.app.services.sessions.endProofsOf(TARGET);
    expect((await borrowed.call('profile.exportData')).error).not.toBeNull();
    expect((await borrowed.call('profile.setTextsOptIn', { optIn: true })).error).not.toBeNull();
  });

  it('asks a fresh proof for export, deletion and turning Do not rate me off', async () => {
    const w = await world();
    const person = w.actor('192.0.2.50', 'owner-browser');
    await w.prove(person, TARGET);
    expect((await person.call('profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    w.clock.advance(11 * MINUTE);
    expect((await person.call('profile.exportData')).error).not.toBeNull();
    expect((await person.call('profile.deleteAccount')).error).not.toBeNull();
    expect((await person.call('profile.setDoNotRate', { doNotRate: false })).error).not.toBeNull();
    expect((await person.call('profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
  });
});

describe('held: deletion does not launder the once-per-30-days rule or the code history', () => {
  it('refuses a second rating of the same number after the rater deleted and proved again', async () => {
    const w = await world();
    const attacker = w.actor('198.51.100.7');
    await w.prove(attacker, ATTACKER_PHONE);
    await w.rate(attacker, TARGET);
    expect((await attacker.call('profile.deleteAccount')).error).toBeNull();
    const codesBefore = w.t.sms.outbox().filter((message) => message.to === ATTACKER_PHONE).length;
    const again = w.actor('198.51.100.8');
    // The number's code ledger survives the deletion: a send within its wait texts nothing.
    expect((await again.call('verification.send', { phoneNumber: ATTACKER_PHONE })).error).toBeNull();
    expect(w.t.sms.outbox().filter((message) => message.to === ATTACKER_PHONE)).toHaveLength(codesBefore);
    w.clock.advance(2 * MINUTE);
    expect((await again.call('verification.send', { phoneNumber: ATTACKER_PHONE })).error).toBeNull();
    await again.call('verification.check', {
      phoneNumber: ATTACKER_PHONE,
      code: latestCode(w.t, ATTACKER_PHONE),
    });
    const second = await again.call('rating.submit', ratingInput({ phoneNumber: TARGET }));
    expect(second.error?.data.code).toBe('TOO_MANY_REQUESTS');
    // Unproven first, proven after: the proof must drop it as well.
    const sneaky = w.actor('198.51.100.9');
    await sneaky.call('rating.submit', ratingInput({ phoneNumber: TARGET }));
    w.clock.advance(2 * MINUTE);
    await w.prove(sneaky, ATTACKER_PHONE);
    const given = (await sneaky.query('profile.ratingsGiven')).data as { ratings: unknown[] };
    expect(given.ratings).toHaveLength(0);
  });
});

describe('held: rate-limit answers of rating.submit for another number', () => {
  it('answers the attacker the same whether or not others hit the number’s caps', async () => {
    await twoWorlds(
      { env: { LIMIT_RATINGS_PER_NUMBER_PER_DAY: '1', LIMIT_HELD_RATINGS_PER_PHONE_PER_DAY: '1' } },
      async (b) => {
        for (let index = 0; index < 4; index += 1) {
          await strangerRates(b, `+1646555710${index}`, `192.0.2.${90 + index}`);
        }
      },
      async (w) => {
        const attacker = await unlockedAttacker(w, ATTACKER_PHONE_2);
        const seen: unknown[] = [];
        seen.push(w.seen(await w.submit(attacker, TARGET)));
        seen.push(w.seen(await w.submit(attacker, TARGET)));
        seen.push(w.seen(await attacker.query('profile.ratingsGiven')));
        return seen;
      },
    );
  });
});

describe('held: the attacker’s own export after probing the target’s codes', () => {
  it('exports the same activity whether or not the owner had a live code or others locked it', async () => {
    await twoWorlds(
      {},
      async (b) => {
        const person = b.actor('192.0.2.50', 'owner-browser');
        await person.call('verification.send', { phoneNumber: TARGET });
        const stranger = b.actor('192.0.2.99', 'stranger-browser');
        for (let index = 0; index < 6; index += 1) {
          await stranger.call('verification.check', { phoneNumber: TARGET, code: '111111' });
        }
      },
      async (w) => {
        const attacker = w.actor('198.51.100.7');
        await w.prove(attacker, ATTACKER_PHONE);
        const seen = [w.seen(await attacker.call('verification.send', { phoneNumber: TARGET }))];
        seen.push(w.seen(await attacker.call('verification.check', { phoneNumber: TARGET, code: '123456' })));
        seen.push(w.seen(await attacker.query('profile.me')));
        // The send left the attacker's session holding the target unproven; prove their own phone again.
        w.clock.advance(2 * MINUTE);
        await w.prove(attacker, ATTACKER_PHONE);
        seen.push(w.seen(await attacker.call('profile.exportData')));
        return seen;
      },
    );
  });
});

describe("held: an unproven rating of a 'Do not rate me' number, then the rater's proof", () => {
  it('answers the proof and the export alike whether or not the number asked not to be rated', async () => {
    await twoWorlds(
      { env: { LIMIT_RATINGS_PER_NUMBER_PER_DAY: '1' } },
      async (b) => {
        const person = await owner(b);
        await person.call('profile.setDoNotRate', { doNotRate: true });
        await strangerRates(b, STRANGER_PHONE, '192.0.2.80');
      },
      async (w) => {
        const attacker = w.actor('198.51.100.7');
        const seen = [w.seen(await w.submit(attacker, TARGET)), w.seen(await w.submit(attacker, OTHER_EX_1))];
        seen.push(w.seen(await attacker.query('profile.ratingsGiven')));
        expect((await attacker.call('verification.send', { phoneNumber: ATTACKER_PHONE })).error).toBeNull();
        seen.push(
          w.seen(
            await attacker.call('verification.check', {
              phoneNumber: ATTACKER_PHONE,
              code: latestCode(w.t, ATTACKER_PHONE),
            }),
          ),
        );
        seen.push(w.seen(await attacker.query('profile.me')));
        seen.push(w.seen(await attacker.query('profile.ratingsGiven')));
        seen.push(w.seen(await attacker.call('profile.exportData')));
        return seen;
      },
    );
  });
});

describe('fixed: a forwarded /r/{id} link told its visitor, in their export, whether the number had a profile', () => {
  it('shows the visitor the same answer and export whether or not the owner proved the number before', async () => {
    const links = new Map<World, string>();
    await twoWorlds(
      {
        setup: async (w) => {
          await strangerRates(w, STRANGER_PHONE, '192.0.2.80');
          await w.t.textsSent();
          const text = w.t.sms
            .outbox()
            .find((message) => message.to === TARGET && message.kind !== 'verification');
          const id = text ? /\/r\/([0-9a-f-]{36})/.exec(text.body)?.[1] : undefined;
          if (!id) throw new Error('no rating text to the target');
          links.set(w, id);
        },
      },
      async (b) => {
        await owner(b);
      },
      async (w) => {
        const id = links.get(w);
        if (!id) throw new Error('no link');
        const attacker = w.actor('198.51.100.7');
        await w.prove(attacker, ATTACKER_PHONE);
        return [
          w.seen(await attacker.call('notification.visit', { id })),
          w.seen(await attacker.call('notification.visit', { id })),
          w.seen(
            await attacker.call('notice.file', {
              notificationId: id,
              reason: 'other',
              text: 'Forwarded to me.',
            }),
          ),
          w.seen(await attacker.call('profile.exportData')),
        ];
      },
    );
  });
});

describe('held: the rated person reads no rating time in their own pages or export', () => {
  it('carries no moment near the rating in the ex’s answers once the rating is released', async () => {
    const w = await world({ RELEASE_DELAY_MIN_MINUTES: '720', RELEASE_DELAY_SPREAD_MINUTES: '720' });
    w.clock.advance(7 * 60 * MINUTE);
    const ratedAt = w.clock.now().getTime();
    await strangerRates(w, STRANGER_PHONE, '192.0.2.80');
    w.clock.advance(2 * 24 * 60 * MINUTE);
    await w.t.app.services.dispatcher.kick();
    await w.t.textsSent();
    const person = await owner(w);
    await w.rate(person, '+12025550190');
    await w.rate(person, '+12025550191');
    const answers = [
      await person.query('profile.ratingsReceived'),
      await person.call('profile.exportData'),
      await person.query('profile.me'),
    ];
    const received = (answers[0]?.data as { ratings: unknown[] } | undefined)?.ratings;
    expect(received).toHaveLength(1);
    const text = w.t.sms.outbox().find((message) => message.to === TARGET && message.kind !== 'verification');
    const id = text ? /\/r\/([0-9a-f-]{36})/.exec(text.body)?.[1] : undefined;
    if (id) answers.push(await person.call('notification.visit', { id }));
    const stamps = answers.flatMap((answer) =>
      [...JSON.stringify(answer.data ?? null).matchAll(/"(\d{4}-\d\d-\d\dT[^"]+)"/g)].map((match) =>
        Date.parse(match[1] ?? ''),
      ),
    );
    const near = stamps.filter((stamp) => Math.abs(stamp - ratedAt) < 36 * 60 * MINUTE);
    expect(near.map((stamp) => new Date(stamp).toISOString())).toEqual([]);
  });
});

describe('held: a moderator’s keep on a rating held by the number’s daily ceiling', () => {
  it('shows the author the same rating whether or not others rated the number that day', async () => {
    const attackers = new Map<World, Actor>();
    await twoWorlds(
      {
        env: { LIMIT_RATINGS_PER_NUMBER_PER_DAY: '1' },
        setup: async (w) => {
          attackers.set(w, await unlockedAttacker(w));
        },
      },
      async (b) => {
        await strangerRates(b, STRANGER_PHONE, '192.0.2.80');
      },
      async (w) => {
        const attacker = attackers.get(w);
        if (!attacker) throw new Error('no attacker');
        const seen = [w.seen(await w.submit(attacker, TARGET))];
        // The moderators work through whatever their queue holds, as they do every day.
        const admin = w.actor('192.0.2.200', 'admin-browser');
        expect((await admin.call('admin.login', testAdminLogin())).error).toBeNull();
        const queue = await admin.query('admin.queue', { kind: 'held_rating' });
        let held: string | null = null;
        try {
          held = firstItem(queue.data, 'held_rating');
        } catch {
          held = null;
        }
        if (held) {
          await admin.call('admin.decide', {
            kind: 'held_rating',
            id: held,
            outcome: 'keep',
            reason: 'within_terms',
            note: 'Fine.',
          });
        }
        seen.push(w.seen(await attacker.query('profile.ratingsGiven')));
        seen.push(w.seen(await attacker.call('profile.exportData')));
        return seen;
      },
    );
  });
});

/** A rater who proved STRANGER_PHONE rated the target; the owner is proven and unlocked and reads. */
async function ownerReadsAfterRater(secret: (w: World, rater: Actor) => Promise<void>) {
  const cast = new Map<World, { rater: Actor; person: Actor }>();
  await twoWorlds(
    {
      setup: async (w) => {
        const rater = w.actor('192.0.2.80', 'stranger-browser');
        await w.prove(rater, STRANGER_PHONE);
        await w.rate(rater, TARGET);
        await w.t.textsSent();
        const person = await owner(w);
        await w.rate(person, '+12025550190');
        await w.rate(person, '+12025550191');
        cast.set(w, { rater, person });
      },
    },
    async (b) => {
      const entry = cast.get(b);
      if (!entry) throw new Error('no cast');
      await secret(b, entry.rater);
    },
    async (w) => {
      const entry = cast.get(w);
      if (!entry) throw new Error('no cast');
      const { person } = entry;
      const received = await person.query('profile.ratingsReceived');
      const first = (received.data as { ratings: Array<{ id: string }> } | undefined)?.ratings[0];
      return [
        w.seen(received),
        w.seen(await person.query('profile.me')),
        w.seen(await person.call('profile.exportData')),
        first
          ? w.seen(
              await person.call('profile.reportRating', {
                ratingId: first.id,
                reason: 'other',
                text: 'Who?',
              }),
            )
          : null,
        w.inbox([TARGET]),
      ];
    },
  );
}

describe('held: the rater logged out after rating the ex', () => {
  it('shows the ex the same whether or not the rater logged out', async () => {
    await ownerReadsAfterRater(async (_b, rater) => {
      expect((await rater.call('profile.logout')).error).toBeNull();
    });
  });
});

describe('held: the rater appealed or the rater’s phone replied STOP', () => {
  it('shows the ex the same whether or not the rater acted on their own account', async () => {
    await ownerReadsAfterRater(async (b, rater) => {
      await rater.call('profile.setDoNotRate', { doNotRate: true });
      await recordSmsOptOut(b.t.database.db, { phoneNumber: STRANGER_PHONE, source: 'reply' });
      await b.t.app.services.sessions.endProofsOf(STRANGER_PHONE);
    });
  });
});

/** An earlier person used the library computer; the next person sits down at the same browser. */
async function sharedBrowser(earlier: (w: World, browser: Actor) => Promise<void>) {
  const browsers = new Map<World, Actor>();
  await twoWorlds(
    {
      setup: async (w) => {
        browsers.set(w, w.actor('198.51.100.30', 'library-pc'));
      },
    },
    async (b) => {
      const browser = browsers.get(b);
      if (!browser) throw new Error('no browser');
      await earlier(b, browser);
      b.clock.advance(10 * MINUTE);
    },
    async (w) => {
      const shared = browsers.get(w);
      if (!shared) throw new Error('no browser');
      const next = w.actor('198.51.100.30', 'library-pc', shared.browser);
      // Before their own proof the next person is in the earlier person's session, as on any site left
      // signed in; what counts is what their proof hands them.
      await w.prove(next, ATTACKER_PHONE);
      const seen: unknown[] = [];
      seen.push(w.seen(await next.query('profile.me')));
      seen.push(w.seen(await next.query('profile.ratingsGiven')));
      seen.push(w.seen(await next.call('profile.exportData')));
      return seen;
    },
  );
}

describe('held: a shared browser where the earlier person asked for a code and never used it', () => {
  it('hands the next prover nothing of the earlier person’s code request', async () => {
    await sharedBrowser(async (_b, browser) => {
      await browser.call('verification.send', { phoneNumber: STRANGER_PHONE });
    });
  });
});

describe('held: a shared browser where the earlier person proved, rated and walked away without logging out', () => {
  it('hands the next prover nothing of the earlier proven person', async () => {
    await sharedBrowser(async (b, browser) => {
      await b.prove(browser, STRANGER_PHONE);
      await b.rate(browser, TARGET);
      await browser.call('profile.setDoNotRate', { doNotRate: true });
    });
  });
});

describe('held: deletion does not launder the repeat-offender record', () => {
  it('holds the next rating of a phone whose deleted account had ratings removed', async () => {
    const w = await world();
    const admin = w.actor('192.0.2.200', 'admin-browser');
    expect((await admin.call('admin.login', testAdminLogin())).error).toBeNull();
    const saved = await admin.call('admin.saveSettings', {
      maintenanceMode: false,
      logLevel: 'info',
      repeatOffenderThreshold: 1,
    });
    expect(saved.error).toBeNull();
    const attacker = w.actor('198.51.100.7');
    await w.prove(attacker, ATTACKER_PHONE);
    const exes = ['+12025550181', '+12025550182'];
    for (const [index, ex] of exes.entries()) {
      await w.rate(attacker, ex);
      const person = w.actor(`192.0.2.${50 + index}`, 'owner-browser');
      await w.prove(person, ex);
      await w.rate(person, `+1202555019${index * 2}`);
      await w.rate(person, `+1202555019${index * 2 + 1}`);
      const received = (await person.query('profile.ratingsReceived')).data as {
        ratings: Array<{ id: string }>;
      };
      const ratingId = received.ratings[0]?.id;
      expect(
        (await person.call('profile.reportRating', { ratingId, reason: 'harassment', text: 'Abuse.' })).error,
      ).toBeNull();
      const queue = await admin.query('admin.queue', { kind: 'notice' });
      const decided = await admin.call('admin.decide', {
        kind: 'notice',
        id: firstNotice(queue.data),
        outcome: 'delete',
        reason: 'harassment',
        note: 'Removed.',
      });
      expect(decided.error).toBeNull();
    }
    w.clock.advance(2 * MINUTE);
    await w.prove(attacker, ATTACKER_PHONE);
    expect((await attacker.call('profile.deleteAccount')).error).toBeNull();
    w.clock.advance(2 * MINUTE);
    const again = w.actor('198.51.100.8');
    await w.prove(again, ATTACKER_PHONE);
    await w.rate(again, '+12025550185');
    const given = (await again.query('profile.ratingsGiven')).data as { ratings: Array<{ state: string }> };
    expect(given.ratings.map((rating) => rating.state)).toEqual(['held']);
  });
});

/** A stranger rated the target; the link of its text was forwarded to the attacker, who uses it after `secret`. */
async function forwardedLink(secret: (w: World) => Promise<void>) {
  const links = new Map<World, string>();
  await twoWorlds(
    {
      setup: async (w) => {
        await strangerRates(w, STRANGER_PHONE, '192.0.2.80');
        await w.t.textsSent();
        const text = w.t.sms
          .outbox()
          .find((message) => message.to === TARGET && message.kind !== 'verification');
        const id = text ? /\/r\/([0-9a-f-]{36})/.exec(text.body)?.[1] : undefined;
        if (!id) throw new Error('no rating text to the target');
        links.set(w, id);
      },
    },
    secret,
    async (w) => {
      const id = links.get(w);
      if (!id) throw new Error('no link');
      const attacker = w.actor('198.51.100.7');
      return [
        w.seen(
          await attacker.call('notice.file', { notificationId: id, reason: 'other', text: 'Forwarded.' }),
        ),
        w.seen(await attacker.call('notification.optOut', { id })),
        w.seen(await attacker.call('notification.optOut', { id })),
      ];
    },
  );
}

describe('held: a forwarded link’s opt-out after the owner replied STOP', () => {
  it('answers the link holder the same whether or not the number had opted out', async () => {
    await forwardedLink(async (b) => {
      await recordSmsOptOut(b.t.database.db, { phoneNumber: TARGET, source: 'reply' });
      await b.t.app.services.sessions.endProofsOf(TARGET);
    });
  });
});

describe("held: a forwarded link's opt-out after the owner turned on 'Do not rate me'", () => {
  it('answers the link holder the same whether or not the owner turned the switch on', async () => {
    await forwardedLink(async (b) => {
      const person = await owner(b);
      expect((await person.call('profile.setDoNotRate', { doNotRate: true })).error).toBeNull();
    });
  });
});

describe('held: a forwarded link after the owner deleted their account', () => {
  it('answers the link holder the same whether or not the owner deleted the account', async () => {
    await forwardedLink(async (b) => {
      const person = await owner(b);
      expect((await person.call('profile.deleteAccount')).error).toBeNull();
    });
  });
});

describe('held: someone else reported the ex’s rating through a forwarded link', () => {
  it('shows the ex the same whether or not another holder of the link filed a notice', async () => {
    await ownerReadsAfterRater(async (b) => {
      const text = b.t.sms
        .outbox()
        .find((message) => message.to === TARGET && message.kind !== 'verification');
      const id = text ? /\/r\/([0-9a-f-]{36})/.exec(text.body)?.[1] : undefined;
      if (!id) throw new Error('no rating text to the target');
      const friend = b.actor('192.0.2.120', 'friend-browser');
      const filed = await friend.call('notice.file', {
        notificationId: id,
        reason: 'harassment',
        text: 'Mean.',
      });
      expect(filed.error).toBeNull();
    });
  });
});

/**
 * The ex resets what reaches them at 6 h in (`reset`, after `before` set things up); a stranger rates at 6 h
 * plus `ratedAfterResetHours[world]`. Returns what the ex sees a day later in each world.
 */
async function exAfterReset(
  ratedAfterResetHours: readonly [number, number],
  before: (w: World, person: Actor) => Promise<void>,
  reset: (w: World, person: Actor) => Promise<void>,
) {
  const HOUR = 60 * MINUTE;
  const release = {
    RELEASE_DELAY_MIN_MINUTES: '60',
    RELEASE_DELAY_SPREAD_MINUTES: '720',
    RELEASE_QUIET_HOURS: 'off',
  };
  const worlds = [await world(release), await world(release)] as const;
  const seen: unknown[][] = [];
  for (const [index, w] of worlds.entries()) {
    const person = await owner(w);
    await w.rate(person, '+12025550190');
    await w.rate(person, '+12025550191');
    await before(w, person);
    const rater = w.actor('192.0.2.80', 'stranger-browser');
    await w.prove(rater, STRANGER_PHONE);
    const ratedAt = 6 * HOUR + (ratedAfterResetHours[index] ?? 0) * HOUR;
    for (const step of ratedAt < 6 * HOUR ? (['rate', 'reset'] as const) : (['reset', 'rate'] as const)) {
      if (step === 'rate') {
        w.clock.advance(START + ratedAt - w.clock.now().getTime());
        expect((await w.submit(rater, TARGET)).error).toBeNull();
      } else {
        w.clock.advance(START + 6 * HOUR - w.clock.now().getTime());
        await reset(w, person);
      }
    }
    w.clock.advance(START + 30 * HOUR - w.clock.now().getTime());
    await w.t.app.services.dispatcher.kick();
    await w.t.textsSent();
    const reader = w.actor('192.0.2.51', 'owner-browser-2');
    await w.prove(reader, TARGET);
    await w.rate(reader, '+12025550192');
    await w.rate(reader, '+12025550193');
    seen.push([w.seen(await reader.query('profile.ratingsReceived')), w.inbox([TARGET])]);
  }
  return seen;
}

describe('held: the ex deleting their account does not time the ratings reaching them', () => {
  it('shows the ex the same whether the rating came 3 h before or 1 h after the deletion', async () => {
    const seen = await exAfterReset(
      [-3, 1],
      async () => undefined,
      async (w, person) => {
        await w.prove(person, TARGET);
        expect((await person.call('profile.deleteAccount')).error).toBeNull();
      },
    );
    expect(seen[1]).toEqual(seen[0]);
  });
});
