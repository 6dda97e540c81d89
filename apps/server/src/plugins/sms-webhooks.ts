import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../context';
import { networkKey } from '../services/limits/network-key';
import type { SmsGateway } from '../services/sms/sms-gateway';
import { WEBHOOK_PATHS } from '../services/sms/sms-providers';
import {
  awsReceipt,
  isAwsInboundText,
  isAwsSmsEvent,
  twilioReceipt,
} from '../services/sms/webhooks/provider-receipts';
import {
  applyReceipt,
  handleOnce,
  handleReply,
  providerNumber,
  type WebhookDeps,
} from '../services/sms/webhooks/sms-webhooks';
import {
  httpsGet,
  isSnsUrl,
  type SnsEnvelope,
  SnsSignatureVerifier,
  snsEnvelopeSchema,
} from '../services/sms/webhooks/sns-signature';
import { isValidTwilioSignature } from '../services/sms/webhooks/twilio-signature';

/** An SNS message older than this, or this far ahead of our clock, is refused as a replay. */
const SNS_MAX_AGE_MS = 60 * 60 * 1000;
const SNS_MAX_SKEW_MS = 5 * 60 * 1000;
const BODY_LIMIT = 64 * 1024;
/** Twilio's message SIDs (SM..., MM...): two letters and 32 hex digits. Anything else is not stored. */
const TWILIO_SID = /^[A-Z]{2}[0-9a-f]{32}$/;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * The providers' webhooks: Twilio's status callbacks and incoming texts, and the SNS topic that carries End
 * User Messaging's events and incoming texts. Each call must carry the provider's valid signature and must
 * not have been seen before (403 otherwise), is rate limited per network, reads no cookie and sets none,
 * and can change nothing but delivery statuses and the opt-out list (docs/sms.md).
 */
