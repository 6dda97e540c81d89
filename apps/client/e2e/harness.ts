// Browser-test harness: runs the *built* server (which serves the built client) on a free port with a fresh
// database of its own, and drives the run's one Chromium (./browser-server.ts) through playwright-core. Each
// test file starts its own app in beforeAll and stops it in afterAll.
import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Download, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { createEmptyDatabase, type EmptyDatabase } from '../../../db/src/testing/empty-database';
import type {} from '../../../db/src/testing/global-setup';
import { findFreePort } from '../../../db/src/testing/ports';
import { IMMEDIATE_RELEASE_ENV } from '../../server/test/support/immediate-release';
import type {} from './browser-server';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/server/main.js');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'apps/client/e2e/screenshots');
const READY_TIMEOUT_MS = 60_000;
const OUTPUT_LIMIT = 64_000;

export const CONTACT_URL = 'https://example.com/contact';

/** The two viewports every screen is checked at: a small phone and a laptop. */
export const VIEWPORTS = {
  375: { width: 375, height: 812 },
  1280: { width: 1280, height: 800 },
} as const;
export type ViewportWidth = keyof typeof VIEWPORTS;

export interface App {
  baseUrl: string;
  browser: Browser;
  /** Everything the server printed so far (stdout and stderr, capped), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartAppOptions {
  /** Extra environment for the server, e.g. limits a test wants lower. */
  extraEnv?: Record<string, string>;
  /**
   * The host name pages open the app at, which is also its PUBLIC_URL: 'localhost' for passkeys, as WebAuthn
   * takes no IP address for a site. The server listens on 127.0.0.1 either way.
   */
  hostname?: 'localhost' | '127.0.0.1';
  /**
   * Where the server keeps its data when `extraEnv` names no DATABASE_URL: 'postgres', a new empty database
   * on the run's Postgres that the server migrates at start, or 'embedded', PGlite in a folder of its own as
   * on a newcomer's machine. PGlite nearly doubles what a server costs to start (it unpacks a cluster and
   * compiles its WebAssembly) and answers every query on the server's own thread, on two cores shared with
   * Chromium (docs/testing.md#the-browser-files).
   */
  database?: 'postgres' | 'embedded';
}

export async function startApp({
  extraEnv = {},
  hostname = '127.0.0.1',
  database = 'postgres',
}: StartAppOptions = {}): Promise<App> {
  await assertServerBuilt();
  const port = await findFreePort();
  const baseUrl = `http://${hostname}:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'exrated-e2e-'));
  const ownDatabase: EmptyDatabase | undefined =
    database === 'postgres' && !extraEnv.DATABASE_URL
      ? await createEmptyDatabase(inject('testDatabaseServerUrl'))
      : undefined;
  const env = ownDatabase ? { ...extraEnv, DATABASE_URL: ownDatabase.url } : extraEnv;
  const server = spawnServer(port, baseUrl, dataDir, env);
  let output = '';
  const record = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  server.stdout?.on('data', record);
  server.stderr?.on('data', record);

  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    await stopProcess(server);
    await ownDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(`http://127.0.0.1:${port}`, server, () => output);
    browser = await chromium.connect(inject('browserEndpoint'));
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, browser, output: () => output, stop };
}

const pageErrors = new WeakMap<Page, string[]>();

export interface PageOptions {
  width: ViewportWidth;
  /** The browser's language, e.g. 'en-GB' (Chromium's default otherwise). */
  locale?: string;
  /**
   * The person's motion preference, 'reduce' unless a test asks for the moving background. The background's
   * endless, blurred animations make Chromium draw every frame in software for as long as a page is open:
   * that drawing was most of the CPU time of the browser tests (docs/testing.md#the-fast-loop). Under
   * 'reduce' the background holds still and the admin chart draws without its entrance animation; the
   * app's transitions (dialogs, menus, toasts) run as usual.
   */
  reducedMotion?: 'reduce' | 'no-preference';
}

