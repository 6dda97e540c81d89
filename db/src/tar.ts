/**
 * A reader for the ustar archives PGlite's `dumpDataDir` writes: regular files and directories, nothing else.
 * PGlite's own `loadDataDir` writes each file through its WASM file system, which took seconds for the ~1,000
 * files of a cluster; reading the archive here lets Node write them directly.
 */

export interface TarEntry {
  /** Relative to the archive's root (PGlite writes `/base/1/112`; the leading slash is dropped). */
  path: string;
  type: 'file' | 'directory';
  mode: number;
  data: Uint8Array;
}

const BLOCK = 512;
const decoder = new TextDecoder();

function text(header: Uint8Array, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return decoder.decode(end === -1 ? field : field.subarray(0, end));
}

function octal(header: Uint8Array, offset: number, length: number): number {
  return Number.parseInt(text(header, offset, length).trim() || '0', 8);
}

export function readTar(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  // The archive ends with zero blocks; an entry's name is never empty.
  while (offset + BLOCK <= archive.length && archive[offset] !== 0) {
    const header = archive.subarray(offset, offset + BLOCK);
    const prefix = text(header, 345, 155);
    const name = text(header, 0, 100);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/^\/+|\/+$/g, '');
    const size = octal(header, 124, 12);
    const typeFlag = text(header, 156, 1);
    if (typeFlag !== '0' && typeFlag !== '' && typeFlag !== '5') {
      throw new Error(`Unsupported tar entry type "${typeFlag}" for ${path}`);
    }
    const dataStart = offset + BLOCK;
    entries.push({
      path,
      type: typeFlag === '5' ? 'directory' : 'file',
      mode: octal(header, 100, 8),
      data: archive.subarray(dataStart, dataStart + size),
    });
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
