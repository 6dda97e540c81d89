import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, portAnswers } from '@exrated/db/testing';
import { IMMEDIATE_RELEASE_ENV } from './immediate-release';
import { localSnsEnvironment } from './local-sns';
import { ratingInput } from './rating-fixtures';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/server/main.js');
const OUTPUT_LIMIT = 200_000;

export { findFreePort };

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await portAnswers('127.0.0.1', port, 500)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing answered on port ${port} within ${timeoutMs} ms`);
}

/** Polls `check` until it returns true, or fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** What the server printed so far (stdout and stderr), for failure messages and log checks. */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after 10 s; a no-op when it already ended. */
  stop(): Promise<void>;
}

/**
 * The BUILT server (apps/server/dist/server/main.js, as production runs it) as a child process on a free port,
 * ready once /readyz answers 200. The caller's environment is not passed on except PATH and HOME, so only
 * `env` decides what it connects to.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  try {
    await access(SERVER_ENTRY, constants.R_OK);
  } catch {
    throw new Error(
      `${SERVER_ENTRY} was not found. Build the server first: pnpm --filter @exrated/server build (pnpm test builds it before running the tests).`,
    );
  }
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'exrated-fault-'));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: '/nonexistent',
      SESSION_SECRET: 'fault-test-session-secret-that-is-long-enough-0123',
      ADMIN_PASSWORD: 'fault-test-admin-password',
      ...IMMEDIATE_RELEASE_ENV,
      ...env,
    },
  });
  let output = '';
  const record = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      void rm(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killTimer);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer 200 on /readyz within 60 s:\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, port, child, output: () => output, exited, stop };
}

/**
 * The environment for a server process on a test's own database, Redis key prefix and local SNS server, with
 * a fast dispatcher (200 ms) and a 1 s retry back-off so the tests need not wait.
 */
export function faultServerEnv(options: {
  databaseUrl: string;
  redisUrl?: string | null;
  redisKeyPrefix?: string;
  snsUrl: string;
  extra?: Record<string, string>;
}): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...(options.redisKeyPrefix ? { REDIS_KEY_PREFIX: options.redisKeyPrefix } : {}),
    SMS_PROVIDER: 'sns',
    ...localSnsEnvironment(options.snsUrl),
    DISPATCHER_INTERVAL_MS: '200',
    NOTIFICATION_RETRY_BASE_SECONDS: '1',
    LOG_LEVEL: 'warn',
    ...options.extra,
  };
}

export interface FetchReply {
  status: number;
  data: unknown;
  error: { message: string; code: string; data: Record<string, unknown> } | null;
}

/** One browser over real HTTP: keeps its cookies, calls tRPC procedures on any instance it is given. */
export class FetchBrowser {
  private readonly cookies = new Map<string, string>();

  /** `forwardedFor`: the client address a trusted proxy reports (the server runs with TRUST_PROXY=1). */
  constructor(private readonly options: { forwardedFor?: string } = {}) {}

  /** Another client holding the same cookies, as one that copied them would. */
  copy(): FetchBrowser {
    const copy = new FetchBrowser(this.options);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async call(
    baseUrl: string,
    kind: 'query' | 'mutation',
    procedure: string,
    input?: unknown,
    options: { signal?: AbortSignal } = {},
  ): Promise<FetchReply> {
    const encoded = input === undefined ? undefined : JSON.stringify({ json: input });
    const headers: Record<string, string> = {};
    if (this.options.forwardedFor) headers['x-forwarded-for'] = this.options.forwardedFor;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response =
      kind === 'query'
        ? await fetch(
            `${baseUrl}/trpc/${procedure}${encoded ? `?input=${encodeURIComponent(encoded)}` : ''}`,
            { headers, signal: options.signal ?? AbortSignal.timeout(20_000) },
          )
        : await fetch(`${baseUrl}/trpc/${procedure}`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: encoded ?? '{}',
            signal: options.signal ?? AbortSignal.timeout(20_000),
          });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const body = (await response.json()) as {
      result?: { data?: { json?: unknown } };
      error?: { json: FetchReply['error'] };
    };
    return { status: response.status, data: body.result?.data?.json, error: body.error?.json ?? null };
  }

  /** verification.send of `phone` through the server at `baseUrl`. */
  sendCode(baseUrl: string, phone: string): Promise<FetchReply> {
    return this.call(baseUrl, 'mutation', 'verification.send', { phoneNumber: phone });
  }

  /** verification.check of `phone` with `code` through the server at `baseUrl`. */
  checkCode(baseUrl: string, phone: string, code: string): Promise<FetchReply> {
    return this.call(baseUrl, 'mutation', 'verification.check', { phoneNumber: phone, code });
  }

  /** rating.submit of a valid rating (ratingInput) of `phone` through the server at `baseUrl`. */
  rate(baseUrl: string, phone: string): Promise<FetchReply> {
    return this.call(baseUrl, 'mutation', 'rating.submit', ratingInput({ phoneNumber: phone }));
  }
}
