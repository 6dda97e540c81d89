import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { twilioSignature } from '../../src/services/sms/webhooks/twilio-signature';
import { listenOnLoopback, readBody, sendJson } from './loopback-http';

export const FAKE_TWILIO_SID = `AC${'1'.repeat(32)}`;
export const FAKE_TWILIO_TOKEN = 'fake-twilio-auth-token-0123456789';
export const FAKE_TWILIO_FROM = '+14155550100';

/**
 * How the fake answers a create call: accept; refuse with Twilio's JSON error (status, code); answer 500
 * (an outage, which the account's page answers too); answer 429; or accept and then drop the connection before answering (the acceptance is lost).
 */
export type TwilioMode =
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'refuse'; status: number; code: number }
  | { kind: 'outage' }
  | { kind: 'throttle'; retryAfterSeconds?: number }
  | { kind: 'lose' };

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  body: string;
  statusCallback: string | null;
  dateCreated: string;
}

/** A request Twilio would make to ExRated, signed as Twilio signs it; the test sends it with app.inject. */
export interface TwilioCallback {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}

/**
 * Twilio's REST API on loopback, speaking its wire format (form-encoded create, JSON answers and errors,
 * Basic auth with the account SID and auth token), and Twilio's side of the webhooks: status callbacks and
 * incoming texts signed with X-Twilio-Signature, which the test may deliver late, twice or out of order.
 */
export async function startFakeTwilio() {
  let mode: TwilioMode = { kind: 'ok' };
  const messages: FakeTwilioMessage[] = [];
  let createCalls = 0;
  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const expected = `Basic ${Buffer.from(`${FAKE_TWILIO_SID}:${FAKE_TWILIO_TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return sendJson(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const base = `/2010-04-01/Accounts/${FAKE_TWILIO_SID}`;
    if (req.method === 'GET' && url.pathname === `${base}.json`) {
      // An outage takes the whole API down, the account's page with it.
      if (mode.kind === 'outage')
        return sendJson(res, 500, { code: 20500, message: 'Internal Server Error' });
      return sendJson(res, 200, { sid: FAKE_TWILIO_SID, status: 'active' });
    }
    if (req.method === 'GET' && url.pathname === `${base}/IncomingPhoneNumbers.json`) {
      const number = url.searchParams.get('PhoneNumber');
      return sendJson(res, 200, {
        incoming_phone_numbers: number === FAKE_TWILIO_FROM ? [{ phone_number: number }] : [],
      });
    }
    if (req.method === 'GET' && url.pathname === `${base}/Messages.json`) {
      const to = url.searchParams.get('To');
      const found = messages.filter((message) => !to || message.to === to).reverse();
      return sendJson(res, 200, {
        messages: found.map((message) => ({
          sid: message.sid,
          to: message.to,
          body: message.body,
          date_created: message.dateCreated,
        })),
      });
    }
    if (req.method !== 'POST' || url.pathname !== `${base}/Messages.json`) {
      return sendJson(res, 404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    }
    createCalls += 1;
    const form = new URLSearchParams(body);
    const current = mode;
    if (current.kind === 'outage')
      return sendJson(res, 500, { code: 20500, message: 'Internal Server Error' });
    if (current.kind === 'throttle') {
      res.setHeader('retry-after', String(current.retryAfterSeconds ?? 1));
      return sendJson(res, 429, { code: 20429, message: 'Too Many Requests', status: 429 });
    }
    if (current.kind === 'refuse') {
      return sendJson(res, current.status, {
        code: current.code,
        message: 'refused',
        status: current.status,
      });
    }
    if (current.kind === 'ok' && current.delayMs) await new Promise((r) => setTimeout(r, current.delayMs));
    const message: FakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to: form.get('To') ?? '',
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback'),
      dateCreated: new Date().toUTCString(),
    };
    messages.push(message);
    // Taken, and the answer never arrives.
    if (current.kind === 'lose') return res.destroy();
    return sendJson(res, 201, { sid: message.sid, status: 'queued', to: message.to, body: message.body });
  }

  const { url, close } = await listenOnLoopback(server);

  /** A request to `url` with these form parameters, signed with the auth token as Twilio signs it. */
  const signed = (url: string, params: Record<string, string>): TwilioCallback => {
    const form = new URLSearchParams(params);
    const target = new URL(url);
    return {
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(FAKE_TWILIO_TOKEN, url, form),
      },
      payload: form.toString(),
    };
  };

  return {
    url,
    setMode(next: TwilioMode) {
      mode = next;
    },
    messages: () => [...messages],
    createCalls: () => createCalls,
    /** Twilio's status callback for a message it took. */
    statusCallback(message: FakeTwilioMessage, status: string, errorCode?: string): TwilioCallback {
      if (!message.statusCallback) throw new Error('the message had no StatusCallback');
      return signed(message.statusCallback, {
        AccountSid: FAKE_TWILIO_SID,
        ApiVersion: '2010-04-01',
        From: FAKE_TWILIO_FROM,
        MessageSid: message.sid,
        MessageStatus: status,
        SmsSid: message.sid,
        SmsStatus: status,
        To: message.to,
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      });
    },
    /** A text someone sent to our Twilio number, as Twilio posts it to the inbound webhook at `url`. */
    inbound(url: string, from: string, body: string): TwilioCallback {
      return signed(url, {
        AccountSid: FAKE_TWILIO_SID,
        ApiVersion: '2010-04-01',
        Body: body,
        From: from,
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        NumMedia: '0',
        To: FAKE_TWILIO_FROM,
      });
    },
    close,
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

/** The settings that point the app's Twilio sender at the fake. */
export function fakeTwilioEnv(fake: FakeTwilio): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
    TWILIO_FROM: FAKE_TWILIO_FROM,
    TWILIO_API_URL: fake.url,
  };
}
