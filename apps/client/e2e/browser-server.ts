// Global setup of the browser tests: one Chromium for the whole run, which every test file connects to
// (harness.ts), instead of a Chromium started and stopped by each file. Each file still gets fresh browser
// contexts (no cookies, no storage), and closes them when it is done.
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket address of the run's Chromium (playwright's browser server). */
    browserEndpoint: string;
  }
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default async function setup(project: TestProject) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    await access(executablePath, constants.X_OK);
  } catch {
    throw new Error(
      `${executablePath} was not found. Install it with \`apt-get install -y chromium fonts-liberation\`, or point CHROMIUM_PATH at a Chromium binary.`,
    );
  }
  const server = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
