import { expect } from 'vitest';
import { ratingInput, type SubmitReply } from './rating-fixtures';
import { HttpBrowser, type TestApp } from './test-app';
import { type TrpcHttpReply, trpcHttp } from './verification';

/**
 * One person at a browser behind an address of their own, as the proxy reports it (x-forwarded-for with
 * TRUST_PROXY), with their own browser name, so an address or browser that shows up in someone else's answer
 * is seen. A browser of its own (fresh cookies) unless `browser` is given: a shared computer, where the next
 * person keeps the cookies of the one before.
 */
export interface Actor {
  browser: HttpBrowser;
  ip: string;
  userAgent: string;
  call(path: string, input?: unknown): Promise<TrpcHttpReply>;
  query(path: string, input?: unknown): Promise<TrpcHttpReply>;
}

/** The people of a test over HTTP; `codeFor` reads the newest code texted to a number. */
export function actorsOf(t: Pick<TestApp, 'http'>, codeFor: (phone: string) => string) {
  function actor(ip: string, userAgent: string, browser = new HttpBrowser()): Actor {
    const headers = { 'x-forwarded-for': ip, 'user-agent': userAgent };
    return {
      browser,
      ip,
      userAgent,
      call: (path, input) => trpcHttp(t, browser, 'mutation', path, input, headers),
      query: (path, input) => trpcHttp(t, browser, 'query', path, input, headers),
    };
  }

  /** `person` asks for a code for `phone` and enters it. */
  async function prove(person: Actor, phone: string) {
    expect((await person.call('verification.send', { phoneNumber: phone })).error).toBeNull();
    const checked = await person.call('verification.check', { phoneNumber: phone, code: codeFor(phone) });
    expect(checked.error).toBeNull();
  }

  async function rate(person: Actor, phone: string, testimonial?: string) {
    const reply = await person.call(
      'rating.submit',
      ratingInput({ phoneNumber: phone, ...(testimonial ? { testimonial } : {}) }),
    );
    expect(reply.error).toBeNull();
    return (reply.data as SubmitReply).ratingId;
  }

  return { actor, prove, rate };
}
