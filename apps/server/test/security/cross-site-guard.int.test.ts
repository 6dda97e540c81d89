import { describe, expect, it } from 'vitest';
import { HttpBrowser, useTestApp } from '../support/test-app';
import { sessionOfBrowser, trpcHttp } from '../support/verification';

/**
 * The cross-site guard decided on the raw URL (`startsWith('/trpc')`) while the router
 * decodes `/%74rpc/...`, so a plain form post from another origin of the same site logged a person out. The
 * guard must decide on the route as matched, whatever spelling of the path reached it.
 */

const VICTIM_PHONE = '+14155550166';

const t = useTestApp();

/** Spellings of `/trpc/profile.logout` a router may resolve to the tRPC route. */
const PATHS = [
  '/trpc/profile.logout',
  '/%74rpc/profile.logout',
  '/%74%72%70%63/profile.logout',
  '/%2574rpc/profile.logout',
  '//trpc/profile.logout',
  '/trpc//profile.logout',
  '/./trpc/profile.logout',
  '/TRPC/profile.logout',
  '/Trpc/profile.logout',
  '/trpc/profile%2Elogout',
  '/trpc/%70rofile.logout',
  '/trpc/profile.logout?batch=1',
  '/%74rpc/profile.logout?batch=1',
];

/** The bodies a form, a fetch without preflight, or a script can send, in every type tRPC reads. */
const BODIES: Array<{ type: string; payload: string }> = [
  { type: 'application/json', payload: '{"json":null}' },
  {
    type: 'multipart/form-data; boundary=x',
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
  },
  { type: 'application/octet-stream', payload: '{}' },
  { type: 'text/plain', payload: '{"json":null}' },
  { type: 'text/plain;charset=UTF-8', payload: '{"json":null}' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=b' },
];

/** How a cross-site request shows itself: a browser's fetch metadata, or only a foreign Origin. */
const SENDERS: Array<Record<string, string>> = [
  { origin: 'http://evil.localhost:3000', 'sec-fetch-site': 'same-site' },
  { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  { origin: 'https://evil.example' },
  { 'sec-fetch-site': 'cross-site' },
];

describe('cross-site guard on the route as matched', () => {
  it('refuses every spelling of a tRPC path, every content type, from another origin', async () => {
    const victim = new HttpBrowser();
    const saved = await trpcHttp(t, victim, 'mutation', 'profile.savePhone', { phoneNumber: VICTIM_PHONE });
    expect(saved.status).toBe(200);
    const cookieBefore = victim.header();

    for (const url of PATHS) {
      for (const body of BODIES) {
        for (const sender of SENDERS) {
          const response = await t.http({
            method: 'POST',
            url,
            headers: { 'content-type': body.type, ...sender, cookie: victim.header() },
            payload: body.payload,
          });
          const label = `${url} ${body.type} ${JSON.stringify(sender)}`;
          expect([403, 404, 415], `${label}: ${response.body}`).toContain(response.statusCode);
          // The procedure never ran: no cookie was set or cleared.
          expect(response.cookies, label).toEqual([]);
        }
      }
    }

    // The victim still has the same session, with the number they saved.
    expect(victim.header()).toBe(cookieBefore);
    expect(await sessionOfBrowser(t, victim)).toMatchObject({ phoneNumber: VICTIM_PHONE });
  });

  it('refuses a non-JSON mutation from the same origin too, on any spelling of the path', async () => {
    for (const url of ['/%74rpc/telemetry.track', '/trpc/telemetry%2Etrack']) {
      for (const body of BODIES.filter(({ type }) => !type.startsWith('application/json'))) {
        const response = await t.http({
          method: 'POST',
          url,
          headers: { 'content-type': body.type, origin: 'http://localhost:3000' },
          payload: body.payload,
        });
        expect(response.statusCode, `${url} ${body.type}`).toBe(415);
        expect(response.cookies).toEqual([]);
      }
    }
  });

  it('lets a same-origin JSON mutation through on an encoded spelling', async () => {
    const browser = new HttpBrowser();
    const response = await t.http(
      {
        method: 'POST',
        url: '/%74rpc/telemetry.track',
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost:3000',
          'sec-fetch-site': 'same-origin',
        },
        payload: JSON.stringify({ json: { action: 'onboarding_step_completed' } }),
      },
      browser,
    );
    expect(response.statusCode).toBe(200);
  });
});
