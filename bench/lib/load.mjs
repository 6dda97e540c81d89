import autocannon from 'autocannon';

/** Nearest-rank percentile of an unsorted list of milliseconds. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function median(values) {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? Number.NaN : percentile(finite, 50);
}

/**
 * One autocannon run. `rate` set: open loop at that many requests/s (overallRate); else closed loop.
 * Latencies are collected per response so p95 and p99 come from every request, not autocannon's buckets.
 * Anything but a 2xx counts as a failure and is reported: a fast error is not a fast answer.
 */
export async function drive({
  url,
  method = 'GET',
  headers = {},
  makeBody,
  connections = 50,
  duration,
  rate,
}) {
  const latencies = [];
  const instance = autocannon({
    url,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method,
        headers,
        ...(makeBody ? { setupRequest: (request) => ({ ...request, body: makeBody() }) } : {}),
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const seconds = result.duration || duration;
  return {
    rps: result['2xx'] / seconds,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
