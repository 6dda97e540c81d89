import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Staff passwords are hashed with scrypt (memory-hard, in Node's crypto): N = 2^16, r = 8 uses 64 MiB per
 * hash, which makes a stolen table expensive to guess through. The parameters are stored with each hash, so
 * raising them later leaves existing hashes readable.
 */
const PARAMS = { N: 2 ** 16, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
export const STAFF_PASSWORD_MIN = 12;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** The stored form of a password: scheme, parameters, salt and key. `params` other than the default are for
 * test fixtures, which log in thousands of times a run. */
export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

// Compared against when the account does not exist or has no password, so the time of a wrong login does not
// tell which accounts exist.
let dummyHash: Promise<string> | null = null;

/** Whether `password` matches `stored`; with no stored hash it spends the same time and answers false. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const parts = (stored ?? (await dummyHash)).split('$');
  const [scheme, n, r, p, salt, key] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected) && stored !== null;
}
