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

/**
 * Only AWS's own SNS endpoints serve signing certificates and subscription confirmations: exactly
 * `sns.<region>.amazonaws.com`, the region label shaped as AWS names them (us-east-1, eu-west-2,
 * us-gov-west-1). Any other name under amazonaws.com (an S3 bucket's `sns.s3.amazonaws.com`, a
 * customer's endpoint) may serve what a stranger put there.
 */
const SNS_HOST = /^sns\.[a-z]{2}(-gov)?-[a-z]+-\d{1,2}\.amazonaws\.com$/;
/** The path SNS names its signing certificates by. */
const CERTIFICATE_PATH = /^\/SimpleNotificationService-[0-9a-f]{32}\.pem$/;
/** The subject AWS issues SNS's signing certificates to. */
export const SNS_CERTIFICATE_SUBJECT = 'CN=sns.amazonaws.com';
/** Distinct certificates kept: SNS signs with one per region at a time, and renews it rarely. */
const CERTIFICATE_CACHE_SIZE = 32;

/**
 * Whether `value` is an https URL on an AWS SNS host. A certificate URL (`certificate`) must also name a
 * certificate's path and carry no query string nor fragment: what it names is then the whole cache key, and a
 * stranger cannot make one certificate look like many.
 */
export function isSnsUrl(value: string, { certificate }: { certificate: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const onSnsHost =
    url.protocol === 'https:' && url.port === '' && url.username === '' && SNS_HOST.test(url.hostname);
  if (!certificate) return onSnsHost;
  return onSnsHost && !/[?#]/.test(value) && CERTIFICATE_PATH.test(url.pathname);
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
 * Verifies an SNS message: the certificate comes from an AWS SNS host over https (fetched once per URL and
 * kept among the CERTIFICATE_CACHE_SIZE last used), is issued to SNS, is valid now, and its key verifies the
 * signature (SHA1withRSA for version 1, SHA256withRSA for version 2).
 */
export class SnsSignatureVerifier {
  /** Least recently used first (a Map keeps insertion order; a hit moves its entry to the end). */
  private readonly certificates = new Map<string, Promise<X509Certificate>>();

  constructor(
    private readonly fetchCertificate: (url: string) => Promise<string>,
    private readonly now: () => Date,
  ) {}

  async verify(envelope: SnsEnvelope): Promise<SnsVerdict> {
    if (!isSnsUrl(envelope.SigningCertURL, { certificate: true })) {
      return { ok: false, reason: 'certificate not from an AWS SNS host' };
    }
    let certificate: X509Certificate;
    try {
      certificate = await this.certificate(envelope.SigningCertURL);
    } catch {
      return { ok: false, reason: 'certificate could not be read' };
    }
    if (!issuedToSns(certificate)) return { ok: false, reason: 'certificate not issued to SNS' };
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
    const cached = this.certificates.get(url);
    if (cached) {
      this.certificates.delete(url);
      this.certificates.set(url, cached);
      return cached;
    }
    const pending = this.fetchCertificate(url).then((pem) => new X509Certificate(pem));
    // A failed fetch is not kept: the next message asks again.
    pending.catch(() => {
      if (this.certificates.get(url) === pending) this.certificates.delete(url);
    });
    this.certificates.set(url, pending);
    const oldest = this.certificates.keys().next();
    if (this.certificates.size > CERTIFICATE_CACHE_SIZE && !oldest.done)
      this.certificates.delete(oldest.value);
    return pending;
  }
}

/** The certificate's subject is SNS's, and nothing but: one common name, `sns.amazonaws.com`. */
function issuedToSns(certificate: X509Certificate): boolean {
  return (
    certificate.subject
      .split('\n')
      .filter((line) => line.length > 0)
      .join('\n') === SNS_CERTIFICATE_SUBJECT
  );
}

/** Production's certificate (and subscription confirmation) fetch: https only, a short time-out. */
export async function httpsGet(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'error' });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.text();
}
