import { expect } from 'vitest';
import { createTestApp, HttpBrowser, type TestApp, testAdminLogin, UNCAPPED_LIMITS_ENV } from './test-app';
import { frozenClockAt } from './test-clock';
import { trpcHttp } from './verification';

/**
 * The differential harness of docs/anonymity.md#non-interference: one scripted person runs against two worlds
 * that differ only in a secret (something another person did to a number), and every answer the person can
 * read must be the same in both. A world is a whole app on its own database and Redis prefix, with a clock
 * that stands still until the script moves it, so two runs of one script write the same rows at the same
 * moments. What the person reads is kept as a transcript: each answer's status, body and headers, and the
 * texts their phones received, with the values that are random by nature (ids, codes, tokens) replaced by
 * their order of first appearance.
 */

/** Both worlds start at this moment: a weekday afternoon in every zone the product texts. */
const WORLD_START = Date.parse('2026-06-10T18:00:00Z');

/** A fixed release delay with no quiet hours: a rating reaches its subject three hours after it stands. */
export const RELEASE_DELAY_MS = 3 * 60 * 60 * 1000;

/**
 * The limits stay as production has them where they are what a secret could move (the per-number daily
 * ceiling, the once-per-30-days rule); the caps of addresses and sessions are lifted, since a script makes
 * many calls from few addresses.
 */
const WORLD_ENV = {
  ...UNCAPPED_LIMITS_ENV,
  LIMIT_RATINGS_PER_NUMBER_PER_DAY: '3',
  RELEASE_DELAY_MIN_MINUTES: String(RELEASE_DELAY_MS / 60_000),
  RELEASE_DELAY_SPREAD_MINUTES: '0',
  RELEASE_QUIET_HOURS: 'off',
};

export interface Observation {
  step: string;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** A browser of one person in one world: its cookies, its address, and whether its answers are observed. */
export interface Actor {
  browser: HttpBrowser;
  ip: string;
  observed: boolean;
  /** The phones whose texts this person reads. */
  phones: string[];
}

/** What a script and a secret can do in one world. */
export interface WorldHandle {
  t: TestApp;
  /** The observed person's browser at `ip`; a second call with the same name is the same browser. */
  person(name: string, ip?: string): Actor;
  /** Somebody else: their answers are not part of the transcript. */
  other(name: string, ip?: string): Actor;
  mutation(actor: Actor, path: string, input?: unknown): Promise<Reply>;
  query(actor: Actor, path: string, input?: unknown): Promise<Reply>;
  /** Sends a code to `phone` and enters it in the actor's browser; the phone becomes the actor's. */
  prove(actor: Actor, phone: string): Promise<void>;
  /** A signed-in administrator (never observed). */
  admin(): Promise<Actor>;
  advance(ms: number): Promise<void>;
  /**
   * The secret of world B, at the point the script reaches it; nothing in world A. A secret in several steps
   * (something before the person acts, a moderator's decision after) is told which step the script reached.
   */
  secret(step?: string): Promise<void>;
}

export interface Reply {
  status: number;
  data: unknown;
  error: { message: string; data: Record<string, unknown> } | null;
}

export type Script = (world: WorldHandle) => Promise<void>;
/** What happens in world B only; `step` is the script's name for the point it reached ('start' by default). */
export type Secret = (world: WorldHandle, step: string) => Promise<void>;

// Values random by nature: UUIDs, notice references, the /r/ link ids and the six-digit codes in texts.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const NOTICE_REFERENCE = /\b[0-9A-HJKMNP-TV-Z]{12}\b/g;
const LINK_ID = /\/r\/[A-Za-z0-9_-]+/g;
const CODE = /\b\d{6}\b/g;
const ISO_TIME = /\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z\b/g;

/** The headers a person could read that are not the same by nature (a date, a length of a random id). */
const COMPARED_HEADERS = ['content-type', 'cache-control', 'retry-after', 'x-robots-tag'];

/**
 * Some rows are stamped by the database's clock or the process's, not the app's (activity entries, session
 * rows): the two worlds run one after the other, so such a stamp differs by the time between the runs. A
 * stamp after the world's wall-clock start is read as 'a wall-clock moment'; every stamp of the app's clock
 * (months before it) is compared as it is.
 */
class Normalizer {
  private readonly seen = new Map<string, string>();

  constructor(private readonly wallClockStart: number) {}

  text(value: string): string {
    return value
      .replace(ISO_TIME, (time) => (Date.parse(time) >= this.wallClockStart ? '<wall clock>' : time))
      .replace(UUID, (id) => this.label('id', id))
      .replace(NOTICE_REFERENCE, (reference) => this.label('reference', reference))
      .replace(LINK_ID, (link) => `/r/${this.label('link', link)}`)
      .replace(CODE, () => '<code>');
  }

