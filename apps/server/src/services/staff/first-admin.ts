import { randomBytes } from 'node:crypto';
import type { Database } from '@exrated/db';
import { anyStaffAccountExists, insertFirstAdmin } from '@exrated/db/queries';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { hashPassword } from './passwords';

/**
 * On an empty database the first admin comes from the environment (docs/staff.md): ADMIN_EMAIL (a name or
 * an e-mail, 'admin' by default) with ADMIN_PASSWORD. Outside production, without ADMIN_PASSWORD, a random
 * password is made and printed once (production refuses to start without one). The admin enrols a second
 * factor at the first login. Once any account exists, the environment changes nothing.
 */
export async function ensureFirstAdmin(db: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (await anyStaffAccountExists(db)) return;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const login = config.adminLogin;
  const displayName = login.includes('@') ? (login.split('@')[0] ?? login) : login;
  const id = await insertFirstAdmin(db, { login, displayName, passwordHash: await hashPassword(password) });
  if (id === null) return;
  log.info({ login }, 'first admin account created from the environment');
  if (!config.adminPassword) {
    log.warn(`Admin password for '${login}': ${password} (set ADMIN_PASSWORD to choose one)`);
  }
}
