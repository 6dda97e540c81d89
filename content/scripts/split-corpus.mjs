// Splits the screening corpus once into a development part and a frozen test part, at random with a recorded
// seed, class by class (so every class has lines in both parts), and writes the part into each line. The
// rules are tuned on the development part only; the frozen part is read only by the figures
// (docs/screening.md). Run once when the corpus was written: node content/scripts/split-corpus.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const CORPUS = new URL('../src/corpus/screening-corpus.jsonl', import.meta.url);
const SEED = 20261127;
const TEST_SHARE = 0.35;

// mulberry32: a small seeded generator, so the split is the same on every machine.
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(SEED);
const lines = readFileSync(CORPUS, 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line));
// The split is made once: lines added later go to the development part by hand, and the frozen part never
// changes.
if (lines.some((line) => line.part)) {
  process.stderr.write(
    'The corpus is already split; new lines go to the development part ("part": "dev").\n',
  );
  process.exit(1);
}
const byClass = new Map();
for (const line of lines) {
  const key = `${line.label}/${line.class}`;
  byClass.set(key, [...(byClass.get(key) ?? []), line]);
}
const testIds = new Set();
for (const key of [...byClass.keys()].sort()) {
  const members = [...byClass.get(key)];
  // Fisher-Yates with the seeded generator.
  for (let i = members.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [members[i], members[j]] = [members[j], members[i]];
  }
  for (const member of members.slice(0, Math.ceil(members.length * TEST_SHARE))) testIds.add(member.id);
}
const split = lines.map(({ part: _part, ...line }) => ({
  ...line,
  part: testIds.has(line.id) ? 'test' : 'dev',
}));
writeFileSync(CORPUS, `${split.map((line) => JSON.stringify(line)).join('\n')}\n`);
process.stdout.write(`${testIds.size} of ${lines.length} lines in the frozen test part (seed ${SEED})\n`);
