/**
 * Fast instant formatting for millions of rows: `new Date(ms).toISOString()` costs microseconds
 * a call; rows come in time order, so the date part is cached per day and the time is padded by
 * hand. Same output as toISOString (UTC, milliseconds, `Z`) for dates between 1970 and 9999.
 */
const DAY = 86_400_000;
const p2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const p3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

export class InstantFormatter {
  private day = Number.NaN;
  private prefix = '';
  private dateDay = Number.NaN;
  private date = '';

  /** ISO 8601 UTC, like Date#toISOString. */
  iso(ms: number): string {
    const day = Math.floor(ms / DAY);
    if (day !== this.day) {
      this.day = day;
      this.prefix = new Date(day * DAY).toISOString().slice(0, 11);
    }
    let r = ms - day * DAY;
    const h = Math.floor(r / 3_600_000);
    r -= h * 3_600_000;
    const m = Math.floor(r / 60_000);
    r -= m * 60_000;
    const s = Math.floor(r / 1000);
    return `${this.prefix}${p2(h)}:${p2(m)}:${p2(s)}.${p3(r - s * 1000)}Z`;
  }

  /** `YYYY-MM-DD` of an instant at a fixed UTC offset in hours (São Paulo: −3). */
  dateAt(ms: number, offsetHours: number): string {
    const day = Math.floor((ms + offsetHours * 3_600_000) / DAY);
    if (day !== this.dateDay) {
      this.dateDay = day;
      this.date = new Date(day * DAY).toISOString().slice(0, 10);
    }
    return this.date;
  }
}
