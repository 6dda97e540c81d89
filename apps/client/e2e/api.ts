// Setting a browser up through the public API, as its own pages would: calls go through the page's context,
// so they carry (and receive) that browser's device cookie, exactly like the app's own fetches.
import { RATING_CLAIMS_HEADER } from '@exrated/content/rating-claims';
import type { Page } from 'playwright-core';
import { TYPED_PHONE_STORAGE_KEY } from '../src/lib/typed-phone';
import type { App } from './harness';

interface OutboxText {
  to: string;
  body: string;
  kind: 'verification' | 'rating';
}

const DEVICE_COOKIE = 'exrated_sid';
const FIRST_REQUEST_WAIT_MS = 10_000;

/**
 * Waits until the page's own first request has given the browser its device cookie. Were that request still
 * on its way (or not yet sent: on a loaded machine the network can idle for 500 ms while the app's script is
 * still running), its fresh cookie would replace the one an API call set, and the browser would forget what
 * the call did (ratings counted for another device, a proof lost).
 */
async function settleDeviceCookie(page: Page): Promise<void> {
  if (page.url() === 'about:blank') return;
  await page.waitForLoadState('networkidle');
  const deadline = Date.now() + FIRST_REQUEST_WAIT_MS;
  while (Date.now() < deadline) {
    const cookies = await page.context().cookies();
    if (cookies.some((cookie) => cookie.name === DEVICE_COOKIE)) return;
    await page.waitForTimeout(50);
  }
}

/** A tRPC mutation as the app sends it (JSON, same origin); rejects with the server's message on failure. */
export async function mutate<T = unknown>(page: Page, path: string, input?: unknown): Promise<T> {
  await settleDeviceCookie(page);
  // Every request of the tab carries its claims, as the app's tRPC link sends them (src/lib/trpc.ts).
  const claims = await tabClaims(page);
  const response = await page.request.post(`/trpc/${path}`, {
    headers: {
      'content-type': 'application/json',
      ...(claims.length > 0 ? { [RATING_CLAIMS_HEADER]: claims.join(',') } : {}),
    },
    data: input === undefined ? {} : { json: input },
  });
  const body = (await response.json()) as { result?: { data?: { json?: T } }; error?: { json?: unknown } };
  if (!response.ok()) throw new Error(`${path} failed (${response.status()}): ${JSON.stringify(body.error)}`);
  return body.result?.data?.json as T;
}

/**
 * The number this tab typed before proving it, as /verify keeps it when it asks for a code: the server names
 * only a proven phone, so the header, /profile and /settings read it from the tab.
 */
export async function keepTabTypedPhone(page: Page, phone: string): Promise<void> {
  await page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), {
    key: TYPED_PHONE_STORAGE_KEY,
    value: phone,
  });
}

/** Texts the console sender sent to `phone`, newest first (GET /dev/outbox.json). */
export async function textsTo(app: App, phone: string, kind?: OutboxText['kind']): Promise<OutboxText[]> {
  const response = await fetch(`${app.baseUrl}/dev/outbox.json?to=${encodeURIComponent(phone)}`);
  const { messages } = (await response.json()) as { messages: OutboxText[] };
  return kind ? messages.filter((message) => message.kind === kind) : messages;
}

/** The 6-digit code of the newest verification text to `phone`. */
export async function latestCode(app: App, phone: string): Promise<string> {
  const [text] = await textsTo(app, phone, 'verification');
  const code = text?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no verification code was texted to ${phone}`);
  return code;
}

/** Proves `phone` for the page's browser with the texted code (what /verify does). */
export async function provePhone(page: Page, app: App, phone: string): Promise<void> {
  await mutate(page, 'verification.send', { phoneNumber: phone });
  // The claims of the tab's unproven ratings, as /verify presents them (src/lib/rating-claims.ts).
  await mutate(page, 'verification.check', {
    phoneNumber: phone,
    code: await latestCode(app, phone),
    claims: await tabClaims(page),
  });
  await page.evaluate((key) => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // A page of no origin keeps no claims.
    }
  }, CLAIMS_KEY);
}

const CLAIMS_KEY = 'exrated.rating-claims';

/** The claims the page's tab keeps (src/lib/rating-claims.ts); none for a page of no origin. */
function tabClaims(page: Page): Promise<string[]> {
  if (page.url() === 'about:blank') return Promise.resolve([]);
  return page.evaluate((key) => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
    } catch {
      return [];
    }
  }, CLAIMS_KEY);
}

export interface RatingFields {
  name?: string;
  relationshipType?: string;
  scores?: number[];
  testimonial?: string;
  gratitude?: string;
  selfReflection?: string;
  feedback?: string;
}

/** Submits a rating of `phone` from the page's browser (what /rate does). */
export async function rate(page: Page, phone: string, fields: RatingFields = {}): Promise<void> {
  const scores = fields.scores ?? [6, 6, 6, 6, 6];
  const reply = await mutate<{ claim?: string }>(page, 'rating.submit', {
    name: fields.name ?? 'Alex S.',
    relationshipType: fields.relationshipType ?? 'casual',
    phoneNumber: phone,
    scores: scores.map((score, index) => ({ questionId: index + 1, score })),
    testimonial: fields.testimonial ?? '',
    gratitude: fields.gratitude ?? '',
    selfReflection: fields.selfReflection ?? '',
    feedback: fields.feedback ?? '',
  });
  // Kept in the tab as /rate keeps it.
  if (reply.claim) {
    await page.evaluate(
      ([key, claim]) => {
        const kept = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
        sessionStorage.setItem(key, JSON.stringify([...kept, claim]));
      },
      [CLAIMS_KEY, reply.claim] as const,
    );
  }
}
