import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './plan.mjs';

/** The public entry's JavaScript as the build left it: its gzip size, and that no admin code is in it. */
export function clientBundle() {
  const dist = path.join(REPO_ROOT, 'apps/client/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const gzip = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const assets = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  return {
    entryFiles: entry,
    entryGzipKb: entry.reduce((sum, file) => sum + gzip(file), 0) / 1024,
    adminChunks: assets.filter((file) => /admin/i.test(file) && !entry.includes(`assets/${file}`)),
    adminInEntry: entry.some((file) => /admin/i.test(file)),
  };
}
