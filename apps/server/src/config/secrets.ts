import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * `SESSION_SECRET`: one secret, or a comma-separated list during a rotation: the first signs, every one of
 * them verifies (README, runbook: rotating the session secret).
 */
const sessionSecrets = z.string().transform((value, ctx) => {
  const secrets = value
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.length === 0 || secrets.some((secret) => secret.length < 32)) {
    ctx.addIssue({ code: 'custom', message: 'must be at least 32 characters' });
    return z.NEVER;
  }
  return secrets;
});

/** The session secret and the first admin's credentials. */
export const secretsEnvShape = {
  SESSION_SECRET: sessionSecrets.optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  ADMIN_EMAIL: z.string().trim().toLowerCase().min(1).max(200).default('admin'),
};

type SecretsEnv = z.infer<z.ZodObject<typeof secretsEnvShape>> & { NODE_ENV: string; DATA_DIR: string };

export interface SecretsSettings {
  /** Signs cookies and keys the code HMAC: the first of `SESSION_SECRET`. */
  sessionSecret: string;
  /** The rest of `SESSION_SECRET`: cookies signed with them still verify during a rotation. */
  previousSessionSecrets: string[];
  /** Undefined only outside production: buildApp then generates one and prints it once. */
  adminPassword: string | undefined;
  /** The first admin's name or e-mail (docs/staff.md), made on an empty database only. */
  adminLogin: string;
}

/** Production needs both secrets set; `problems` gets a line for each one missing. */
export function secretsProblems(e: SecretsEnv): string[] {
  if (e.NODE_ENV !== 'production') return [];
  return [
    ...(e.SESSION_SECRET ? [] : ['SESSION_SECRET: required in production']),
    ...(e.ADMIN_PASSWORD ? [] : ['ADMIN_PASSWORD: required in production']),
  ];
}

/** The settings, once every problem is known to be absent: an unset secret is generated here. */
export function secretsSettings(e: SecretsEnv): SecretsSettings {
  const [sessionSecret = localSessionSecret(e.DATA_DIR), ...previousSessionSecrets] = e.SESSION_SECRET ?? [];
  return {
    sessionSecret,
    previousSessionSecrets,
    adminPassword: e.ADMIN_PASSWORD,
    adminLogin: e.ADMIN_EMAIL,
  };
}

/**
 * Outside production an unset SESSION_SECRET is generated once and kept in the data folder, so a restart
 * keeps everybody's cookies and live codes valid.
 */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
