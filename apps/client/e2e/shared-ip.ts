// Many browsers of one test file all come from 127.0.0.1: with the per-IP caps of production the order of the
// tests would decide which of them is refused. These limits leave room; each test rates and verifies its own
// numbers, so no per-number limit of one test touches another.
export const ROOMY_LIMITS = {
  LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: '500',
  LIMIT_RATINGS_PER_IP_PER_HOUR: '500',
  LIMIT_RATINGS_PER_DEVICE_PER_HOUR: '50',
  LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: '500',
  LIMIT_PHONE_SAVES_PER_IP_PER_HOUR: '500',
  LIMIT_TELEMETRY_PER_IP_PER_MINUTE: '1000',
};

/** Fresh US numbers `{prefix}1001`, `{prefix}1002`, … (prefix: area code and exchange, e.g. '312555'). */
export function numberSequence(prefix: string): () => { national: string; e164: string } {
  let next = 0;
  return () => {
    next += 1;
    const national = `${prefix}${String(1000 + next).slice(-4)}`;
    return { national, e164: `+1${national}` };
  };
}
