import { moderationDecisions, notices, notifications, ratingAppeals, ratings } from '@exrated/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_NOT_ONE_RULE } from '../src/services/moderation/decide';
import { ratingInput, type SubmitReply } from './support/rating-fixtures';
import { HttpBrowser, NO_RESEND_WAITS, UNCAPPED_LIMITS_ENV, useTestApp } from './support/test-app';
import { errorCode, trustFlows } from './support/trust-flows';
import { latestCode, type TrpcHttpReply, trpcHttp } from './support/verification';

/**
 * The moderation queue under attack, by people at addresses of their own (x-forwarded-for with TRUST_PROXY),
 * each a browser of its own: what somebody submits without proving a phone is no moderation item until a
 * proven phone stands behind it; a pile-on stays whole on the first page under any flood of single items;
 * a group holds one kind and one rule about one number, and its decision counts toward nobody's
 * repeat-offender record.
 */

const HELD_PER_PHONE = 3;
const HELD_PER_NETWORK = 10;
const t = useTestApp({
  env: {
    ...UNCAPPED_LIMITS_ENV,
    TRUST_PROXY: 'true',
    LIMIT_RATINGS_PER_NUMBER_PER_DAY: '3',
    LIMIT_HELD_RATINGS_PER_PHONE_PER_DAY: String(HELD_PER_PHONE),
    LIMIT_HELD_RATINGS_PER_IP_PER_DAY: String(HELD_PER_NETWORK),
  },
  codeStoreOptions: NO_RESEND_WAITS,
});
const flows = trustFlows(t, '415557');
const { newPhone } = flows;
let admin: HttpBrowser;
beforeAll(async () => {
  admin = await flows.adminBrowser();
});
// Each test meets an empty queue; the decisions (the authors' records) stay.
afterEach(async () => {
  await t.database.db.delete(ratingAppeals);
  await t.database.db.delete(notices);
  await t.database.db.delete(ratings);
});

const THREAT = "I know where you live and I'll make you pay";

interface Actor {
  ip: string;
  call(path: string, input?: unknown): Promise<TrpcHttpReply>;
}

function actor(ip: string): Actor {
  const browser = new HttpBrowser();
  const headers = { 'x-forwarded-for': ip };
  return { ip, call: (path, input) => trpcHttp(t, browser, 'mutation', path, input, headers) };
}

async function prove(person: Actor, phone = newPhone()) {
  expect((await person.call('verification.send', { phoneNumber: phone })).error).toBeNull();
  const checked = await person.call('verification.check', { phoneNumber: phone, code: latestCode(t, phone) });
  expect(checked.error).toBeNull();
  return person;
}

async function rate(person: Actor, phone: string, feedback: string | null = null) {
  const reply = await person.call('rating.submit', ratingInput({ phoneNumber: phone, feedback }));
  expect(reply.error).toBeNull();
  return (reply.data as SubmitReply).ratingId;
}

async function notificationOf(ratingId: string) {
  const [row] = await t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.ratingId, ratingId));
  if (!row) throw new Error('the rating has no notification');
  return row.id;
}

/** A notice about the rating from the link its text carried, filed by `reporter`; returns the notice's id. */
async function report(reporter: Actor, ratingId: string, reason: string) {
  const filed = await reporter.call('notice.file', {
    notificationId: await notificationOf(ratingId),
    reason,
  });
  expect(filed.error).toBeNull();
  return (filed.data as { reference: string }).reference;
}

interface QueueReply {
  items: Array<{ kind: string; id: string; trigger: string; groupId: string | null }>;
  groups: Array<{ id: string; kind: string; trigger: string; items: Array<{ kind: string; id: string }> }>;
  total: number;
}

async function queue(filters?: Record<string, string>) {
  const reply = await flows.query(admin, 'admin.queue', filters);
  expect(reply.error).toBeNull();
  return reply.data as QueueReply;
}

function groupHolding(listed: QueueReply, ids: readonly string[]) {
  return listed.groups.find((group) => group.items.some((item) => ids.includes(item.id)));
}

async function heldReasonOf(ratingId: string) {
  const [row] = await t.database.db
    .select({ heldReason: ratings.heldReason })
    .from(ratings)
    .where(eq(ratings.id, ratingId));
  return row?.heldReason ?? null;
}

