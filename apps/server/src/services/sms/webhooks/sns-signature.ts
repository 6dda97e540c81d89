import { createVerify, X509Certificate } from 'node:crypto';
import { z } from 'zod';

/** The fields SNS posts to an HTTPS subscription (one JSON object per request). */
export const snsEnvelopeSchema = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1).max(100),
  TopicArn: z.string().min(1).max(300),
  Message: z.string(),
  Timestamp: z.string().datetime({ offset: true }),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1),
  SigningCertURL: z.string().url(),
  Subject: z.string().optional(),
  SubscribeURL: z.string().url().optional(),
  Token: z.string().optional(),
});
export type SnsEnvelope = z.infer<typeof snsEnvelopeSchema>;

/** Only AWS's own SNS hosts serve signing certificates and subscription confirmations. */
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

export function isSnsUrl(value: string, { pem }: { pem: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    url.username === '' &&
    SNS_HOST.test(url.hostname) &&
    (!pem || url.pathname.endsWith('.pem'))
  );
}

/** The string SNS signs: the listed fields in this order, each as 'Name\nvalue\n' (absent ones left out). */
export function snsStringToSign(envelope: SnsEnvelope): string {
  const fields =
    envelope.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : (['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const);
  return fields
    .filter((field) => envelope[field] !== undefined)
    .map((field) => `${field}\n${envelope[field]}\n`)
    .join('');
}

export type SnsVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Verifies an SNS message: the certificate comes from an AWS SNS host over https (fetched once per URL), is
 * valid now, and its key verifies the signature (SHA1withRSA for version 1, SHA256withRSA for version 2).
 */
export class SnsSignatureVerifier {
  private readonly certificates = new Map<string, Promise<X509Certificate>>();

  constructor(
    private readonly fetchCertificate: (url: string) => Promise<string>,
    private readonly now: () => Date,
  ) {}

  async verify(envelope: SnsEnvelope): Promise<SnsVerdict> {
    if (!isSnsUrl(envelope.SigningCertURL, { pem: true })) {
      return { ok: false, reason: 'certificate not from an AWS SNS host' };
    }
    let certificate: X509Certificate;
    try {
      certificate = await this.certificate(envelope.SigningCertURL);
    } catch {
      return { ok: false, reason: 'certificate could not be read' };
    }
    const now = this.now().getTime();
    if (Date.parse(certificate.validFrom) > now || Date.parse(certificate.validTo) < now) {
      return { ok: false, reason: 'certificate not valid now' };
    }
    const verifier = createVerify(envelope.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
    verifier.update(snsStringToSign(envelope), 'utf8');
    const valid = verifier.verify(certificate.publicKey, envelope.Signature, 'base64');
    return valid ? { ok: true } : { ok: false, reason: 'signature does not match' };
  }

  private certificate(url: string): Promise<X509Certificate> {
    let pending = this.certificates.get(url);
    if (!pending) {
      pending = this.fetchCertificate(url).then((pem) => new X509Certificate(pem));
      // A failed fetch is not kept: the next message asks again.
      pending.catch(() => this.certificates.delete(url));
      this.certificates.set(url, pending);
    }
    return pending;
  }
}

/** Production's certificate (and subscription confirmation) fetch: https only, a short time-out. */
export async function httpsGet(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'error' });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.text();
}
