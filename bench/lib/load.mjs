import http from 'node:http';
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

/** Counts a failed request under what it was: an HTTP status or a transport error. */
function countFailure(kinds, kind) {
  kinds[kind] = (kinds[kind] ?? 0) + 1;
}

/**
 * One autocannon run, for `duration` seconds or `amount` requests. `rate` set: autocannon's `overallRate`; else closed loop. Note what overallRate does
 * (autocannon 8, lib/httpClient.js): every connection sends its share of the second back to back as soon as
 * the second starts, then pauses until the next one, so 200/s over 50 connections is a burst of 200 requests,
 * 50 at a time, at each second boundary. The budgets' fixed offered rate is `drivePaced` below.
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
  amount,
  rate,
}) {
  const latencies = [];
  const failureKinds = {};
  const instance = autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration }),
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method,
        headers,
        ...(makeBody ? { setupRequest: (request) => ({ ...request, body: makeBody() }) } : {}),
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (status < 200 || status >= 300) countFailure(failureKinds, status);
  });
  instance.on('reqError', (error) => countFailure(failureKinds, error.code ?? error.message));
  const result = await instance;
  const seconds = result.duration || duration;
  return {
    rps: result['2xx'] / seconds,
    requests: result.requests.total,
    // A timeout counts among the errors too.
    failures: result.non2xx + result.errors,
    failureKinds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/**
 * Open loop at a fixed offered rate: one request every 1000/rate ms, evenly spaced, whether or not earlier
 * ones have answered (up to `maxInFlight` sockets). Latency counts from the time a request was due, not from
 * when it could be sent, so a stalled generator or server cannot hide queueing (coordinated omission).
 */
export async function drivePaced({
  url,
  method = 'GET',
  headers = {},
  makeBody,
  duration,
  rate,
  maxInFlight = 256,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const target = new URL(url);
  const latencies = [];
  let ok = 0;
  let failures = 0;
  const failureKinds = {};
  const send = (dueAt) =>
    new Promise((resolve) => {
      const body = makeBody?.();
      const request = http.request(
        target,
        {
          method,
          agent,
          headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - dueAt);
            if (response.statusCode >= 200 && response.statusCode < 300) ok++;
            else {
              failures++;
              countFailure(failureKinds, response.statusCode);
            }
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        failures++;
        countFailure(failureKinds, error.code ?? error.message);
        resolve();
      });
      request.end(body);
    });
  const total = Math.round(rate * duration);
  const interval = 1000 / rate;
  const began = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const dueAt = began + i * interval;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(dueAt));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - began) / 1000;
  agent.destroy();
  return {
    rps: ok / seconds,
    requests: total,
    failures,
    failureKinds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
