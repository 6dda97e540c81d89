// Which Chromium the browser tests drive (docs/testing.md#the-browser-files): CHROMIUM_PATH when set, else
// Debian's at /usr/bin/chromium, else the headless Chromium inside the @sparticuz/chromium package, unpacked
// into the temporary folder on first use (a few seconds, then reused), so a fresh Linux machine with only
// Node.js runs the browser tests too. A test tool's own browser download does not work on these machines.
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function chromiumExecutable(): Promise<string> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (await executable(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is ${configured}, which is not an executable Chromium.`);
  }
  if (await executable(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const bundled = (await import('@sparticuz/chromium')).default;
  return bundled.executablePath();
}