export async function smsWebhooksPlugin(
  app: FastifyInstance,
  options: {
    services: AppServices;
    gateway: SmsGateway;
    snsCertificates: ((url: string) => Promise<string>) | undefined;
  },
) {
  const { services, gateway } = options;
  const { config } = services;
  const deps: WebhookDeps = {
    db: services.db,
    auditLog: services.auditLog,
    gateway,
    rateLimiter: services.rateLimiter,
    limits: config.limits,
    sessionSecret: config.sessionSecret,
    logger: services.logger,
    now: services.now,
    contactUrl: config.contactUrl,
    sessions: services.sessions,
    observeAudit: services.metrics.observeAuditAction,
  };
  const awsGet = options.snsCertificates ?? httpsGet;
  const verifier = new SnsSignatureVerifier(awsGet, services.now);

  // Scoped to this plugin: the rest of the app keeps refusing anything but JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  app.addHook('onRequest', async (req, reply) => {
    const result = await services.rateLimiter
      .hit(`sms-webhook:ip:${networkKey(req.ip)}`, {
        limit: config.sms.webhookRequestsPerMinute,
        windowSeconds: 60,
      })
      .catch(() => null);
    if (result && !result.allowed) {
      reply.header('retry-after', String(result.retryAfterSeconds));
      return refuse(reply, 429, 'Too many requests.');
    }
  });
  // Nothing here is a browser's: no cookie is ever set on these answers.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });

  const twilio = config.sms.twilio;
  const twilioCall = (req: FastifyRequest): URLSearchParams | null => {
    if (!twilio) return null;
    const params = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
    // The URL Twilio called: our public address and the path and query as they arrived.
    const url = `${config.publicUrl}${req.url}`;
    const header = req.headers['x-twilio-signature'];
    return isValidTwilioSignature(
      twilio.authToken,
      url,
      params,
      typeof header === 'string' ? header : undefined,
    )
      ? params
      : null;
  };

  app.post(WEBHOOK_PATHS.twilioStatus, async (req, reply) => {
    const params = twilioCall(req);
    if (!params) return refuse(reply, 403, 'Invalid signature.');
    const reference = new URL(req.url, 'http://x').searchParams.get('ref');
    const receipt = twilioReceipt(params, reference);
    if (!receipt) return reply.code(204).send();
    const to = params.get('To');
    if (to !== null && !providerNumber(req.log, 'twilio', 'To', to)) return reply.code(204).send();
    if (!TWILIO_SID.test(receipt.providerMessageId ?? '')) return reply.code(204).send();
    const key = `twilio:status:${receipt.providerMessageId}:${params.get('MessageStatus') ?? ''}`;
    const handled = await handleOnce(services.db, key, async () => {
      await applyReceipt(deps, receipt);
    });
    if (!handled) return refuse(reply, 403, 'Already handled.');
    return reply.code(204).send();
  });

  app.post(WEBHOOK_PATHS.twilioInbound, async (req, reply) => {
    const params = twilioCall(req);
    if (!params) return refuse(reply, 403, 'Invalid signature.');
    const sid = params.get('MessageSid') ?? params.get('SmsSid');
    if (!params.get('From') || !sid) return refuse(reply, 400, 'From and MessageSid are required.');
    // Answered as handled either way: TwiML with no message, as the answer to HELP is sent like any text.
    const handledTwiml = () => reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    const from = providerNumber(req.log, 'twilio', 'From', params.get('From'));
    if (!from || !TWILIO_SID.test(sid)) return handledTwiml();
    const handled = await handleOnce(services.db, `twilio:in:${sid}`, async () => {
      await handleReply(deps, { provider: 'twilio', from, body: params.get('Body') ?? '' });
    });
    if (!handled) return refuse(reply, 403, 'Already handled.');
    return handledTwiml();
  });

  app.post(WEBHOOK_PATHS.sns, async (req, reply) => {
    const envelope = parseEnvelope(req.body);
    if (!envelope) return refuse(reply, 403, 'Not a signed SNS message.');
    if (!config.sms.sns.eventTopicArns.includes(envelope.TopicArn)) {
      return refuse(reply, 403, 'Unknown topic.');
    }
    const verdict = await verifier.verify(envelope);
    if (!verdict.ok) {
      req.log.warn({ reason: verdict.reason }, 'SNS message refused');
      return refuse(reply, 403, 'Invalid signature.');
    }
    const age = services.now().getTime() - Date.parse(envelope.Timestamp);
    if (age > SNS_MAX_AGE_MS || age < -SNS_MAX_SKEW_MS) return refuse(reply, 403, 'Message too old.');
    const handled = await handleOnce(services.db, `sns:${envelope.MessageId}`, () =>
      handleSnsMessage(envelope, req),
    );
    if (!handled) return refuse(reply, 403, 'Already handled.');
    return reply.code(204).send();
  });

  async function handleSnsMessage(envelope: SnsEnvelope, req: FastifyRequest) {
    if (envelope.Type === 'SubscriptionConfirmation') {
      if (!envelope.SubscribeURL || !isSnsUrl(envelope.SubscribeURL, { certificate: false })) {
        req.log.warn('SNS subscription confirmation without an AWS SubscribeURL ignored');
        return;
      }
      await awsGet(envelope.SubscribeURL);
      req.log.info({ topicArn: envelope.TopicArn }, 'SNS subscription confirmed');
      return;
    }
    if (envelope.Type === 'UnsubscribeConfirmation') {
      req.log.warn({ topicArn: envelope.TopicArn }, 'SNS subscription ended');
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(envelope.Message);
    } catch {
      req.log.warn('SNS notification that is not JSON ignored');
      return;
    }
    if (isAwsSmsEvent(message)) {
      const to = message.destinationPhoneNumber;
      if (to !== undefined && !providerNumber(req.log, 'sns', 'destinationPhoneNumber', to)) return;
      const receipt = awsReceipt(message);
      if (receipt) await applyReceipt(deps, receipt);
    } else if (isAwsInboundText(message)) {
      const from = providerNumber(req.log, 'sns', 'originationNumber', message.originationNumber);
      if (!from) return;
      await handleReply(deps, { provider: 'sns', from, body: message.messageBody });
    }
  }
}

function parseEnvelope(body: unknown): SnsEnvelope | null {
  if (typeof body !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = snsEnvelopeSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ error: { message } });
}
