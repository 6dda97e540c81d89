import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { tooManyRequests } from '../limits/rate-limit-errors';
import { HashingBusy, type HashingPriority, HashingQueue } from './hashing-queue';

/**
 * Staff passwords are hashed with scrypt (memory-hard, in Node's crypto): N = 2^16, r = 8 uses 64 MiB per
 * hash, which makes a stolen table expensive to guess through. The parameters are stored with each hash, so
 * raising them later leaves existing hashes readable.
 */
const PARAMS = { N: 2 ** 16, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
export const STAFF_PASSWORD_MIN = 12;

/**
 * Every hash a request asks for goes through one queue (docs/staff.md#login-limits). Two at once keep the
 * memory at 128 MiB and leave two of libuv's four threads to file and DNS work; strangers hold at most one,
 * so a staff member at a known browser or network starts at once unless two known callers are ahead, and a
 * burst of strangers keeps at most one core busy. A stranger admitted waits at most three hashes' time.
 */
const hashing = new HashingQueue({ slots: 2, strangerSlots: 1, rooms: { known: 4, stranger: 2 } });
const BUSY_RETRY_SECONDS = 5;

async function inTurn<T>(priority: HashingPriority, task: () => Promise<T>): Promise<T> {
  try {
    return await hashing.run(priority, task);
  } catch (error) {
    if (!(error instanceof HashingBusy)) throw error;
    throw tooManyRequests(
      BUSY_RETRY_SECONDS,
      (wait) => `Too many login attempts right now, try again ${wait}.`,
    );
  }
}

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

async function storedForm(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/**
 * The stored form of a password: scheme, parameters, salt and key. `params` other than the default are for
 * test fixtures, which log in thousands of times a run. Whoever sets a password holds an enrolment link (or
 * is the server at its start), so the hash waits with the known callers.
 */
export function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  return inTurn('known', () => storedForm(password, params));
}

// Compared against when the account does not exist or has no password, so the time of a wrong login does not
// tell which accounts exist. Made once per process outside the queue, so no check waits on it twice.
let dummyHash: Promise<string> | null = null;

/**
 * Whether `password` matches the hash `stored` reads; with no stored hash it spends the same time and
 * answers false. `stored` is read once the hash may start, so a check turned away by a full queue
 * (TOO_MANY_REQUESTS, before any hashing) costs no read either.
 */
export async function verifyPassword(
  password: string,
  stored: () => Promise<string | null>,
  priority: HashingPriority,
): Promise<boolean> {
  dummyHash ??= storedForm(randomBytes(16).toString('hex'), PARAMS);
  const dummy = await dummyHash;
  return inTurn(priority, async () => {
    const hash = await stored();
    const parts = (hash ?? dummy).split('$');
    const [scheme, n, r, p, salt, key] = parts;
    if (parts.length !== 6 || scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    if (expected.length !== KEY_LENGTH) return false;
    const params = { N: Number(n), r: Number(r), p: Number(p) };
    const actual = await derive(password, Buffer.from(salt, 'base64url'), params);
    return timingSafeEqual(actual, expected) && hash !== null;
  });
}
