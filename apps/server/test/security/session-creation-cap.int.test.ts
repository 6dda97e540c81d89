import { deviceSessions } from '@exrated/db/schema';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HttpBrowser, useTestApp } from '../support/test-app';

/**
 * Every request without a cookie creates a device session row, a cheap read such as profile.me included. A
 * script that never keeps its cookie must not fill the sessions table: new sessions are capped per network
 * (an IPv4 address, or an IPv6 /64 that one subscriber holds whole), and past the cap a request gets 429 and
 * no row. Over HTTP, as the script would send it.
 */

const CAP = 5;
const ATTACKER_IP = '198.51.100.23';
const NEIGHBOUR_IP = '203.0.113.41';
const ATTACKER_PREFIX = '2001:db8:77:1';
const OTHER_PREFIX = '2001:db8:77:2';

const t = useTestApp({ env: { LIMIT_DEVICE_SESSIONS_PER_IP_PER_HOUR: String(CAP) } });

async function sessionRows(): Promise<number> {
  const [row] = await t.database.db.select({ rows: count() }).from(deviceSessions);
  return row?.rows ?? 0;
}

/** GET profile.me from `ip`, as a fresh browser unless one is given. */
async function readMe(ip: string, browser = new HttpBrowser()) {
  const response = await t.http({ method: 'GET', url: '/trpc/profile.me', remoteAddress: ip }, browser);
  const body = response.json();
  return {
    status: response.statusCode,
    setsCookie: response.cookies.length > 0,
    error: body.error?.json as
      | { message: string; data: { code: string; retryAfterSeconds?: number } }
      | undefined,
  };
}

/** `n` addresses of one IPv6 /64, each different, as a subscriber rotating through its own prefix would use. */
function addressesIn(prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, index) => `${prefix}:${(index + 1).toString(16)}:a:b:c`);
}

describe('new device sessions are capped per network', () => {
  it('one IPv4 address gets 429 and no more rows past the cap; its existing browsers and another address go on', async () => {
    const before = await sessionRows();
    const kept = new HttpBrowser();
    expect((await readMe(ATTACKER_IP, kept)).status).toBe(200);
    for (let index = 1; index < CAP; index += 1) {
      expect((await readMe(ATTACKER_IP)).status).toBe(200);
    }
    expect(await sessionRows()).toBe(before + CAP);

    for (let index = 0; index < 3; index += 1) {
      const refused = await readMe(ATTACKER_IP);
      expect(refused.status).toBe(429);
      expect(refused.setsCookie).toBe(false);
      expect(refused.error?.data.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.error?.message).toMatch(
        /^Too many new visitors from your network\. Please try again in \d+ minutes\.$/,
      );
      expect(refused.error?.data.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(await sessionRows()).toBe(before + CAP);

    // A browser that kept its cookie is no new session: the cap never reaches it.
    expect((await readMe(ATTACKER_IP, kept)).status).toBe(200);
    const neighbour = await readMe(NEIGHBOUR_IP);
    expect(neighbour.status).toBe(200);
    expect(neighbour.setsCookie).toBe(true);
    expect(await sessionRows()).toBe(before + CAP + 1);
  });

  it('a mutation without a cookie is refused past the cap as well', async () => {
    const ip = '198.51.100.24';
    for (let index = 0; index < CAP; index += 1) expect((await readMe(ip)).status).toBe(200);
    const before = await sessionRows();
    const response = await t.http({
      method: 'POST',
      url: '/trpc/profile.savePhone',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { phoneNumber: '+14155550199' } }),
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(429);
    expect(await sessionRows()).toBe(before);
  });

  it('an IPv6 client rotating through its /64 is counted as one network; another /64 is not', async () => {
    const before = await sessionRows();
    const [first, ...rest] = addressesIn(ATTACKER_PREFIX, CAP + 4);
    expect((await readMe(first as string)).status).toBe(200);
    const answers = [];
    for (const address of rest) answers.push((await readMe(address)).status);
    expect(answers).toEqual([...Array(CAP - 1).fill(200), ...Array(4).fill(429)]);
    expect(await sessionRows()).toBe(before + CAP);

    const other = await readMe(addressesIn(OTHER_PREFIX, 1)[0] as string);
    expect(other.status).toBe(200);
    expect(await sessionRows()).toBe(before + CAP + 1);
  });

  it('a batched first visit is one new session, not one per call', async () => {
    const before = await sessionRows();
    const browser = new HttpBrowser();
    const response = await t.http(
      {
        method: 'GET',
        url: '/trpc/profile.me,profile.ratingsGiven,profile.me?batch=1&input=%7B%7D',
        remoteAddress: '192.0.2.77',
      },
      browser,
    );
    expect(response.statusCode).toBe(200);
    expect(await sessionRows()).toBe(before + 1);
    expect(response.cookies.filter((cookie) => cookie.name === 'exrated_sid')).toHaveLength(1);
  });
});
