import { browser, freshPhone } from './api-client.mjs';
import { percentile } from './load.mjs';

/** One new visitor: a send, then a check with the texted code; each step's latency goes to `into`. */
function pairRunner({ base, sns }) {
  const into = { send: [], check: [], failures: 0, failureKinds: {} };
  const pair = async () => {
    const visitor = browser(base);
    const phoneNumber = freshPhone();
    try {
      let started = performance.now();
      await visitor.call('mutation', 'verification.send', { phoneNumber });
      into.send.push(performance.now() - started);
      const code = await sns.takeCode(phoneNumber);
      started = performance.now();
      await visitor.call('mutation', 'verification.check', { phoneNumber, code });
      into.check.push(performance.now() - started);
    } catch (error) {
      into.failures++;
      into.failureKinds[error.message] = (into.failureKinds[error.message] ?? 0) + 1;
    }
  };
  return { pair, into };
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/**
 * Closed loop: `connections` visitors each run pairs back to back for `duration` s (or `amount` pairs in all).
 * Its pairs per second is the capacity the open loop is offered a fraction of, and each step's mean latency
 * when saturated is the unit its open-loop budgets are set in, as for the other paths.
 */
export async function verificationCapacity({ base, sns, connections, duration, amount }) {
  const { pair, into } = pairRunner({ base, sns });
  const began = performance.now();
  const endsAt = began + (duration ?? 0) * 1000;
  let started = 0;
  const more = () => (amount === undefined ? performance.now() < endsAt : started < amount);
  const visitor = async () => {
    while (more()) {
      started++;
      await pair();
    }
  };
  await Promise.all(Array.from({ length: connections }, visitor));
  const seconds = (performance.now() - began) / 1000;
  return {
    pairs: started,
    requests: 2 * started,
    failures: into.failures,
    failureKinds: into.failureKinds,
    pairsPerSecond: into.check.length / seconds,
    sendSaturatedMs: mean(into.send),
    checkSaturatedMs: mean(into.check),
  };
}

/** Open loop: a new visitor starts a send every 1/rate s, then checks the texted code. */
export async function verificationPairs({ base, sns, pairsPerSecond, duration }) {
  const { pair, into } = pairRunner({ base, sns });
  const inFlight = [];
  const total = Math.max(1, Math.round(pairsPerSecond * duration));
  const began = performance.now();
  for (let i = 0; i < total; i++) {
    const due = began + (i * 1000) / pairsPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(pair());
  }
  await Promise.all(inFlight);
  return {
    pairs: total,
    requests: 2 * total,
    failures: into.failures,
    failureKinds: into.failureKinds,
    sendP95: percentile(into.send, 95),
    sendP99: percentile(into.send, 99),
    checkP95: percentile(into.check, 95),
    checkP99: percentile(into.check, 99),
  };
}
