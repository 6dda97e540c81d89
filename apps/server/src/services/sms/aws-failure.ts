import { NUMBER_OPTED_OUT, PROVIDER_REFUSED, PROVIDER_THROTTLED, PROVIDER_UNREACHABLE } from './sms-errors';
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
/**
 * Refusals of our credentials, account or sending setup, whatever the number (answered 400 by some AWS
 * protocols): every text fails alike until the operator acts.
 */
const ACCOUNT_REFUSED = new Set([
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'InvalidSignatureException',
  'SignatureDoesNotMatch',
  'ExpiredTokenException',
  'AuthorizationError',
  'AuthorizationErrorException',
  'InvalidSecurityException',
  // End User Messaging: the account is disabled or its reputation too low to send.
  'AccessDeniedException',
  // End User Messaging: the monthly spending limit for texts (MONTHLY_SPEND_LIMIT_REACHED_FOR_TEXT) or
  // another quota of the account is reached.
  'ServiceQuotaExceededException',
  // End User Messaging: the configuration set or the origination identity the texts name does not exist.
  'ResourceNotFoundException',
]);
/** End User Messaging's conflicts that are of our setup, not of the number (ConflictException's Reason). */
const SETUP_CONFLICTS = new Set(['NO_ORIGINATION_IDENTITIES_FOUND', 'MESSAGE_TYPE_MISMATCH']);
/** End User Messaging's conflict for a number on the opt-out list (a STOP reply it keeps). */
const OPTED_OUT_CONFLICT = 'DESTINATION_PHONE_NUMBER_OPTED_OUT';

interface AwsErrorShape {
  name?: unknown;
  code?: unknown;
  Reason?: unknown;
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
    const reason = name === 'ConflictException' && typeof shape.Reason === 'string' ? shape.Reason : '';
    if (reason === OPTED_OUT_CONFLICT) {
      return new SmsDeliveryError(NUMBER_OPTED_OUT, { cause: error, errorCode: reason, optedOut: true });
    }
    return new SmsDeliveryError(PROVIDER_REFUSED, {
      cause: error,
      errorCode: reason || name || null,
      accountRefused:
        status === 401 || status === 403 || ACCOUNT_REFUSED.has(name) || SETUP_CONFLICTS.has(reason),
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