describe('a flood of held ratings', () => {
  it('from cookie-only sessions is no moderation item; the proof screens them again and holds a few', async () => {
    // 105 threats from 11 sessions behind 4 addresses, none of which proves a phone or gets a text sent.
    const addresses = ['198.51.100.21', '198.51.100.22', '198.51.100.23', '198.51.100.24'];
    const flooders = Array.from({ length: 11 }, (_, index) => actor(addresses[index % 4] ?? ''));
    const flood = new Map<Actor, string[]>(flooders.map((flooder) => [flooder, []]));
    for (let index = 0; index < 105; index += 1) {
      const flooder = flooders[index % flooders.length];
      if (!flooder) throw new Error('no flooder');
      flood.get(flooder)?.push(await rate(flooder, newPhone(), THREAT));
    }
    const floodIds = [...flood.values()].flat();
    // Then a real pile-on: three people who proved their phones, each at an address of their own.
    const subject = newPhone();
    const pile: string[] = [];
    for (const ip of ['203.0.113.31', '203.0.113.32', '203.0.113.33']) {
      pile.push(await rate(await prove(actor(ip)), subject, THREAT));
    }

    const listed = await queue();
    expect(listed.items.filter((item) => floodIds.includes(item.id))).toEqual([]);
    expect(listed.total).toBe(3);
    const group = groupHolding(listed, pile);
    expect(new Set(group?.items.map((item) => item.id))).toEqual(new Set(pile));
    expect(group).toMatchObject({ kind: 'held_rating', trigger: 'screening:threats' });
    // The dashboard counts what the queue holds.
    const dashboard = (await flows.query(admin, 'admin.dashboard')).data as {
      moderation: { queueSize: number };
    };
    expect(dashboard.moderation.queueSize).toBe(3);

    // One flooder proves a phone: its ten threats are read again, and the phone's daily share is held.
    const [first] = flooders;
    if (!first) throw new Error('no flooder');
    const own = flood.get(first) ?? [];
    expect(own).toHaveLength(10);
    await prove(first);
    const after = await queue();
    const queued = after.items.filter((item) => own.includes(item.id));
    expect(queued).toHaveLength(HELD_PER_PHONE);
    for (const item of queued) expect(item.trigger).toBe('screening:threats');
    // The rest never stand and never wait: they are gone, as the proof's own activity entry says.
    const left = await t.database.db.select({ id: ratings.id }).from(ratings).where(inArray(ratings.id, own));
    expect(left.map((row) => row.id).sort()).toEqual(queued.map((item) => item.id).sort());
    expect(groupHolding(after, pile)?.items).toHaveLength(3);
  });

  it('of single items from proven phones never pushes a pile-on off the first page; phones and networks hold a few', async () => {
    // A pile-on of the lowest priority: two ratings over the number's daily ceiling, from two addresses.
    const subject = newPhone();
    for (const ip of ['192.0.2.41', '192.0.2.42', '192.0.2.43']) await rate(await prove(actor(ip)), subject);
    const ceiling: string[] = [];
    for (const ip of ['192.0.2.44', '192.0.2.45']) ceiling.push(await rate(await prove(actor(ip)), subject));
    for (const id of ceiling) expect(await heldReasonOf(id)).toBe('daily_ceiling');

    // 108 urgent threats, each about a number of its own: 36 proven phones on 12 networks, three each.
    const phones: Actor[] = [];
    for (let network = 0; network < 12; network += 1) {
      for (let person = 0; person < 3; person += 1) phones.push(await prove(actor(`100.64.${network}.1`)));
    }
    for (const person of phones) {
      for (let index = 0; index < HELD_PER_PHONE; index += 1) await rate(person, newPhone(), THREAT);
    }
    const listed = await queue();
    expect(listed.total).toBeGreaterThan(100);
    const group = groupHolding(listed, ceiling);
    expect(new Set(group?.items.map((item) => item.id))).toEqual(new Set(ceiling));
    for (const id of ceiling) expect(listed.items.find((item) => item.id === id)?.groupId).toBe(group?.id);

    // A phone's fourth held text of the day is refused with a message about its own text; a harmless one goes.
    const [busy] = phones;
    if (!busy) throw new Error('no phone');
    const refused = await busy.call(
      'rating.submit',
      ratingInput({ phoneNumber: newPhone(), feedback: THREAT }),
    );
    expect(errorCode(refused)).toBe('TOO_MANY_REQUESTS');
    expect(refused.error?.message).toMatch(/wait for a moderator/);
    await rate(busy, newPhone());
    // A network's eleventh: nine held already from 100.64.0.1, a new phone there adds one, then no more.
    const neighbour = await prove(actor('100.64.0.1'));
    await rate(neighbour, newPhone(), THREAT);
    const overNetwork = await neighbour.call(
      'rating.submit',
      ratingInput({ phoneNumber: newPhone(), feedback: THREAT }),
    );
    expect(errorCode(overNetwork)).toBe('TOO_MANY_REQUESTS');
  });
});

