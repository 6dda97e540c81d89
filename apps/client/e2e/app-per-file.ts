import { afterAll, afterEach, beforeAll } from 'vitest';
import { type App, type StartAppOptions, startApp } from './harness';

/**
 * This test file's app: started before its tests and stopped after them. The browsers a test opened are
 * closed after it even when it failed half-way, so the next test starts on a quiet machine.
 */
export function appPerFile(options: StartAppOptions = {}): () => App {
  let app: App | undefined;
  beforeAll(async () => {
    app = await startApp(options);
  });
  afterEach(async () => {
    await Promise.all(app?.browser.contexts().map((context) => context.close()) ?? []);
  });
  afterAll(async () => {
    await app?.stop();
  });
  return () => {
    if (!app) throw new Error('The app of this test file has not started');
    return app;
  };
}
