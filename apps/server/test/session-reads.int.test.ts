import { deviceSessions } from '@exrated/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../src/services/sessions/sessions';
import { HttpBrowser, NO_RESEND_WAITS, UNCAPPED_LIMITS_ENV } from './support/test-app';
import { errorCode, useTrustFlows } from './support/trust-flows';
import { latestCode } from './support/verification';

/**
 * A session read serves the queries of the next moments (SessionCache): a page's burst of requests reads the
 * row once. Nothing that ends or lowers a session may wait for that moment to pass: each case below reads
 * the session (so it is held), changes it, and asks again at once, as an attacker replaying a copied cookie
 * or a person on another device would. And no mutation is ever decided on a held read.
 */

interface Me {
  phoneNumber: string | null;
  isVerified: boolean;
}

const { t, flows } = useTrustFlows('415553', { env: UNCAPPED_LIMITS_ENV, codeStoreOptions: NO_RESEND_WAITS });

/** The device token in the browser's signed cookie (`<token>.<signature>`; a token holds no dot). */
function unsignedToken(browser: HttpBrowser) {
  return (browser.cookies.get('exrated_sid') ?? '').split('.')[0] ?? '';
}

function copyOf(browser: HttpBrowser) {
  const copy = new HttpBrowser();
  for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
  return copy;
}

describe('a session read a moment ago', () => {
  it('is not served after log out: a copied cookie gets a new, empty session at once', async () => {
    const { query, call } = flows;
    const phone = flows.newPhone();
    const owner = await flows.provenBrowser(phone);
    expect(((await query(owner, 'profile.me')).data as Me).isVerified).toBe(true);
    const copied = copyOf(owner);

    expect((await call(owner, 'profile.logout')).error).toBeNull();
    const me = (await query(copied, 'profile.me')).data as Me;
    expect(me).toMatchObject({ phoneNumber: null, isVerified: false });
    expect(errorCode(await call(copied, 'profile.updateName', { name: 'Sam' }))).toBe('UNAUTHORIZED');
  });

  it('loses its proof at once when the device saves another number', async () => {
    const { query, call } = flows;
    const owner = await flows.provenBrowser(flows.newPhone());
    expect((await call(owner, 'profile.updateName', { name: 'Sam' })).error).toBeNull();

    const other = flows.newPhone();
    expect((await call(owner, 'profile.savePhone', { phoneNumber: other })).error).toBeNull();
    // Not proven: the typed number is the tab's, and profile.me names a proven phone only.
    expect((await query(owner, 'profile.me')).data).toMatchObject({ phoneNumber: null, isVerified: false });
    expect(errorCode(await call(owner, 'profile.updateName', { name: 'Sam' }))).toBe('UNAUTHORIZED');
  });

  it("of the number's other device ends with a proof of the number elsewhere, and the account's deletion ends the last", async () => {
    const { query, call } = flows;
    const phone = flows.newPhone();
    const earlierDevice = await flows.provenBrowser(phone);
    expect(((await query(earlierDevice, 'profile.me')).data as Me).isVerified).toBe(true);
    const owner = await flows.provenBrowser(phone);
    expect(((await query(earlierDevice, 'profile.me')).data as Me).isVerified).toBe(false);
    expect(((await query(owner, 'profile.me')).data as Me).isVerified).toBe(true);

    expect((await call(owner, 'profile.deleteAccount')).error).toBeNull();
    expect((await query(owner, 'profile.me')).data).toMatchObject({ phoneNumber: null, isVerified: false });
  });

  it('never decides a mutation: a row changed where this instance did not hear of it is what a mutation sees', async () => {
    const { query, call } = flows;
    const owner = await flows.provenBrowser(flows.newPhone());
    expect(((await query(owner, 'profile.me')).data as Me).isVerified).toBe(true);
    // As another instance would, with its broadcast lost: the proof goes, and nothing tells this instance.
    const changed = await t.database.db
      .update(deviceSessions)
      .set({ phoneProvenAt: null })
      .where(eq(deviceSessions.tokenHash, hashToken(unsignedToken(owner))))
      .returning({ id: deviceSessions.id });
    expect(changed).toHaveLength(1);
    expect(errorCode(await call(owner, 'profile.updateName', { name: 'Sam' }))).toBe('UNAUTHORIZED');
  });

  it('of an administrator is not served after their log out', async () => {
    const { query, call } = flows;
    const admin = await flows.adminBrowser();
    expect((await query(admin, 'admin.dashboard')).error).toBeNull();
    const copied = copyOf(admin);

    expect((await call(admin, 'admin.logout')).error).toBeNull();
    expect(errorCode(await query(copied, 'admin.dashboard'))).toBe('UNAUTHORIZED');
  });

  it('of an unproven device gives way to the proof the same device makes', async () => {
    const { query, call } = flows;
    const phone = flows.newPhone();
    const browser = new HttpBrowser();
    expect((await call(browser, 'verification.send', { phoneNumber: phone })).error).toBeNull();
    expect(((await query(browser, 'profile.me')).data as Me).isVerified).toBe(false);
    expect(
      (await call(browser, 'verification.check', { phoneNumber: phone, code: latestCode(t, phone) })).error,
    ).toBeNull();
    expect((await query(browser, 'profile.me')).data).toMatchObject({ phoneNumber: phone, isVerified: true });
  });
});
