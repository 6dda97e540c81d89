import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Summarizes a V8 .cpuprofile (from `node --cpu-prof`): self time per function and per package, so the
 * README's analysis of where the time goes is read off a profile, not guessed.
 * Usage: node bench/lib/profile-summary.mjs <dir-or-file> [top]
 */
function load(target) {
  const file = target.endsWith('.cpuprofile')
    ? target
    : path.join(
        target,
        readdirSync(target)
          .filter((name) => name.endsWith('.cpuprofile'))
          .sort()
          .at(-1),
      );
  return JSON.parse(readFileSync(file, 'utf8'));
}

function packageOf(url) {
  if (!url) return '(native/vm)';
  const match = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.startsWith('node:')) return 'node core';
  return path.basename(url);
}

export function summarize(profile, top = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const fn = new Map();
  const pkg = new Map();
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    const key = `${callFrame.functionName || '(anonymous)'} ${packageOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + micros);
    const owner = callFrame.url ? packageOf(callFrame.url) : callFrame.functionName || '(native/vm)';
    pkg.set(owner, (pkg.get(owner) ?? 0) + micros);
  }
  const share = (entries) =>
    [...entries]
      .sort((x, y) => y[1] - x[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, percent: Math.round((1000 * micros) / total) / 10 }));
  // Inclusive time: each sample counts once for every distinct function on its stack.
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map();
  for (const [id, micros] of self) {
    const seen = new Set();
    for (let current = id; current !== undefined; current = parent.get(current)) {
      const { callFrame } = byId.get(current);
      const key = `${callFrame.functionName || '(anonymous)'} ${packageOf(callFrame.url)}:${callFrame.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
    }
  }
  return {
    totalMs: Math.round(total / 1000),
    byPackage: share(pkg),
    byFunction: share(fn),
    inclusive: share(inclusive),
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const result = summarize(load(process.argv[2]), Number(process.argv[3] ?? 25));
  console.log(`total sampled ${result.totalMs} ms`);
  console.table(result.byPackage);
  console.table(result.byFunction);
  console.table(result.inclusive);
}
