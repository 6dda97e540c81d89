import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { SmsGateway } from '../../src/services/sms/sms-gateway';
import { SnsSmsSender } from '../../src/services/sms/sns-sms-sender';
import { listenOnLoopback } from './loopback-http';

/**
 * A small local server speaking the SNS query protocol (POST /, form-encoded Action=..., XML replies), so the
 * real AWS SDK can be tested against it, pointed at through AWS_ENDPOINT_URL_SNS like production is.
 */
export interface ReceivedSnsRequest {
  params: URLSearchParams;
  authorization: string | undefined;
}

export interface SnsReply {
  status: number;
  body: string;
}

export interface LocalSns {
  url: string;
  /** Every request, oldest first. */
  received: ReceivedSnsRequest[];
  /** How the server answers from now on (a promise holds the reply, to play a slow provider). */
  setReply(reply: (params: URLSearchParams) => SnsReply | Promise<SnsReply>): void;
  close(): Promise<void>;
}

const NS = 'http://sns.amazonaws.com/doc/2010-03-31/';

export const snsXml = {
  publishOk(messageId: string): SnsReply {
    return {
      status: 200,
      body: `<PublishResponse xmlns="${NS}"><PublishResult><MessageId>${messageId}</MessageId></PublishResult><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata></PublishResponse>`,
    };
  },
  optedOut(isOptedOut: boolean): SnsReply {
    return {
      status: 200,
      body: `<CheckIfPhoneNumberIsOptedOutResponse xmlns="${NS}"><CheckIfPhoneNumberIsOptedOutResult><isOptedOut>${isOptedOut}</isOptedOut></CheckIfPhoneNumberIsOptedOutResult><ResponseMetadata><RequestId>r-3</RequestId></ResponseMetadata></CheckIfPhoneNumberIsOptedOutResponse>`,
    };
  },
  smsAttributes(): SnsReply {
    return {
      status: 200,
      body: `<GetSMSAttributesResponse xmlns="${NS}"><GetSMSAttributesResult><attributes><entry><key>DefaultSMSType</key><value>Transactional</value></entry></attributes></GetSMSAttributesResult><ResponseMetadata><RequestId>r-5</RequestId></ResponseMetadata></GetSMSAttributesResponse>`,
    };
  },
  optInOk(): SnsReply {
    return {
      status: 200,
      body: `<OptInPhoneNumberResponse xmlns="${NS}"><OptInPhoneNumberResult/><ResponseMetadata><RequestId>r-4</RequestId></ResponseMetadata></OptInPhoneNumberResponse>`,
    };
  },
  error(code: string, message: string, status = 400): SnsReply {
    return {
      status,
      body: `<ErrorResponse xmlns="${NS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>r-2</RequestId></ErrorResponse>`,
    };
  },
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startLocalSns(): Promise<LocalSns> {
  const received: ReceivedSnsRequest[] = [];
  let reply: (params: URLSearchParams) => SnsReply | Promise<SnsReply> = () => ({ status: 500, body: '' });
  const server: Server = createServer(async (req, res) => {
    const params = new URLSearchParams(await readBody(req));
    received.push({ params, authorization: req.headers.authorization });
    const { status, body } =
      req.method === 'POST' && req.url === '/' ? await reply(params) : { status: 404, body: '' };
    res.writeHead(status, { 'content-type': 'text/xml' });
    res.end(body);
  });
  const { url, close } = await listenOnLoopback(server);
  return {
    url,
    received,
    setReply(next) {
      reply = next;
    },
    close,
  };
}

/** The standard AWS environment that points the real SDK at a local SNS endpoint: fake credentials, no retries. */
export function localSnsEnvironment(url: string): Record<string, string> {
  return {
    AWS_ENDPOINT_URL_SNS: url,
    AWS_REGION: 'eu-west-2',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'example-secret',
    AWS_MAX_ATTEMPTS: '1',
  };
}

/** Sets that environment for this test file (vitest restores it with vi.unstubAllEnvs). */
export function stubLocalSnsEnvironment(url: string) {
  for (const [name, value] of Object.entries(localSnsEnvironment(url))) vi.stubEnv(name, value);
}

/** The app texts through SNS alone, as SMS_PROVIDER=sns configures it, and has no development outbox. */
export async function expectSnsOnlyAndNoOutbox(app: FastifyInstance) {
  const gateway = app.services.sms;
  expect(gateway).toBeInstanceOf(SmsGateway);
  expect(gateway instanceof SmsGateway && gateway.providers).toEqual([expect.any(SnsSmsSender)]);
  expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
}
