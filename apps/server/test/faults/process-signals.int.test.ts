import net from 'node:net';
import { notifications, ratingScores, ratings, smsMessages } from '@exrated/db/schema';
import { createTestDatabase, type TestDatabase } from '@exrated/db/testing';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RESOLVE_WINDOW_MS } from '../../src/services/notifications/open-attempt';
import { type ControllableSns, startControllableSns } from '../support/controllable-sns';
import {
  FetchBrowser,
  faultServerEnv,
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '../support/processes';
import { usPhone } from '../support/rating-fixtures';

/**
 * The built server as a child process, killed or stopped while it works. It runs on this file's own database
 * (and no Redis: the in-process stores), texting through a local SNS server.
 */
const serverUrl = inject('testDatabaseServerUrl');
let database: TestDatabase;
let sns: ControllableSns;
const started: ServerProcess[] = [];

beforeAll(async () => {
  sns = await startControllableSns();
  database = await createTestDatabase(serverUrl);
});

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  await database?.dispose();
  await sns?.close();
});

async function startServer() {
  if (!database.url) throw new Error('expected a Postgres test database');
  const server = await startServerProcess(
    faultServerEnv({
      databaseUrl: database.url,
      snsUrl: sns.url,
      extra: { LIMIT_RATINGS_PER_DEVICE_PER_HOUR: '1000', LIMIT_RATINGS_PER_IP_PER_HOUR: '1000' },
    }),
  );
  started.push(server);
  return server;
}

/** A browser that proved a phone of its own on `server`, with the code the SMS provider received. */
async function provenBrowser(server: ServerProcess, index: number) {
  const browser = new FetchBrowser();
  const phone = `+4474001237${String(index).padStart(2, '0')}`;
  expect((await browser.sendCode(server.baseUrl, phone)).status).toBe(200);
  const proof = await browser.checkCode(server.baseUrl, phone, sns.codeTextedTo(phone));
  expect(proof.status).toBe(200);
  return browser;
}

/** Per rating: how many scores and notifications it has. */
async function ratingShapes() {
  const db = database.db;
  const [all, scores, notes] = await Promise.all([
    db.select({ id: ratings.id }).from(ratings),
    db.select({ id: ratingScores.ratingId, n: count() }).from(ratingScores).groupBy(ratingScores.ratingId),
    db.select({ id: notifications.ratingId, n: count() }).from(notifications).groupBy(notifications.ratingId),
  ]);
  const scoreCount = new Map(scores.map((row) => [row.id, row.n]));
  const noteCount = new Map(notes.map((row) => [row.id, row.n]));
  return all.map(({ id }) => ({
    id,
    scores: scoreCount.get(id) ?? 0,
    notifications: noteCount.get(id) ?? 0,
  }));
}

// Child processes share the database with the test: a Postgres server (started from npm when none runs).
describe('the server killed or stopped mid-work', () => {
  it('SIGKILL while submitting leaves no partial rating, and the pending texts go out after a restart', async () => {
    sns.setMode({ kind: 'ok' });
    const first = await startServer();
    // Raters who proved a phone, so that their ratings count and their texts are due at once.
    const browsers = await Promise.all([0, 1, 2, 3].map((index) => provenBrowser(first, index)));
    // Refused after 300 ms: the texts are sent after each answer, so the kill finds texts the dead process
    // still holds leased, and ratings saved whose answer never left.
    sns.setMode({ kind: 'fail', delayMs: 300 });
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const worker = async (browser: FetchBrowser) => {
      while (!killed && next < 200) {
        const index = next++;
        try {
          const reply = await browser.rate(first.baseUrl, usPhone(index));
          if (reply.status === 200) acknowledged.push((reply.data as { ratingId: string }).ratingId);
          else throw new Error(`rating.submit answered ${reply.status}: ${JSON.stringify(reply.error)}`);
        } catch (error) {
          if (!killed) throw error;
        }
        if (acknowledged.length >= 12 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(browsers.map(worker));
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const shapes = await ratingShapes();
    expect(shapes.length).toBeGreaterThanOrEqual(acknowledged.length);
    // Every rating is whole: five scores and one notification, never part of one.
    expect(shapes.filter((shape) => shape.scores !== 5 || shape.notifications !== 1)).toEqual([]);
    // Nothing a rater was told was saved is missing.
    const stored = new Set(shapes.map((shape) => shape.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    const pending = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.status, 'pending'));
    expect(pending).toHaveLength(shapes.length);

    // A text the dead process was sending keeps its 2-minute lease; let those leases run out rather than
    // wait for them (the live retries, due within seconds, are left as they are).
    await database.db
      .update(notifications)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(notifications.status, 'pending'),
          gt(notifications.nextAttemptAt, sql`now() + interval '1 minute'`),
        ),
      );

    // An attempt the dead process recorded has no outcome: it may have reached SNS, which cannot be asked, so
    // it is resent only once its resolve window passed without a receipt naming it (docs/sms.md). This fake
    // refused every request it got, so none was taken; let those windows run out rather than wait 10 minutes.
    await database.db
      .update(smsMessages)
      .set({ createdAt: sql`${smsMessages.createdAt} - ${RESOLVE_WINDOW_MS} * interval '1 millisecond'` })
      .where(eq(smsMessages.status, 'sending'));

    sns.setMode({ kind: 'ok' });
    await startServer();
    await waitFor(
      'every pending text to be sent after the restart',
      async () => {
        const [row] = await database.db
          .select({ n: count() })
          .from(notifications)
          .where(eq(notifications.status, 'sent'));
        return row?.n === shapes.length;
      },
      30_000,
    );
    const delivered = sns.acceptedByNotification();
    const ids = (await database.db.select({ id: notifications.id }).from(notifications)).map((row) => row.id);
    expect([...delivered.keys()].sort()).toEqual(ids.sort());
    expect([...delivered.values()].every((times) => times === 1)).toBe(true);
  }, 90_000);

  it('SIGTERM lets an in-flight request finish, refuses new connections and exits 0', async () => {
    sns.setMode({ kind: 'slow', delayMs: 2_500 });
    const server = await startServer();
    const phone = '+447400123555';
    const inFlight = new FetchBrowser().sendCode(server.baseUrl, phone);
    // The request is inside the server, waiting on the provider, when the signal comes.
    await waitFor(
      'the code text to reach the SMS provider',
      async () => sns.sns.received.some((request) => request.params.get('PhoneNumber') === phone),
      10_000,
    );
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await waitFor('the server to stop accepting connections', () => connectionRefused(server.port), 5_000);
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(Date.now() - signalledAt).toBeGreaterThan(1_000);
    expect(sns.accepted().some((text) => text.to === phone)).toBe(true);
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
  }, 60_000);
});

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
