import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `mantine-styles.ts` imports the styles of the Mantine components this app renders. Mantine's components
 * carry their class names (`m_` and 8 hex digits) in their JavaScript, so the built bundle says which
 * components are rendered: each of their style files must be imported, in styles.css's order, and no other.
 */
const clientDir = join(import.meta.dirname, '..');
const assetsDir = join(clientDir, 'dist', 'assets');
const mantineDir = realpathSync(join(clientDir, 'node_modules', '@mantine', 'core'));
const GLOBAL_STYLES = ['baseline.css', 'default-css-variables.css', 'global.css'];
const CLASS_NAME = /m_[0-9a-f]{8}/g;

function importedFiles(): string[] {
  const source = readFileSync(join(import.meta.dirname, 'mantine-styles.ts'), 'utf8');
  return [...source.matchAll(/^import '@mantine\/core\/styles\/([\w-]+\.css)';$/gm)].map(
    (match) => match[1] ?? '',
  );
}

/** Each component style file of @mantine/core, in the order the full styles.css has it. */
function componentStyleFiles() {
  const full = readFileSync(join(mantineDir, 'styles.css'), 'utf8');
  return readdirSync(join(mantineDir, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => {
      const css = readFileSync(join(mantineDir, 'styles', file), 'utf8');
      return {
        file,
        position: full.indexOf(css.trim().slice(0, 200)),
        classes: new Set(css.match(CLASS_NAME) ?? []),
      };
    })
    .sort((a, b) => a.position - b.position);
}

function classesInBundle(): Set<string> {
  if (!existsSync(assetsDir)) {
    throw new Error(`${assetsDir} is missing: build the client first (pnpm turbo run build)`);
  }
  const scripts = readdirSync(assetsDir).filter((file) => file.endsWith('.js'));
  return new Set(
    scripts.flatMap((file) => readFileSync(join(assetsDir, file), 'utf8').match(CLASS_NAME) ?? []),
  );
}

describe("Mantine's styles", () => {
  const files = componentStyleFiles();
  const imported = importedFiles();

  it('are the global styles and every file whose classes the built bundle uses, and no other', () => {
    const used = classesInBundle();
    const needed = files
      .filter(
        ({ file, classes }) => GLOBAL_STYLES.includes(file) || [...classes].some((name) => used.has(name)),
      )
      .map(({ file }) => file);
    expect([...imported].sort()).toEqual([...needed].sort());
  });

  it("keep the order of Mantine's full styles.css, so every rule keeps its place in the cascade", () => {
    expect(files.every(({ position }) => position >= 0)).toBe(true);
    const order = files.map(({ file }) => file);
    expect(imported).toEqual([...imported].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });
});
