import { Writable } from 'node:stream';

/** A log destination for buildApp's logger that keeps every line, so a test can read what was logged. */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { stream, text: () => lines.join('') };
}
