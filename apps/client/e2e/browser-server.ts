// Vitest global setup of the browser project: one Chromium for the whole run. Every test file connects to
// it (`startApp` in ./harness.ts) and opens its own browser contexts, which share nothing with another
// file's, and no file pays for starting a browser of its own (docs/testing.md#the-browser-files).
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumExecutable } from './chromium-binary';

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const executablePath = await chromiumExecutable();
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