  value(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) {
      const items = value.map((item) => this.value(item));
      // Received reviews within one period are in an order keyed on their random ids: random by nature.
      const keyedOrder = items.length > 0 && items.every((item) => isObject(item) && 'posted' in item);
      return keyedOrder ? items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) : items;
    }
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.value(item)]));
    }
    return value;
  }

  private label(kind: string, raw: string): string {
    const known = this.seen.get(raw);
    if (known) return known;
    const label = `<${kind} ${this.seen.size + 1}>`;
    this.seen.set(raw, label);
    return label;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** One run of `script` in a fresh world; `withSecret` says whether its secret happens. */
/** How the worlds treat code texts to one number: its waits lifted (the default), or as production has them. */
export interface WorldOptions {
  codeWaits?: 'lifted' | 'production';
}

async function runWorld(script: Script, secret: Secret, withSecret: boolean, options: WorldOptions) {
  const clock = frozenClockAt(WORLD_START);
  const production = options.codeWaits === 'production';
  const t = await createTestApp({
    env: production ? { ...WORLD_ENV, LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY: '10' } : WORLD_ENV,
    overrides: { now: clock.now },
    // Lifted, a script proves phones as often as it likes; production's waits are what a secret about a
    // number's codes could move.
    codeStoreOptions: production ? {} : { resendWaitsMs: [0], maxSendsPerDay: 100_000 },
  });
  const normalizer = new Normalizer(Date.now());
  const transcript: Observation[] = [];
  const actors = new Map<string, Actor>();
  // Apart, so the secret's people never shift the addresses the observed person's browsers get.
  const counters = { person: 0, other: 0 };
  const actor = (name: string, observed: boolean, ip?: string) => {
    const key = `${observed ? 'person' : 'other'}:${name}`;
    const known = actors.get(key);
    if (known) return known;
    const kind = observed ? 'person' : 'other';
    counters[kind] += 1;
    const made: Actor = {
      browser: new HttpBrowser(),
      ip: ip ?? (observed ? `198.51.100.${counters[kind]}` : `203.0.113.${counters[kind]}`),
      observed,
      phones: [],
    };
    actors.set(key, made);
    return made;
  };
  const call = async (who: Actor, kind: 'query' | 'mutation', path: string, input?: unknown) => {
    // A second between the person's calls, as between clicks: rows written by two calls never tie on time,
    // so a list ordered by time does not fall back to the order of random ids. The secret takes no time.
    if (who.observed) clock.advance(1000);
    const reply = await trpcHttp(
      { http: (options, browser) => t.http({ ...options, remoteAddress: who.ip }, browser) },
      who.browser,
      kind,
      path,
      input,
    );
    if (who.observed) {
      const headers = Object.fromEntries(
        COMPARED_HEADERS.flatMap((name) => {
          const value = reply.response.headers[name];
          return value === undefined ? [] : [[name, String(value)]];
        }),
      );
      const cookies = reply.response.cookies.map((cookie) => ({
        ...cookie,
        value: cookie.value === '' ? '' : '<cookie value>',
      }));
      transcript.push({
        step: `${kind} ${path}`,
        status: reply.status,
        headers: normalizer.value({ ...headers, cookies }) as Record<string, string>,
        body: normalizer.value(reply.response.json()),
      });
    }
    return { status: reply.status, data: reply.data, error: reply.error };
  };
  const handle: WorldHandle = {
    t,
    person: (name, ip) => actor(name, true, ip),
    other: (name, ip) => actor(name, false, ip),
    mutation: (who, path, input) => call(who, 'mutation', path, input),
    query: (who, path, input) => call(who, 'query', path, input),
    async prove(who, phone) {
      const sent = await call(who, 'mutation', 'verification.send', { phoneNumber: phone });
      expect(sent.error, `verification.send for ${phone}`).toBeNull();
      const text = t.sms.outbox().find((message) => message.to === phone && message.kind === 'verification');
      const code = text ? /Your ExRated code is (\d{6})\./.exec(text.body)?.[1] : undefined;
      if (!code) throw new Error(`no code was texted to ${phone}`);
      const checked = await call(who, 'mutation', 'verification.check', { phoneNumber: phone, code });
      expect(checked.error, `verification.check for ${phone}`).toBeNull();
      if (!who.phones.includes(phone)) who.phones.push(phone);
    },
    async admin() {
      const admin = actor('administrator', false);
      const login = await call(admin, 'mutation', 'admin.login', testAdminLogin());
      expect(login.error).toBeNull();
      return admin;
    },
    async advance(ms) {
      clock.advance(ms);
      await t.app.services.dispatcher.runOnce();
      await t.textsSent();
    },
    secret: (step = 'start') => (withSecret ? secret(handle, step) : Promise.resolve()),
  };
  try {
    await script(handle);
    await t.textsSent();
    const ownPhones = new Set([...actors.values()].filter((a) => a.observed).flatMap((a) => a.phones));
    // Oldest first, as the phones received them.
    const texts = t.sms
      .outbox()
      .filter((message) => ownPhones.has(message.to))
      .reverse()
      .map((message) => ({ to: message.to, kind: message.kind, body: normalizer.text(message.body) }));
    return { transcript, texts };
  } finally {
    await t.close();
  }
}

/**
 * Runs `script` in a world without the secret and in one with it, and expects the same transcript and the
 * same texts. Returns the procedures the script called, for the coverage check.
 */
export async function expectSameView(
  script: Script,
  secret: Secret,
  options: WorldOptions = {},
): Promise<Set<string>> {
  const plain = await runWorld(script, secret, false, options);
  const withSecret = await runWorld(script, secret, true, options);
  expect(withSecret.transcript.map((entry) => entry.step)).toEqual(
    plain.transcript.map((entry) => entry.step),
  );
  for (const [index, entry] of withSecret.transcript.entries()) {
    expect(entry, `answer ${index + 1} (${entry.step}) differs when the secret happened`).toEqual(
      plain.transcript[index],
    );
  }
  expect(withSecret.texts, 'the texts the person received differ when the secret happened').toEqual(
    plain.texts,
  );
  return new Set(plain.transcript.map((entry) => entry.step.split(' ')[1] ?? ''));
}
