import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { booleanFromEnv } from './env-values';

/** `TRUST_PROXY`: false (default), true, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const list = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (list.every((entry) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))) return list;
  ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a list of proxy addresses' });
  return z.NEVER;
});

/** How the server listens and answers: its address, its public URL, the proxy in front and the cookies. */
export const serverEnvShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  COOKIE_SECURE: booleanFromEnv.optional(),
  TRUST_PROXY: trustProxy.default(false),
  TRPC_FAST_PATH: booleanFromEnv.default(true),
  CONTACT_URL: z.url({ message: 'must be an absolute URL' }).default('mailto:support@exrated.app'),
  CLIENT_DIST_DIR: z.string().optional(),
};

type ServerEnv = z.infer<z.ZodObject<typeof serverEnvShape>>;

export interface ServerSettings {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  publicUrl: string;
  cookieSecure: boolean;
  trustProxy: boolean | number | string[];
  /** JSON tRPC calls answered by `trpc/fast-path/` (false: the stock adapter for every call). */
  trpcFastPath: boolean;
  contactUrl: string;
  clientDistDir: string | undefined;
}

export function serverSettings(e: ServerEnv, problems: string[]): ServerSettings {
  const production = e.NODE_ENV === 'production';
  if (production && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (links in texts)');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    cookieSecure: e.COOKIE_SECURE ?? production,
    trustProxy: e.TRUST_PROXY,
    trpcFastPath: e.TRPC_FAST_PATH,
    contactUrl: e.CONTACT_URL,
    clientDistDir: e.CLIENT_DIST_DIR,
  };
}

/**
 * Where the built client is: `CLIENT_DIST_DIR`, else apps/client/dist, three folders up from this file in the
 * source tree (src/config/) and in the bundle (dist/server/main.js) alike.
 */
export function resolveClientDistDir(config: Pick<ServerSettings, 'clientDistDir'>): string | undefined {
  const folder = config.clientDistDir ?? fileURLToPath(new URL('../../../client/dist', import.meta.url));
  return existsSync(path.join(folder, 'index.html')) ? folder : undefined;
}
