import type { CookieJar } from '../../src/services/sessions/sessions';

/** A browser's cookies for tests that call procedures without HTTP. */
export class MemoryCookieJar implements CookieJar {
  readonly values = new Map<string, string>();

  get(name: string) {
    return this.values.get(name);
  }

  set(name: string, value: string) {
    this.values.set(name, value);
  }

  clear(name: string) {
    this.values.delete(name);
  }
}