/** A fresh browser context (no cookies, no storage) and page at the given viewport width. */
export async function newPage(
  app: App,
  { width, locale, reducedMotion = 'reduce' }: PageOptions,
): Promise<Page> {
  const context = await app.browser.newContext({
    baseURL: app.baseUrl,
    viewport: VIEWPORTS[width],
    deviceScaleFactor: 1,
    isMobile: width < 768,
    hasTouch: width < 768,
    reducedMotion,
    ...(locale ? { locale } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  pageErrors.set(page, errors);
  return page;
}

/** Console errors and uncaught exceptions seen on the page since it was opened. */
export function errorsOf(page: Page): string[] {
  return pageErrors.get(page) ?? [];
}

/** How many pixels the page is wider than the viewport (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>-<width>.jpg and returns its path. JPEG, not PNG: the
 * pictures are for people to look at, and Chromium encodes a full page as PNG in about twice the time (390
 * against 185 ms on average here, 152 pictures a run) into four to seven times the bytes.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.jpg`);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file, type: 'jpeg', quality: 85, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * What a download holds, as text. The run's Chromium is a shared one that files connect to, so a download has
 * no local path: its bytes come over the connection.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

const WIDTHS = Object.keys(VIEWPORTS).map(Number) as ViewportWidth[];

/**
 * Runs `check` on the screen the page shows at each of the two widths, its own first, by resizing the page,
 * and leaves the page at its own width. A flow runs once and each of its screens is still checked at 375
 * and 1280 px: a browser test spends most of its time in page loads and in the steps of a flow, not in
 * looking at a screen (docs/testing.md#the-browser-files).
 */
export async function atBothWidths(
  page: Page,
  check: (width: ViewportWidth) => Promise<void>,
): Promise<void> {
  const own = (page.viewportSize()?.width ?? WIDTHS[0]) as ViewportWidth;
  for (const width of [own, ...WIDTHS.filter((other) => other !== own)]) {
    await resizeTo(page, width);
    await check(width);
  }
  await resizeTo(page, own);
}

/**
 * The screen at both widths: nothing wider than the viewport, and a full-page screenshot at each
 * (e2e/screenshots/<name>-375.jpg and -1280.jpg).
 */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  await atBothWidths(page, async (width) => {
    expect(await horizontalOverflow(page), `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, name);
  });
}

async function resizeTo(page: Page, width: ViewportWidth): Promise<void> {
  if (page.viewportSize()?.width === width) return;
  await page.setViewportSize(VIEWPORTS[width]);
  // The app's media-query hooks re-render on the resize event: two frames let React commit and the browser
  // lay the page out again, and a transition the new layout started runs out, before anything reads it.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await transitionsSettled(page);
}

/** Waits until no CSS transition runs. The background's endless animations are not transitions. */
export async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
}

function spawnServer(port: number, baseUrl: string, dataDir: string, extraEnv: Record<string, string>) {
  // No DATABASE_URL / REDIS_URL from the caller's shell: each app gets the database startApp chose for it.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  return spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SMS_PROVIDER: 'console',
      CONTACT_URL,
      // Texts go out as ratings stand: no release delay (docs/anonymity.md), unless a test asks for one.
      ...IMMEDIATE_RELEASE_ENV,
      // Every browser of a file is a fresh one from 127.0.0.1; the cap on new sessions has its server test.
      LIMIT_DEVICE_SESSIONS_PER_IP_PER_HOUR: '100000',
      ...extraEnv,
    },
  });
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `The server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server did not answer 200 on /readyz within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killTimer);
}

async function assertServerBuilt(): Promise<void> {
  try {
    await access(SERVER_ENTRY, constants.R_OK);
  } catch {
    throw new Error(
      `${SERVER_ENTRY} was not found. Build the server and client first: pnpm --filter @exrated/client build && pnpm --filter @exrated/server build`,
    );
  }
}
