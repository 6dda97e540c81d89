import superjson, { type SuperJSONResult } from 'superjson';

/**
 * superjson's wire format for what procedures return, written without superjson's general walker when the
 * value holds only JSON values, `undefined`-free plain objects and arrays, and valid Dates (every ExRated
 * output): the value itself then goes out as `json` (JSON.stringify writes a Date as the ISO string
 * superjson would) with one `["Date"]` annotation per Date, keyed by its escaped dotted path.
 *
 * Why: superjson copies the whole tree and allocates a path array, an identity entry and an annotation
 * object for every node it visits; the bench's CPU profile of `profile.ratingsReceived` (50 ratings) put it
 * at a fifth of the request. Anything else (undefined, NaN, -0, BigInt, Map, Set, class instances, a
 * repeated or circular object) goes through superjson itself, so the client's `superjson.deserialize` always
 * reads what superjson would have written.
 *
 * Keys superjson refuses to write (`__proto__`, `constructor`, `prototype`: it throws, guarding the paths of
 * its annotations against prototype pollution) are written here when nothing beneath them needs an
 * annotation: stored JSON (a log entry's details) may hold them, and one such row must not make an admin page
 * fail. The client reads them safely: superjson's copy drops `__proto__` keys and keeps the other
 * two as plain own properties; no annotation path ever passes through them.
 */
export function serializeOutput(value: unknown): SuperJSONResult {
  if (typeof value !== 'object' || value === null || value instanceof Date || objectPrototypeIsPolluted()) {
    return superjson.serialize(value);
  }
  const dates: Record<string, ['Date']> = {};
  // Array indexes stay numbers until a Date's path is written: most paths lead to no Date.
  const path: Array<string | number> = [];
  let dateCount = 0;
  /** How many keys superjson refuses are on the current path: no annotation may sit beneath one. */
  let refusedKeysOnPath = 0;
  const visited = new Set<object>();

  /** False when the value needs superjson (see above). */
  const visit = (node: unknown): boolean => {
    switch (typeof node) {
      case 'string':
      case 'boolean':
        return true;
      case 'number':
        return Number.isFinite(node) && !Object.is(node, -0);
      case 'object':
        break;
      default:
        return false;
    }
    if (node === null) return true;
    if (visited.has(node)) return false;
    visited.add(node);
    if (node instanceof Date) {
      if (Number.isNaN(node.getTime()) || refusedKeysOnPath > 0) return false;
      dates[path.map(pathSegment).join('.')] = ['Date'];
      dateCount += 1;
      return true;
    }
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        if (!(index in node)) return false;
        path.push(index);
        const ok = visit(node[index]);
        path.pop();
        if (!ok) return false;
      }
      return true;
    }
    const prototype: unknown = Object.getPrototypeOf(node);
    if (prototype !== Object.prototype && prototype !== null) return false;
    // `for...in` reads V8's cached key list where `Object.keys` allocated an array per object (a quarter of
    // this walk's time for 50 ratings). The prototype is Object.prototype or null, and Object.prototype has no
    // enumerable key (checked above), so it yields exactly the own enumerable keys.
    const record = node as Record<string, unknown>;
    for (const key in record) {
      const refused = REFUSED_KEYS.has(key);
      if (refused) refusedKeysOnPath += 1;
      path.push(key);
      const ok = visit(record[key]);
      path.pop();
      if (refused) refusedKeysOnPath -= 1;
      if (!ok) return false;
    }
    return true;
  };

  if (!visit(value)) return superjson.serialize(value);
  // The value is sent as is: it is only read (stringified) afterwards, as superjson's copy would be.
  const json = value as SuperJSONResult['json'];
  return dateCount === 0 ? { json } : { json, meta: { values: dates, v: 1 } };
}

/**
 * Whether something added an enumerable key to Object.prototype (prototype pollution, or a careless
 * library): the walk's `for...in` would then see it on every object, so the value goes to superjson instead.
 */
function objectPrototypeIsPolluted(): boolean {
  for (const _key in Object.prototype) return true;
  return false;
}

/** Keys superjson throws on (prototype pollution) when it writes them or an annotation beneath them. */
const REFUSED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * superjson's path segment escaping: backslashes doubled, dots escaped. Most segments (array indexes, field
 * names) hold neither and are returned as they are: the two replacements were 1.5 % of a 50-row admin page's
 * CPU in a profile.
 */
function escapeKey(key: string): string {
  if (!key.includes('\\') && !key.includes('.')) return key;
  return key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');
}

/** One segment of an annotation's path: an array index, or a key escaped as superjson escapes it. */
function pathSegment(segment: string | number): string {
  if (typeof segment === 'number') return String(segment);
  return escapeKey(segment);
}
