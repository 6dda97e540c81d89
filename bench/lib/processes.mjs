import { execFileSync, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Servers and baselines the bench started: killed if it exits early (an error mid-run), so no server keeps
// running, retrying its texts against a stub that is gone, and loading the next measurement.
const children = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Kills `child` when the bench process exits, whatever the reason. */
export function killOnExit(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Polls /readyz until it answers 200; returns the milliseconds since `startedAt`. */
export async function waitReady(port, child, startedAt, timeoutMs = 120_000) {
  while (performance.now() - startedAt < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before ready`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}

/** Starts the production bundle with `env` (on top of PATH only), its output going to `logFile`. */
export async function startServer({ bundle, env, logFile, nodeArgs = [] }) {
  const port = await freePort();
  const out = openSync(logFile, 'a');
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', out, out],
  });
  killOnExit(child);
  try {
    const readyMs = await waitReady(port, child, startedAt);
    return { child, port, readyMs, url: `http://127.0.0.1:${port}` };
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(
      `${error.message}; last log lines:\n${readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n')}`,
    );
  }
}

/** SIGTERM, then SIGKILL after 10 s; at once when the process has already ended. */
export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The unit of /proc/<pid>/stat's CPU times (USER_HZ), asked once. */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** CPU time (user + system) a process has used so far, in ms (Linux). */
export function cpuMs(pid) {
  // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Samples a process's resident memory (VmRSS, Linux) until stopped; returns the peak in MB. */
export function sampleRss(pid, everyMs = 200) {
  let peak = 0;
  const read = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) peak = Math.max(peak, Number(match[1]) / 1024);
    } catch {
      // process gone
    }
  };
  read();
  const timer = setInterval(read, everyMs);
  return () => {
    clearInterval(timer);
    read();
    return peak;
  };
}