describe('pile-on groups', () => {
  it('never put a report about an honest review with threats, nor two rules, nor two kinds, in one group', async () => {
    const subject = newPhone();
    const honest = await rate(await prove(actor('192.0.2.51')), subject);
    await report(actor('192.0.2.52'), honest, 'harassment');
    const threats = [
      await rate(await prove(actor('192.0.2.53')), subject, THREAT),
      await rate(await prove(actor('192.0.2.54')), subject, THREAT),
    ];
    const listed = await queue();
    const notice = listed.items.find((item) => item.kind === 'notice' && item.trigger === 'harassment');
    expect(notice?.groupId).toBeNull();
    const group = groupHolding(listed, threats);
    expect(group?.items.map((item) => item.id).sort()).toEqual([...threats].sort());
    // A crafted group of both kinds is refused before anything is decided.
    const mixed = await flows.call(admin, 'admin.decideGroup', {
      items: [
        { kind: 'notice', id: notice?.id },
        { kind: 'held_rating', id: threats[0] },
      ],
      outcome: 'hide',
      reason: 'harassment',
      note: 'Crafted.',
    });
    expect(errorCode(mixed)).toBe('BAD_REQUEST');
    expect(mixed.error?.message).toBe(GROUP_NOT_ONE_RULE);
    expect(await heldReasonOf(threats[0] ?? '')).toBe('screening:threats');
    const [decision] = await t.database.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.ratingId, honest));
    expect(decision).toBeUndefined();
  });

  it('count toward no author as repeat offender; removals decided item by item do', async () => {
    const author = await prove(actor('192.0.2.61'));
    let reporterLine = 70;
    const reporter = () => {
      reporterLine += 1;
      return actor(`192.0.2.${reporterLine}`);
    };
    // Three honest reviews, each reported twice for one reason: three groups, each hidden in one decision.
    for (let index = 0; index < 3; index += 1) {
      const ratingId = await rate(author, newPhone());
      await report(reporter(), ratingId, 'false_claims');
      await report(reporter(), ratingId, 'false_claims');
      const group = (await queue({ trigger: 'false_claims' })).groups.find(
        (entry) => entry.items.length === 2,
      );
      expect(group?.kind).toBe('notice');
      const decided = await flows.call(admin, 'admin.decideGroup', {
        items: group?.items,
        outcome: 'hide',
        reason: 'false_statement',
        note: 'Reported twice.',
      });
      expect(decided.error).toBeNull();
      expect(await t.database.db.select().from(ratings).where(eq(ratings.id, ratingId))).toMatchObject([
        { hiddenAt: expect.any(Date) },
      ]);
    }
    expect(await heldReasonOf(await rate(author, newPhone()))).toBeNull();

    // Three removals a moderator decided one by one: the author's next rating waits for a moderator.
    for (let index = 0; index < 3; index += 1) {
      const ratingId = await rate(author, newPhone());
      const reference = await report(reporter(), ratingId, 'harassment');
      const [item] = (await queue({ reference })).items;
      const decided = await flows.call(admin, 'admin.decide', {
        kind: 'notice',
        id: item?.id,
        outcome: 'hide',
        reason: 'harassment',
        note: 'Harassment.',
      });
      expect(decided.error).toBeNull();
    }
    expect(await heldReasonOf(await rate(author, newPhone()))).toBe('repeat_offender');
  });
});
