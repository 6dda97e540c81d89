// What the soak watches while it runs: the server's RSS, sampled from /proc, and a progress line every 30 s.
import { readFileSync } from 'node:fs';
import type { Sample } from './client';

export interface RssSample {
  /** Milliseconds since the run started. */
  at: number;
  kb: number;
}

function rssKb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Samples the RSS of process `pid` every `everyMs` into `series` until `stop` is called. */
export function sampleRss(
  pid: number,
  runStart: number,
  everyMs: number,
): { series: RssSample[]; stop: () => void } {
  const series: RssSample[] = [];
  const timer = setInterval(() => {
    const kb = rssKb(pid);
    if (kb !== null) series.push({ at: Date.now() - runStart, kb });
  }, everyMs);
  return { series, stop: () => clearInterval(timer) };
}

/** Prints where the run stands every 30 s until the returned function is called. */
export function logProgress(progress: {
  runStart: number;
  samples: Sample[];
  acceptedRatings: string[];
  rss: RssSample[];
}): () => void {
  const { runStart, samples, acceptedRatings, rss } = progress;
  const timer = setInterval(() => {
    const failed = samples.filter((sample) => !sample.ok).length;
    console.log(
      `[soak] ${Math.round((Date.now() - runStart) / 1000)} s: ${samples.length} requests, ${failed} failed, ${acceptedRatings.length} ratings, RSS ${rss.at(-1)?.kb ?? '?'} kB`,
    );
  }, 30_000);
  return () => clearInterval(timer);
}
