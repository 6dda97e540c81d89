import { browser, freshPhone } from './api-client.mjs';
import { percentile } from './load.mjs';

/** Open-loop verification pairs: a new visitor starts a send every 1/rate s, then checks the texted code. */
export async function verificationPairs({ base, sns, pairsPerSecond, duration }) {
  const send = [];
  const check = [];
  const failureKinds = {};
  let failures = 0;
  const inFlight = [];
  const pair = async () => {
    const visitor = browser(base);
    const phoneNumber = freshPhone();
    try {
      let started = performance.now();
      await visitor.call('mutation', 'verification.send', { phoneNumber });
      send.push(performance.now() - started);
      const code = await sns.takeCode(phoneNumber);
      started = performance.now();
      await visitor.call('mutation', 'verification.check', { phoneNumber, code });
      check.push(performance.now() - started);
    } catch (error) {
      failures++;
      failureKinds[error.message] = (failureKinds[error.message] ?? 0) + 1;
    }
  };
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
    failures,
    failureKinds,
    sendP95: percentile(send, 95),
    sendP99: percentile(send, 99),
    checkP95: percentile(check, 95),
    checkP99: percentile(check, 99),
  };
}
