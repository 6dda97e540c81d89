import { PROVIDER_REFUSED, PROVIDER_THROTTLED, PROVIDER_UNREACHABLE } from './sms-errors';
import { SmsDeliveryError } from './sms-sender';

/**
 * One try per call: the SDK's own retries would resend a text whose answer was lost, which only the
 * dispatcher may decide after asking. The time-outs bound how long a call can hold a dispatcher run.
 */
export const AWS_CLIENT_DEFAULTS = {
  maxAttempts: 1,
  requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
} as const;

const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const THROTTLED = new Set(['ThrottlingException', 'ThrottledException', 'TooManyRequestsException']);
/** Refusals of our credentials or account, whatever the number (answered 400 by some AWS protocols). */
const ACCOUNT_REFUSED = new Set([
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'InvalidSignatureException',
  'SignatureDoesNotMatch',
  'ExpiredTokenException',
  'AuthorizationError',
  'AccessDeniedException',
]);

interface AwsErrorShape {
  name?: unknown;
  code?: unknown;
  $metadata?: { httpStatusCode?: number };
}

/**
 * An AWS SDK failure as the dispatcher acts on it: an answer from AWS (4xx refused, 5xx unreachable: nothing
 * was created), no connection (unreachable), or a request whose answer never came (unknown).
 */
export function awsFailure(error: unknown): SmsDeliveryError {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as AwsErrorShape;
  const name = typeof shape.name === 'string' ? shape.name : '';
  const status = shape.$metadata?.httpStatusCode;
  if (THROTTLED.has(name) || status === 429) {
    return new SmsDeliveryError(PROVIDER_THROTTLED, {
      cause: error,
      kind: 'throttled',
      errorCode: name || null,
    });
  }
  if (status !== undefined && status >= 500) {
    return new SmsDeliveryError(PROVIDER_UNREACHABLE, {
      cause: error,
      kind: 'unreachable',
      errorCode: name || null,
    });
  }
  if (status !== undefined && status >= 400) {
    return new SmsDeliveryError(PROVIDER_REFUSED, {
      cause: error,
      errorCode: name || null,
      accountRefused: status === 401 || status === 403 || ACCOUNT_REFUSED.has(name),
    });
  }
  if (name === 'CredentialsProviderError') {
    return new SmsDeliveryError(PROVIDER_REFUSED, { cause: error, accountRefused: true });
  }
  const code = typeof shape.code === 'string' ? shape.code : '';
  return new SmsDeliveryError(PROVIDER_UNREACHABLE, {
    cause: error,
    kind: NOT_CONNECTED.has(code) ? 'unreachable' : 'unknown',
  });
}
