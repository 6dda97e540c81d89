// Vitest global setup of the browser project: one Chromium for the whole run. Every test file connects to
// it (`startApp` in ./harness.ts) and opens its own browser contexts, which share nothing with another
// file's, and no file pays for starting a browser of its own (docs/testing.md#the-browser-files).
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    await access(executablePath, constants.X_OK);
  } catch {
    throw new Error(
      `${executablePath} was not found. Install it with \`apt-get install -y chromium fonts-liberation\`, or point CHROMIUM_PATH at a Chromium binary.`,
    );
  }
  const server = await chromium.launchServer({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
