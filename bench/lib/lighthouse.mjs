import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './load.mjs';

/**
 * Lighthouse (default mobile preset: simulated slow 4G and 4x CPU slowdown) on the public pages,
 * performance and accessibility categories only, in the machine's Chromium: no tool downloads a browser here.
 */
export const LIGHTHOUSE_PAGES = ['/', '/rate', '/verify'];
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
};

async function auditOnce(url, port) {
  const started = performance.now();
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    // Only the report's picture of the page: about 2 s a run here, no audit reads it.
    disableFullPageScreenshot: true,
  });
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) throw new Error(`lighthouse ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const accessibilityIds = categories.accessibility.auditRefs.map((ref) => ref.id);
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    metrics: Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, audits[id].numericValue])),
    failingAccessibility: accessibilityIds.filter((id) => audits[id].score !== null && audits[id].score < 1),
    // Lighthouse's measure of this machine's speed at the time: simulated metrics scale with it.
    benchmarkIndex: Math.round(environment.benchmarkIndex),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/**
 * Lighthouse sometimes fails to record the trace of a load (NO_NAVSTART, NO_FCP) and asks to be run again:
 * one more try, so a long bench run is not lost to it.
 */
async function auditWithRetry(url, port) {
  try {
    return await auditOnce(url, port);
  } catch (error) {
    console.warn(`${error.message}; running it again`);
    return auditOnce(url, port);
  }
}

/** Each score and metric is the median over the runs on its own; failing audits are those of any run. */
function summarize(runs) {
  return {
    performance: median(runs.map((run) => run.performance)),
    accessibility: median(runs.map((run) => run.accessibility)),
    metrics: Object.fromEntries(
      Object.keys(METRICS).map((key) => [key, median(runs.map((run) => run.metrics[key]))]),
    ),
    failingAccessibility: [...new Set(runs.flatMap((run) => run.failingAccessibility))],
    benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
    runs,
  };
}

/**
 * Audits every page of `LIGHTHOUSE_PAGES` on `baseUrl` `runs` times in one Chromium; Lighthouse resets the
 * origin's storage and cache before each run, so every run is a first visit.
 */
export async function auditPages(baseUrl, { runs = 1, onRun = () => undefined } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const pages = {};
    for (const page of LIGHTHOUSE_PAGES) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const sample = await auditWithRetry(`${baseUrl}${page}`, chrome.port);
        samples.push(sample);
        onRun(page, sample);
      }
      pages[page] = summarize(samples);
    }
    return pages;
  } finally {
    chrome.kill();
  }
}

export function describeRun(
  page,
  { performance, accessibility, metrics, failingAccessibility, benchmarkIndex },
) {
  const ms = (value) => `${Math.round(value)} ms`;
  return `lighthouse ${page}: performance ${performance}, accessibility ${accessibility} (FCP ${ms(metrics.fcpMs)}, LCP ${ms(metrics.lcpMs)}, TBT ${ms(metrics.tbtMs)}, CLS ${metrics.cls.toFixed(3)}, SI ${ms(metrics.speedIndexMs)}, benchmark index ${benchmarkIndex})${failingAccessibility.length ? `; failing: ${failingAccessibility.join(', ')}` : ''}`;
}

// `node bench/lib/lighthouse.mjs <baseUrl> [runs]` audits an already running server.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl, runs = '1'] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('usage: node bench/lib/lighthouse.mjs <baseUrl> [runs]');
    process.exit(2);
  }
  const pages = await auditPages(baseUrl.replace(/\/$/, ''), {
    runs: Number(runs),
    onRun: (page, sample) => console.log(describeRun(page, sample)),
  });
  console.log(JSON.stringify(pages, (key, value) => (key === 'runs' ? undefined : value), 2));
}
