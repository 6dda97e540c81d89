import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';

interface PrerenderOptions {
  /** The module exporting `prerenderPage(pathname)`, built for Node next to the client build. */
  entry: string;
  /**
   * Each prerendered path and the page module its route renders: that page's chunk and stylesheets are
   * linked from its HTML, so the prerendered markup is styled at first paint and hydrates without waiting.
   */
  pages: Record<string, string>;
}

/** Where the server looks for prerendered pages: `/` is `index.html`, `/rate` is `rate.html`. */
const PRERENDERED_DIR = 'prerendered';

type PrerenderPage = (pathname: string) => Promise<string>;

/**
 * Writes `dist/prerendered/*.html`: the built index.html with a public page's first screen already in #root.
 * The browser paints it before any script has run, and React hydrates it (main.tsx).
 */
export function prerender({ entry, pages }: PrerenderOptions): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  let bundle: Rollup.OutputBundle = {};
  return {
    name: 'exrated-prerender',
    // The nested server build below reads the same config: it must not prerender again.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle(error) {
      if (error) return;
      // Inside node_modules so that Node resolves the packages the server build leaves external.
      const serverOutDir = path.join(root, 'node_modules', '.exrated-prerender');
      try {
        await build({
          root,
          logLevel: 'warn',
          build: { ssr: entry, outDir: serverOutDir, emptyOutDir: true, copyPublicDir: false, minify: false },
        });
        const entryName = `${path.basename(entry, path.extname(entry))}.js`;
        const module: { prerenderPage: PrerenderPage } = await import(
          pathToFileURL(path.join(serverOutDir, entryName)).href
        );
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
        for (const [pathname, pageModule] of Object.entries(pages)) {
          const markup = await module.prerenderPage(pathname);
          const links = pageAssetLinks(bundle, path.resolve(root, pageModule), base, template);
          const html = fillTemplate(template, markup, links);
          const file = `${pathname === '/' ? 'index' : pathname.slice(1)}.html`;
          await mkdir(path.dirname(path.join(outDir, PRERENDERED_DIR, file)), { recursive: true });
          await writeFile(path.join(outDir, PRERENDERED_DIR, file), html);
        }
        this.info(`prerendered: ${Object.keys(pages).join(', ')}`);
      } finally {
        await rm(serverOutDir, { recursive: true, force: true });
      }
    },
  };
}

function fillTemplate(template: string, markup: string, links: string[]): string {
  const emptyRoot = '<div id="root"></div>';
  if (!template.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot} to prerender into`);
  return (
    template
      .replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}  </head>`)
      // Here the page is drawn without scripts (they only make it interactive): the stylesheets, which the
      // first paint waits for, get the connection first. The empty index.html keeps them at high priority.
      .replace(
        /<(script type="module"|link rel="modulepreload") crossorigin /g,
        '<$1 crossorigin fetchpriority="low" ',
      )
      .replace(emptyRoot, () => `<div id="root">${markup}</div>`)
  );
}

/** The page chunk, the chunks it imports and their stylesheets, minus what index.html already links. */
function pageAssetLinks(bundle: Rollup.OutputBundle, pageModule: string, base: string, template: string) {
  const pageChunk = Object.values(bundle).find(
    (item): item is Rollup.OutputChunk => item.type === 'chunk' && item.facadeModuleId === pageModule,
  );
  // A page in the entry chunk has nothing of its own to link.
  if (!pageChunk) return [];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(pageChunk);
  const notInTemplate = (file: string) => !template.includes(`${base}${file}`);
  return [
    ...[...styles]
      .filter(notInTemplate)
      .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...[...scripts]
      .filter(notInTemplate)
      .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ];
}
