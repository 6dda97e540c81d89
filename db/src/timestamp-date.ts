/**
 * A Date read from Postgres' text for a `timestamptz` in UTC, that keeps the ISO text of its instant. Writing
 * it as JSON (and superjson writes Dates as their ISO text) is then a field read instead of a formatting:
 * on the bench machine, `JSON.stringify` of 100 rows took 0.35–0.75 ms with plain Dates, about 0.25 ms with
 * these and 0.14 ms with strings. It is a Date in every other way; once changed by a setter it formats anew.
 */
export class TimestampDate extends Date {
  readonly #iso: string;
  readonly #time: number;

  private constructor(iso: string) {
    super(iso);
    this.#iso = iso;
    this.#time = this.getTime();
  }

  /**
   * `YYYY-MM-DD HH:MM:SS[.ffffff]+00`, what Postgres writes for a timestamptz in a session whose time zone is
   * UTC, or null for anything else (another offset, a year before 1000 or after 9999, `infinity`): those go
   * through `new Date(text)` as Drizzle reads them. Fractions are cut to milliseconds, as `new Date` does.
   */
  static fromPostgresText(text: string): TimestampDate | null {
    const length = text.length;
    if (length < 22 || length > 29 || !text.endsWith('+00')) return null;
    if (text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':') {
      return null;
    }
    if (text[0] === '0' || (length > 22 && (text[19] !== '.' || length === 23))) return null;
    const fraction = length > 22 ? `${text.slice(20, length - 3)}00`.slice(0, 3) : '000';
    const date = new TimestampDate(`${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`);
    return Number.isNaN(date.getTime()) ? null : date;
  }

  override toISOString(): string {
    return this.getTime() === this.#time ? this.#iso : super.toISOString();
  }

  override toJSON(): string {
    return this.getTime() === this.#time ? this.#iso : super.toJSON();
  }
}
